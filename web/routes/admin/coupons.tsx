import { useQuery, useQueryClient } from "@tanstack/react-query"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { Search } from "lucide-react"
import { type FormEvent, useEffect, useState } from "react"
import {
  COUPON_SORT_LABEL,
  COUPON_SORTS,
  COUPON_STATUS_LABEL,
  COUPON_STATUSES,
  COUPON_TYPE_LABEL,
  COUPON_TYPES,
  type CouponDraft,
  COUPON_ADMIN_MESSAGES as M,
} from "../../../domain/orders/couponAdmin"
import { FilterDate, FilterSelect } from "../../components/admin/Filters"
import { Pager } from "../../components/admin/Pager"
import { Denied } from "../../components/Denied"
import { PageLoading } from "../../components/PageLoading"
import { adminAccess } from "../../lib/adminAccess"
import { adminHead } from "../../lib/seo"
import { toast } from "../../lib/toast"
import type { RouterOutputs } from "../../lib/trpc"
import { CouponForm } from "./-coupons/CouponForm"
import { CouponTable } from "./-coupons/CouponTable"
import {
  type CouponsSearch,
  listInput,
  type UncheckedCouponsSearch,
  validateCouponsSearch,
} from "./-coupons/search"

export type AdminCouponRow = RouterOutputs["admin"]["coupons"]["list"]["rows"][number]

export const Route = createFileRoute("/admin/coupons")({
  validateSearch: (search: Record<string, unknown>): UncheckedCouponsSearch => search,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => ({
    denied: await adminAccess(context, "manage_collections", () =>
      // A failed list still opens the page: its own query shows 'Erro ao carregar cupons' and can be retried.
      context.trpc.admin.coupons.list.prefetch(listInput(validateCouponsSearch(deps))),
    ),
  }),
  head: () => adminHead("Cupons"),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: CouponsPage,
})

function CouponsPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <Coupons />
}

const fieldClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

function Coupons() {
  const { trpc, trpcClient } = Route.useRouteContext()
  const queryClient = useQueryClient()
  const search = validateCouponsSearch(Route.useSearch())
  const navigate = useNavigate({ from: Route.fullPath })
  const list = useQuery(trpc.admin.coupons.list.queryOptions(listInput(search)))
  const [editing, setEditing] = useState<AdminCouponRow | null>(null)
  // Spec 002 §8's toast, besides the retry box in the page.
  useEffect(() => {
    if (list.isError) toast.error(M.loadFailed, { id: "coupons-load-error" })
  }, [list.isError])
  // Every page and filter of the list, and its counts, may have changed.
  const refresh = () => queryClient.invalidateQueries({ queryKey: [["admin", "coupons", "list"]] })

  const save = async (draft: CouponDraft) => {
    try {
      if (editing) await trpcClient.admin.coupons.update.mutate({ id: editing.id, ...draft })
      else await trpcClient.admin.coupons.create.mutate(draft)
    } catch (error) {
      toast.error(editing ? M.updateFailed : M.createFailed, {
        id: "coupon-form-error",
        description: error instanceof Error ? error.message : undefined,
      })
      throw error
    }
    toast.dismiss("coupon-form-error")
    toast.success(editing ? M.updated : M.created)
    setEditing(null)
    await refresh()
  }

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = Object.fromEntries(new FormData(event.currentTarget))
    void navigate({ search: validateCouponsSearch(form) })
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Cupons</h1>
      {list.data && (
        <p className="mt-1 text-muted" data-testid="coupon-counts">
          {list.data.counts.total} {list.data.counts.total === 1 ? "cupom" : "cupons"} ·{" "}
          {list.data.counts.active} {list.data.counts.active === 1 ? "ativo" : "ativos"}
        </p>
      )}

      <div className="mt-6">
        <CouponForm
          key={editing?.id ?? "new"}
          editing={editing}
          today={list.data?.today ?? ""}
          save={save}
          onCancel={() => setEditing(null)}
        />
      </div>

      <form
        key={JSON.stringify(search)}
        aria-label="Filtrar cupons"
        method="get"
        action="/admin/coupons"
        onSubmit={apply}
        className="mt-8 grid gap-3 rounded-2xl surface p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="sm:col-span-2">
          <label htmlFor="coupons-q" className="mb-1 block text-sm font-medium">
            Buscar por código
          </label>
          <input
            id="coupons-q"
            name="q"
            type="search"
            maxLength={30}
            defaultValue={search.q ?? ""}
            className={fieldClass}
          />
        </div>
        <FilterSelect id="coupons-type" name="type" label="Tipo" value={search.type}>
          {COUPON_TYPES.map((t) => (
            <option key={t} value={t}>
              {COUPON_TYPE_LABEL[t]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="coupons-status" name="status" label="Status" value={search.status}>
          {COUPON_STATUSES.map((s) => (
            <option key={s} value={s}>
              {COUPON_STATUS_LABEL[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterDate id="coupons-from" name="from" label="Criado de" value={search.from} />
        <FilterDate id="coupons-to" name="to" label="Criado até" value={search.to} />
        <FilterSelect
          id="coupons-sort"
          name="sort"
          label="Ordenar por"
          value={search.sort ?? "recent"}
          all={null}
        >
          {COUPON_SORTS.map((s) => (
            <option key={s} value={s}>
              {COUPON_SORT_LABEL[s]}
            </option>
          ))}
        </FilterSelect>
        <div className="flex items-end gap-2">
          <button type="submit" className="btn btn-primary">
            <Search aria-hidden className="h-4 w-4" /> Filtrar
          </button>
          <Link to="/admin/coupons" search={{}} className="btn btn-ghost">
            Limpar
          </Link>
        </div>
      </form>

      {list.isError ? (
        <div className="mt-6 rounded-2xl surface p-6" role="alert">
          <p className="font-medium">{M.loadFailed}</p>
          <button type="button" className="btn btn-ghost mt-3" onClick={() => list.refetch()}>
            Tentar novamente
          </button>
        </div>
      ) : !list.data ? (
        <p className="mt-6 text-muted" role="status">
          Carregando cupons...
        </p>
      ) : (
        <>
          <p className="mt-6 text-sm text-muted" aria-live="polite">
            {list.data.total === 0
              ? "Nenhum cupom encontrado."
              : `${list.data.total} ${list.data.total === 1 ? "cupom encontrado" : "cupons encontrados"}`}
          </p>
          <CouponTable
            rows={list.data.rows}
            client={trpcClient}
            onEdit={(row) => {
              setEditing(row)
              window.scrollTo({ top: 0, behavior: "smooth" })
            }}
            onChanged={async (removedId) => {
              if (removedId && editing?.id === removedId) setEditing(null)
              await refresh()
            }}
          />
          <Pager
            label="Páginas de cupons"
            page={list.data.page}
            pageCount={list.data.pageCount}
            to="/admin/coupons"
            search={(page): CouponsSearch => ({ ...search, page: page > 1 ? page : undefined })}
          />
        </>
      )}
    </div>
  )
}
