import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { Download, Layers, Search } from "lucide-react"
import type { FormEvent } from "react"
import { FULFILMENT_STATUS_LABEL, FULFILMENT_STATUSES } from "../../../../domain/fulfilment/fulfilment"
import { ORDER_STATUS_LABEL, PAYMENT_METHOD_LABEL } from "../../../../domain/orders/order"
import {
  ADMIN_ORDER_DEFAULT_PAGE_SIZE,
  ADMIN_ORDER_PAGE_SIZES,
  ADMIN_ORDER_SORT_LABEL,
  ADMIN_ORDER_SORTS,
  ORDER_SEARCH_MAX,
} from "../../../../domain/orders/orderSearch"
import { orderContents } from "../../../../domain/subscriptions/prepaidPlans"
import { FilterDate, FilterSelect } from "../../../components/admin/Filters"
import { Pager } from "../../../components/admin/Pager"
import { Denied } from "../../../components/Denied"
import { PageLoading } from "../../../components/PageLoading"
import { formatBRL, formatDate } from "../../../lib/format"
import { adminHead } from "../../../lib/seo"
import { ordersAccess } from "../-orders/access"
import { StatusBadges } from "../-orders/StatusBadges"
import {
  METHODS,
  type OrdersSearch,
  PAYMENT_STATUSES,
  type UncheckedOrdersSearch,
  validateOrdersSearch,
} from "../-orders/search"

/** The CSV link carries the list's filters (not its page: the export is the whole filtered list). */
const csvHref = (search: OrdersSearch) => {
  const { page: _page, pageSize: _size, ...filters } = search
  const params = new URLSearchParams(Object.entries(filters).map(([k, v]) => [k, String(v)]))
  const query = params.toString()
  return `/api/admin/orders.csv${query ? `?${query}` : ""}`
}

export const Route = createFileRoute("/admin/orders/")({
  validateSearch: (search: Record<string, unknown>): UncheckedOrdersSearch => search,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => ({
    denied: await ordersAccess(context, () =>
      Promise.all([
        context.trpc.admin.orders.list.ensureData(validateOrdersSearch(deps)),
        context.trpc.admin.orders.collections.ensureData(),
      ]),
    ),
  }),
  head: () => adminHead("Pedidos"),
  pendingComponent: () => <PageLoading label="Carregando pedidos..." />,
  component: OrdersPage,
})

function OrdersPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <OrdersList />
}

const selectClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

function OrdersList() {
  const { trpc } = Route.useRouteContext()
  const search = validateOrdersSearch(Route.useSearch())
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(trpc.admin.orders.list.queryOptions(search))
  const { data: collections } = useSuspenseQuery(trpc.admin.orders.collections.queryOptions())

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = Object.fromEntries(new FormData(event.currentTarget))
    void navigate({ search: validateOrdersSearch({ ...form, pageSize: search.pageSize }) })
  }
  const pageLink = (page: number) => ({ ...search, page })

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Pedidos</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/orders/bulk" className="btn btn-ghost">
            <Layers aria-hidden className="h-4 w-4" /> Ações em lote
          </Link>
          <a href={csvHref(search)} className="btn btn-primary" download>
            <Download aria-hidden className="h-4 w-4" /> Exportar CSV
          </a>
        </div>
      </div>

      <form
        key={JSON.stringify(search)}
        aria-label="Filtrar pedidos"
        method="get"
        action="/admin/orders"
        onSubmit={apply}
        className="mt-6 grid gap-3 rounded-2xl surface p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="sm:col-span-2">
          <label htmlFor="orders-q" className="mb-1 block text-sm font-medium">
            Buscar
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={search.q ?? ""}
            maxLength={ORDER_SEARCH_MAX}
            placeholder="Número, e-mail, CPF ou código de rastreamento"
            aria-describedby="orders-q-hint"
            className={selectClass}
          />
          <p id="orders-q-hint" className="mt-1 text-xs text-muted">
            Valor completo: LG-2026-000123, cliente@exemplo.com, CPF, nosso código ou o da transportadora.
          </p>
        </div>
        <FilterSelect id="orders-payment" name="payment" label="Pagamento" value={search.payment}>
          {PAYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABEL[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="orders-fulfilment"
          name="fulfilment"
          label="Status do pedido"
          value={search.fulfilment}
        >
          {FULFILMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {FULFILMENT_STATUS_LABEL[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="orders-method" name="method" label="Forma de pagamento" value={search.method}>
          {METHODS.map((m) => (
            <option key={m} value={m}>
              {PAYMENT_METHOD_LABEL[m]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="orders-collection" name="collection" label="Coleção" value={search.collection}>
          {collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </FilterSelect>
        <FilterDate id="orders-from" name="from" label="De" value={search.from} />
        <FilterDate id="orders-to" name="to" label="Até" value={search.to} />
        <FilterSelect
          id="orders-sort"
          name="sort"
          label="Ordenar por"
          value={search.sort ?? "recent"}
          all={null}
        >
          {ADMIN_ORDER_SORTS.map((s) => (
            <option key={s} value={s}>
              {ADMIN_ORDER_SORT_LABEL[s]}
            </option>
          ))}
        </FilterSelect>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-3">
          <button type="submit" className="btn btn-primary">
            <Search aria-hidden className="h-4 w-4" /> Filtrar
          </button>
          <Link to="/admin/orders" search={{}} className="btn btn-ghost">
            Limpar filtros
          </Link>
        </div>
      </form>

      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {data.total === 0
          ? "Nenhum pedido encontrado."
          : `${data.total} ${data.total === 1 ? "pedido" : "pedidos"} · página ${data.page} de ${data.pageCount}`}
      </p>

      {data.rows.length > 0 && (
        <div className="relative mt-3 overflow-x-auto rounded-2xl surface">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Pedidos encontrados</caption>
            <thead className="text-muted">
              <tr className="border-b border-theme">
                <th scope="col" className="px-3 py-2 font-medium">
                  Pedido
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                  Cliente
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
                  Pagamento
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} className="border-b border-theme last:border-0 align-top">
                  <td className="px-3 py-3">
                    <Link
                      to="/admin/orders/$orderId"
                      params={{ orderId: row.id }}
                      className="font-semibold underline underline-offset-2"
                    >
                      {row.number}
                    </Link>
                    <span className="block text-xs text-muted">
                      {formatDate(row.placedAt)} · {orderContents(row)}
                    </span>
                  </td>
                  <td className="px-3 py-3">
                    <StatusBadges status={row.status} fulfilmentStatus={row.fulfilmentStatus} />
                  </td>
                  <td className="hidden px-3 py-3 md:table-cell">
                    {row.customerName}
                    <span className="block text-xs text-muted">{row.email ?? "Conta excluída"}</span>
                  </td>
                  <td className="hidden px-3 py-3 lg:table-cell">
                    {row.method ? PAYMENT_METHOD_LABEL[row.method] : "—"}
                    {row.carrierCode && <span className="block text-xs text-muted">{row.carrierCode}</span>}
                  </td>
                  <td className="px-3 py-3 text-right font-medium whitespace-nowrap">
                    {formatBRL(row.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager
        label="Páginas de pedidos"
        page={data.page}
        pageCount={data.pageCount}
        to="/admin/orders"
        search={pageLink}
      />
      <p className="mt-4 text-sm text-muted">
        Por página:{" "}
        {ADMIN_ORDER_PAGE_SIZES.map((size) => (
          <Link
            key={size}
            to="/admin/orders"
            search={{ ...search, page: undefined, pageSize: size }}
            aria-current={(search.pageSize ?? ADMIN_ORDER_DEFAULT_PAGE_SIZE) === size ? "true" : undefined}
            className="mx-1 underline aria-[current]:font-bold aria-[current]:no-underline"
          >
            {size}
          </Link>
        ))}
      </p>
    </div>
  )
}
