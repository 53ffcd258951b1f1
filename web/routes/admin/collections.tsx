import { useQuery, useQueryClient } from "@tanstack/react-query"
import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { Pencil, Star, Trash2 } from "lucide-react"
import { type FormEvent, useState } from "react"
import { type CollectionDraft, CATALOG_ADMIN_TOASTS as T } from "../../../domain/catalogAdmin"
import { CATEGORY_PRICES } from "../../../domain/pricing/collectionPrice"
import { errorMessage, fieldClass } from "../../components/admin/Field"
import { Pager } from "../../components/admin/Pager"
import { Denied } from "../../components/Denied"
import { PageLoading } from "../../components/PageLoading"
import { adminAccess } from "../../lib/adminAccess"
import { formatBRL } from "../../lib/format"
import { optionalEnum, optionalString } from "../../lib/search"
import { adminHead } from "../../lib/seo"
import { storeNow } from "../../lib/storeClock"
import { toast } from "../../lib/toast"
import { type AdminCollection, CollectionForm } from "./-collections/CollectionForm"
import { ConfirmDialog } from "./-collections/ConfirmDialog"
import { LoadFailed } from "./-collections/LoadFailed"
import { PriceDialog } from "./-collections/PriceDialog"
import { ProductPanel } from "./-collections/ProductPanel"

const SORTS = ["created_at", "name", "price"] as const
const DIRECTIONS = ["asc", "desc"] as const
const YES_NO = ["true", "false"] as const
const PAGE_SIZE = 20
/** Every page and filter of the list: tRPC keys start with the procedure's path. */
const LIST_KEY = [["admin", "collections", "list"]]

interface CollectionsSearch {
  search?: string
  active?: (typeof YES_NO)[number]
  featured?: (typeof YES_NO)[number]
  sort?: (typeof SORTS)[number]
  dir?: (typeof DIRECTIONS)[number]
  page?: number
  /** The collection whose products are shown. */
  collection?: string
}

/** Only what the server accepts stays in the URL; anything else is dropped, so an old link still opens. */
function validateCollectionsSearch(search: Record<string, unknown>): CollectionsSearch {
  const page = Number(search.page)
  const found: CollectionsSearch = {
    search: optionalString(search.search, 120),
    active: optionalEnum(search.active, YES_NO),
    featured: optionalEnum(search.featured, YES_NO),
    sort: optionalEnum(search.sort, SORTS),
    dir: optionalEnum(search.dir, DIRECTIONS),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : undefined,
    collection: optionalString(search.collection, 64),
  }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as CollectionsSearch
}

const flag = (value: "true" | "false" | undefined) => (value === undefined ? undefined : value === "true")
const listInput = (s: CollectionsSearch) => ({
  search: s.search,
  active: flag(s.active),
  featured: flag(s.featured),
  sort: s.sort ?? "created_at",
  direction: s.dir ?? "desc",
  page: s.page ?? 1,
  pageSize: PAGE_SIZE,
})

export const Route = createFileRoute("/admin/collections")({
  validateSearch: (search: Record<string, unknown>) =>
    search as { readonly [K in keyof CollectionsSearch]?: unknown },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => ({
    denied: await adminAccess(context, "manage_collections", () =>
      // The page still opens when the list fails: its own query shows 'Erro ao carregar coleções'.
      context.trpc.admin.collections.list
        .ensureData(listInput(validateCollectionsSearch(deps)))
        .catch((e) => {
          if ((e as { data?: { code?: string } })?.data?.code === "FORBIDDEN") throw e
        }),
    ),
  }),
  head: () => adminHead("Coleções"),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: CollectionsPage,
})

function CollectionsPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <Collections />
}

const priceOf = (c: AdminCollection) =>
  c.price ?? CATEGORY_PRICES[c.theme as keyof typeof CATEGORY_PRICES]?.price ?? 29990

const todayIso = () => new Date(storeNow()).toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" })

function Collections() {
  const { trpc, trpcClient } = Route.useRouteContext()
  const search = validateCollectionsSearch(Route.useSearch())
  const navigate = useNavigate({ from: Route.fullPath })
  const list = useQuery(trpc.admin.collections.list.queryOptions(listInput(search)))
  const [editing, setEditing] = useState<AdminCollection | null>(null)
  const [removing, setRemoving] = useState<AdminCollection | null>(null)
  const [pricing, setPricing] = useState<AdminCollection | null>(null)
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: LIST_KEY })
  const rows = list.data?.rows ?? []
  const pageCount = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE))
  const selected = rows.find((c) => c.id === search.collection) ?? null
  const choose = (id: string | undefined) =>
    navigate({ search: (s) => ({ ...validateCollectionsSearch(s), collection: id }), resetScroll: false })

  const filter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void navigate({
      search: validateCollectionsSearch(Object.fromEntries(new FormData(event.currentTarget))),
    })
  }

  const save = (draft: CollectionDraft, id: string | null) =>
    id
      ? trpcClient.admin.collections.update.mutate({ id, draft })
      : trpcClient.admin.collections.create.mutate(draft)

  const toggle = async (c: AdminCollection, change: { isActive: boolean } | { isFeatured: boolean }) => {
    try {
      if ("isActive" in change) await trpcClient.admin.collections.setActive.mutate({ id: c.id, ...change })
      else await trpcClient.admin.collections.setFeatured.mutate({ id: c.id, ...change })
      toast.success(T.collectionUpdated)
      await refresh()
    } catch (e) {
      toast.error(T.updateCollectionFailed, { description: errorMessage(e, "") })
    }
  }

  const setPrice = async (cents: number) => {
    if (!pricing) return
    try {
      await trpcClient.admin.collections.setPrice.mutate({ id: pricing.id, price: cents })
      toast.success(T.priceUpdated)
      setPricing(null)
      await refresh()
    } catch (e) {
      toast.error(T.priceFailed, { description: errorMessage(e, "") })
    }
  }

  const remove = async () => {
    if (!removing) return
    try {
      await trpcClient.admin.collections.delete.mutate({ id: removing.id })
      toast.success(T.collectionDeleted)
      if (editing?.id === removing.id) setEditing(null)
      if (search.collection === removing.id) void choose(undefined)
      setRemoving(null)
      await refresh()
    } catch (e) {
      toast.error(T.deleteCollectionFailed, { description: errorMessage(e, "") })
    }
  }

  return (
    <div className="px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Coleções</h1>
      <p className="mt-1 text-muted">Coleções e seus produtos; a loja mostra as mudanças na hora.</p>

      <div className="mt-6">
        <CollectionForm
          key={editing?.id ?? "new"}
          editing={editing}
          today={todayIso()}
          save={save}
          onSaved={(saved) => {
            setEditing(null)
            void refresh()
            if (!editing) void choose(saved.id)
          }}
          onCancel={() => setEditing(null)}
        />
      </div>

      <form
        key={JSON.stringify(search)}
        aria-label="Filtrar coleções"
        method="get"
        action="/admin/collections"
        onSubmit={filter}
        className="mt-8 grid gap-3 rounded-2xl surface p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <div className="sm:col-span-2">
          <label htmlFor="collections-search" className="mb-1 block text-sm font-medium">
            Buscar por nome
          </label>
          <input
            id="collections-search"
            name="search"
            type="search"
            maxLength={120}
            defaultValue={search.search ?? ""}
            className={fieldClass}
          />
        </div>
        <Choice id="collections-active" name="active" label="Situação" value={search.active}>
          <option value="">Todas</option>
          <option value="true">Ativas</option>
          <option value="false">Inativas</option>
        </Choice>
        <Choice id="collections-featured" name="featured" label="Destaque" value={search.featured}>
          <option value="">Todas</option>
          <option value="true">Em destaque</option>
          <option value="false">Sem destaque</option>
        </Choice>
        <Choice id="collections-sort" name="sort" label="Ordenar por" value={search.sort}>
          <option value="created_at">Mais recentes</option>
          <option value="name">Nome</option>
          <option value="price">Preço</option>
        </Choice>
        <input type="hidden" name="dir" value={search.sort === "name" ? "asc" : (search.dir ?? "desc")} />
        <div className="sm:col-span-2 lg:col-span-5">
          <button type="submit" className="btn btn-primary">
            Filtrar
          </button>
        </div>
      </form>

      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {list.data && (list.data.total === 1 ? "1 coleção" : `${list.data.total} coleções`)}
      </p>
      {list.isError ? (
        <LoadFailed message={T.loadCollectionsFailed} retry={() => list.refetch()} />
      ) : !list.data ? (
        <p className="mt-2 text-muted" role="status">
          Carregando coleções...
        </p>
      ) : rows.length === 0 ? (
        <p className="mt-2 rounded-2xl surface p-6 text-center text-muted">Nenhuma coleção encontrada.</p>
      ) : (
        <div className="relative mt-2 overflow-x-auto rounded-2xl surface">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Coleções</caption>
            <thead className="border-b border-theme text-xs uppercase text-muted">
              <tr>
                <th scope="col" className="px-3 py-3">
                  Nome
                </th>
                <th scope="col" className="px-3 py-3">
                  Preço
                </th>
                <th scope="col" className="px-3 py-3">
                  Produtos
                </th>
                <th scope="col" className="px-3 py-3">
                  Situação
                </th>
                <th scope="col" className="px-3 py-3">
                  Ações
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr
                  key={c.id}
                  className={`border-b border-theme align-middle last:border-0 ${c.id === search.collection ? "surface-2" : ""}`}
                  data-testid="collection-row"
                >
                  <th scope="row" className="px-3 py-3 font-medium">
                    {c.name}
                    <span className="block text-xs font-normal text-muted">
                      {CATEGORY_PRICES[c.theme as keyof typeof CATEGORY_PRICES]?.label ?? c.theme}
                    </span>
                  </th>
                  <td className="whitespace-nowrap px-3 py-3">
                    <button
                      type="button"
                      className="underline decoration-dotted"
                      aria-label={`Alterar preço de ${c.name}`}
                      onClick={() => setPricing(c)}
                    >
                      {formatBRL(priceOf(c))}
                    </button>
                  </td>
                  <td className="px-3 py-3">{c.productCount}/12</td>
                  <td className="px-3 py-3">
                    <label className="flex items-center gap-2">
                      <input
                        type="checkbox"
                        className="h-4 w-4 accent-[var(--accent)]"
                        checked={c.isActive}
                        onChange={(e) => toggle(c, { isActive: e.target.checked })}
                        aria-label={`${c.name} ativa`}
                      />
                      {c.isActive ? "Ativa" : "Inativa"}
                    </label>
                  </td>
                  <td className="px-3 py-3">
                    <div className="flex flex-wrap gap-1">
                      <button
                        type="button"
                        className="btn btn-ghost px-2"
                        aria-pressed={c.isFeatured}
                        aria-label={`Destacar ${c.name}`}
                        onClick={() => toggle(c, { isFeatured: !c.isFeatured })}
                      >
                        <Star aria-hidden className={`h-4 w-4 ${c.isFeatured ? "fill-current" : ""}`} />
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost px-2"
                        aria-label={`Editar ${c.name}`}
                        onClick={() => setEditing(c)}
                      >
                        <Pencil aria-hidden className="h-4 w-4" />
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost px-2"
                        aria-label={`Remover ${c.name}`}
                        onClick={() => setRemoving(c)}
                      >
                        <Trash2 aria-hidden className="h-4 w-4" />
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost px-2 text-sm"
                        aria-label={`Produtos de ${c.name}`}
                        aria-pressed={c.id === search.collection}
                        onClick={() => choose(c.id)}
                      >
                        Produtos
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        label="Páginas de coleções"
        page={search.page ?? 1}
        pageCount={pageCount}
        to="/admin/collections"
        search={(page) => ({ ...search, page })}
      />

      <ProductPanel collection={selected} api={{ trpc, trpcClient }} />

      <ConfirmDialog
        open={removing !== null}
        title={`Remover a coleção ${removing?.name ?? ""}?`}
        description="Todos os produtos desta coleção também serão removidos. Esta ação não pode ser desfeita."
        confirmLabel="Remover coleção"
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
      {pricing && (
        <PriceDialog
          open
          name={pricing.name}
          price={priceOf(pricing)}
          onSave={setPrice}
          onClose={() => setPricing(null)}
        />
      )}
    </div>
  )
}

function Choice({
  id,
  name,
  label,
  value,
  children,
}: {
  id: string
  name: string
  label: string
  value: string | undefined
  children: React.ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={fieldClass}>
        {children}
      </select>
    </div>
  )
}
