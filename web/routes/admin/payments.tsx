import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import type { FormEvent } from "react"
import { formatTimeBR } from "../../../domain/calendar"
import { PAYMENT_METHOD_LABEL } from "../../../domain/orders/order"
import { PAYMENT_STATUS_LABEL } from "../../../domain/orders/payment"
import { paymentStatusDetailLabel } from "../../../domain/orders/paymentStatusDetail"
import { AdminTable, counted } from "../../components/admin/AdminTable"
import { Pager } from "../../components/admin/Pager"
import { Denied } from "../../components/Denied"
import { PageLoading } from "../../components/PageLoading"
import { Tabs } from "../../components/Tabs"
import { adminAccess } from "../../lib/adminAccess"
import { formatBRL, formatDate } from "../../lib/format"
import { adminHead } from "../../lib/seo"
import { SubscriptionCharges } from "./-payments/SubscriptionCharges"
import {
  chargesQuery,
  METHODS,
  type PaymentsSearch,
  paymentsQuery,
  SORT_LABEL,
  SORTS,
  STATUSES,
  validatePaymentsSearch,
  webhooksQuery,
} from "./-payments/search"
import { WebhookReceipts } from "./-payments/WebhookReceipts"

export const Route = createFileRoute("/admin/payments")({
  validateSearch: (search: Record<string, unknown>) =>
    search as { readonly [K in keyof PaymentsSearch]?: unknown },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const search = validatePaymentsSearch(deps)
    return {
      denied: await adminAccess(context, "manage_orders", () =>
        Promise.all([
          context.trpc.admin.payments.list.ensureData(paymentsQuery(search)),
          context.trpc.admin.payments.webhooks.ensureData(webhooksQuery(search)),
          context.trpc.admin.payments.subscriptionCharges.ensureData(chargesQuery(search)),
        ]),
      ),
    }
  },
  head: () => adminHead("Pagamentos"),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: PaymentsPage,
})

function PaymentsPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <Payments />
}

const fieldClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

const FILTERS = [
  { name: "status", label: "Status", options: STATUSES.map((s) => [s, PAYMENT_STATUS_LABEL[s]] as const) },
  {
    name: "method",
    label: "Forma de pagamento",
    options: METHODS.map((m) => [m, PAYMENT_METHOD_LABEL[m]] as const),
  },
] as const

function Payments() {
  const { trpc } = Route.useRouteContext()
  const search = validatePaymentsSearch(Route.useSearch())
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(trpc.admin.payments.list.queryOptions(paymentsQuery(search)))
  const { data: webhooks } = useSuspenseQuery(
    trpc.admin.payments.webhooks.queryOptions(webhooksQuery(search)),
  )
  const { data: charges } = useSuspenseQuery(
    trpc.admin.payments.subscriptionCharges.queryOptions(chargesQuery(search)),
  )

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void navigate({ search: validatePaymentsSearch(Object.fromEntries(new FormData(event.currentTarget))) })
  }

  const list = (
    <div>
      <form
        key={JSON.stringify(paymentsQuery(search))}
        aria-label="Filtrar pagamentos"
        method="get"
        action="/admin/payments"
        onSubmit={apply}
        className="mt-6 grid gap-3 rounded-2xl surface p-4 sm:grid-cols-2 lg:grid-cols-6"
      >
        <div className="sm:col-span-2">
          <label htmlFor="payments-q" className="mb-1 block text-sm font-medium">
            Buscar
          </label>
          <input
            id="payments-q"
            name="q"
            type="search"
            maxLength={64}
            defaultValue={search.q ?? ""}
            placeholder="Número do pedido ou id do pagamento"
            className={fieldClass}
          />
        </div>
        {FILTERS.map((f) => (
          <div key={f.name}>
            <label htmlFor={`payments-${f.name}`} className="mb-1 block text-sm font-medium">
              {f.label}
            </label>
            <select
              id={`payments-${f.name}`}
              name={f.name}
              defaultValue={search[f.name] ?? ""}
              className={fieldClass}
            >
              <option value="">Todos</option>
              {f.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ))}
        {(["from", "to"] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`payments-${field}`} className="mb-1 block text-sm font-medium">
              {field === "from" ? "De" : "Até"}
            </label>
            <input
              id={`payments-${field}`}
              name={field}
              type="date"
              defaultValue={search[field]}
              className={fieldClass}
            />
          </div>
        ))}
        <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-6">
          <div>
            <label htmlFor="payments-sort" className="mb-1 block text-sm font-medium">
              Ordenar por
            </label>
            <select
              id="payments-sort"
              name="sort"
              defaultValue={search.sort ?? "recent"}
              className={fieldClass}
            >
              {SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABEL[s]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary">
            Filtrar
          </button>
        </div>
      </form>

      <AdminTable
        caption="Pagamentos do gateway"
        headers={["Data", "Pedido", "Forma", "Valor", "Status", "Id no gateway"]}
        count={counted(data.total, "pagamento", "pagamentos")}
        empty="Nenhum pagamento encontrado."
      >
        {data.rows.map((p) => (
          <tr key={p.id} className="border-b border-theme align-top last:border-0">
            <td className="whitespace-nowrap px-3 py-3">
              {formatDate(p.createdAt)} {formatTimeBR(p.createdAt)}
            </td>
            <td className="px-3 py-3">
              <Link
                to="/admin/orders/$orderId"
                params={{ orderId: p.orderId }}
                className="font-medium underline"
                aria-label={`Pedido ${p.orderNumber} (reembolsos na página do pedido)`}
              >
                {p.orderNumber}
              </Link>
            </td>
            <td className="px-3 py-3">
              {PAYMENT_METHOD_LABEL[p.method]}
              {p.method === "card" && (
                <span className="block text-xs text-muted">
                  {p.installments}x{p.cardLastFour ? ` · final ${p.cardLastFour}` : ""}
                </span>
              )}
            </td>
            <td className="whitespace-nowrap px-3 py-3">{formatBRL(p.amount)}</td>
            <td className="px-3 py-3">
              <span className="font-medium">
                {PAYMENT_STATUS_LABEL[p.status as keyof typeof PAYMENT_STATUS_LABEL] ?? p.status}
              </span>
              {p.statusDetail && (
                <span className="block text-xs text-muted">{paymentStatusDetailLabel(p.statusDetail)}</span>
              )}
            </td>
            <td className="px-3 py-3 font-mono text-xs">{p.gatewayPaymentId ?? "—"}</td>
          </tr>
        ))}
      </AdminTable>
      <Pager
        label="Páginas de pagamentos"
        page={data.page}
        pageCount={data.pageCount}
        to="/admin/payments"
        search={(page) => ({ ...search, page })}
      />
    </div>
  )

  return (
    <div className="px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Pagamentos</h1>
      <p className="mt-1 text-muted">
        Pagamentos do Mercado Pago e as notificações recebidas. Reembolsos são feitos na página de cada
        pedido.
      </p>
      <div className="mt-6">
        <Tabs
          label="Pagamentos"
          initial={search.tab ?? "pagamentos"}
          tabs={[
            { id: "pagamentos", label: "Pagamentos", content: list },
            {
              id: "assinaturas",
              label: "Cobranças de assinaturas",
              content: (
                <SubscriptionCharges
                  data={charges}
                  search={search}
                  onStatus={(cstatus) =>
                    void navigate({
                      search: validatePaymentsSearch({
                        ...search,
                        tab: "assinaturas",
                        cstatus,
                        cpage: undefined,
                      }),
                    })
                  }
                />
              ),
            },
            {
              id: "webhooks",
              label: "Notificações do gateway",
              content: (
                <WebhookReceipts
                  data={webhooks}
                  search={search}
                  onOutcome={(outcome) =>
                    void navigate({
                      search: validatePaymentsSearch({
                        ...search,
                        tab: "webhooks",
                        outcome,
                        wpage: undefined,
                      }),
                    })
                  }
                />
              ),
            },
          ]}
        />
      </div>
    </div>
  )
}
