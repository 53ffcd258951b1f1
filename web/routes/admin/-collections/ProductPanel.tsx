import { useQuery, useQueryClient } from "@tanstack/react-query"
import { ArrowDown, ArrowUp, Pencil, Trash2 } from "lucide-react"
import { useState } from "react"
import { monthNamePtBR } from "../../../../domain/calendar"
import { RARITY_LABELS } from "../../../../domain/catalog/rarity"
import {
  CATALOG_ADMIN_MESSAGES as M,
  type ProductDraft,
  CATALOG_ADMIN_TOASTS as T,
} from "../../../../domain/catalogAdmin"
import { errorMessage } from "../../../components/admin/Field"
import { mediaVariant } from "../../../components/Img"
import { toast } from "../../../lib/toast"
import type { RouterContext } from "../../../router"
import type { AdminCollection } from "./CollectionForm"
import { ConfirmDialog } from "./ConfirmDialog"
import { LoadFailed } from "./LoadFailed"
import { type AdminProduct, ProductForm } from "./ProductForm"

type Trpc = Pick<RouterContext, "trpc" | "trpcClient">

/** Spec 002 §2: the chosen collection's products in display order, with their form; a hint when none is chosen. */
export function ProductPanel({ collection, api }: { collection: AdminCollection | null; api: Trpc }) {
  if (!collection)
    return (
      <section aria-labelledby="products-title" className="mt-10 rounded-2xl surface p-6">
        <h2 id="products-title" className="text-xl font-semibold">
          Produtos
        </h2>
        <p className="mt-2 text-muted" role="status">
          {M.selectCollection}
        </p>
      </section>
    )
  return <Products key={collection.id} collection={collection} api={api} />
}

function Products({ collection, api }: { collection: AdminCollection; api: Trpc }) {
  const { trpc, trpcClient } = api
  const queryClient = useQueryClient()
  const options = trpc.admin.collections.products.queryOptions({ collectionId: collection.id })
  const products = useQuery(options)
  const [editing, setEditing] = useState<AdminProduct | null>(null)
  const [removing, setRemoving] = useState<AdminProduct | null>(null)
  const [moving, setMoving] = useState(false)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: options.queryKey }),
      // The list shows each collection's product count.
      queryClient.invalidateQueries({ queryKey: [["admin", "collections", "list"]] }),
    ])

  const save = (product: ProductDraft, id: string | null) => {
    const draft = { ...product, hints: [...product.hints] }
    return id
      ? trpcClient.admin.collections.updateProduct.mutate({ id, draft })
      : trpcClient.admin.collections.createProduct.mutate(draft)
  }

  const move = async (product: AdminProduct, direction: "up" | "down") => {
    setMoving(true)
    try {
      queryClient.setQueryData(
        options.queryKey,
        await trpcClient.admin.collections.moveProduct.mutate({ id: product.id, direction }),
      )
      toast.success(T.productUpdated)
    } catch (e) {
      toast.error(T.updateProductFailed, { description: errorMessage(e, "") })
    } finally {
      setMoving(false)
    }
  }

  const remove = async () => {
    if (!removing) return
    try {
      await trpcClient.admin.collections.deleteProduct.mutate({ id: removing.id })
      toast.success(T.productDeleted)
      if (editing?.id === removing.id) setEditing(null)
      setRemoving(null)
      await refresh()
    } catch (e) {
      toast.error(T.deleteProductFailed, { description: errorMessage(e, "") })
    }
  }

  // A new product takes the month after the last one, from the collection's first month.
  const [startYear = 2026, startMonth = 1] = collection.startDate.split("-").map(Number)
  const rows = products.data ?? []
  return (
    <section aria-labelledby="products-title" className="mt-10 grid gap-6">
      <div>
        <h2 id="products-title" className="text-xl font-semibold">
          Produtos de {collection.name}
        </h2>
        <p className="text-sm text-muted">{rows.length}/12 produtos, na ordem de exibição.</p>
      </div>
      {products.isError ? (
        <LoadFailed message={T.loadProductsFailed} retry={() => products.refetch()} />
      ) : !products.data ? (
        <p className="text-muted" role="status">
          Carregando produtos...
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-2xl surface p-6 text-center text-muted">Nenhum produto nesta coleção ainda.</p>
      ) : (
        <ol className="grid gap-2" aria-label={`Produtos de ${collection.name}`}>
          {rows.map((p, index) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-3 rounded-2xl surface p-3"
              data-testid="product-row"
            >
              <img
                src={mediaVariant(p.imageUrl, 256)}
                alt=""
                width={48}
                height={48}
                className="h-12 w-12 rounded-lg object-cover"
              />
              <div className="min-w-40 flex-1">
                <p className="font-medium">
                  {index + 1}. {p.name} {!p.isActive && <span className="text-xs text-muted">(inativo)</span>}
                </p>
                <p className="text-xs text-muted">
                  {monthNamePtBR(p.displayMonth)} de {p.editionYear} · {RARITY_LABELS[p.rarity]} ·{" "}
                  {p.weightGrams} g{p.editionSize !== null && ` · tiragem ${p.editionSize}`}
                </p>
              </div>
              <div className="flex gap-1">
                <button
                  type="button"
                  className="btn btn-ghost px-2"
                  aria-label={`Mover ${p.name} para cima`}
                  disabled={moving || index === 0}
                  onClick={() => move(p, "up")}
                >
                  <ArrowUp aria-hidden className="h-4 w-4" />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost px-2"
                  aria-label={`Mover ${p.name} para baixo`}
                  disabled={moving || index === rows.length - 1}
                  onClick={() => move(p, "down")}
                >
                  <ArrowDown aria-hidden className="h-4 w-4" />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost px-2"
                  aria-label={`Editar ${p.name}`}
                  onClick={() => setEditing(p)}
                >
                  <Pencil aria-hidden className="h-4 w-4" />
                </button>
                <button
                  type="button"
                  className="btn btn-ghost px-2"
                  aria-label={`Remover ${p.name}`}
                  onClick={() => setRemoving(p)}
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <ProductForm
        key={editing?.id ?? "new"}
        collectionId={collection.id}
        editing={editing}
        defaultEdition={{
          year: startYear + Math.floor((startMonth - 1 + rows.length) / 12),
          month: ((startMonth - 1 + rows.length) % 12) + 1,
        }}
        save={save}
        onSaved={() => {
          setEditing(null)
          void refresh()
        }}
        onCancel={() => setEditing(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remover ${removing?.name ?? "produto"}?`}
        description="O produto sai da coleção e da loja. Esta ação não pode ser desfeita."
        confirmLabel="Remover produto"
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </section>
  )
}
