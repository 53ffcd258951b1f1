import { useQuery } from "@tanstack/react-query"
import { Link, useRouteContext } from "@tanstack/react-router"
import {
  Building2,
  Camera,
  CircleDashed,
  Gem,
  Grid2x2,
  Package,
  Pencil,
  Plus,
  Repeat,
  Rows3,
  Share2,
  Trash2,
  Wallet,
} from "lucide-react"
import { useMemo, useRef, useState } from "react"
import { RARITY_LABELS, type Rarity } from "../../../domain/catalog/rarity"
import {
  COMPANY_STATUS_LABELS,
  filterShelf,
  NO_SHELF_FILTERS,
  PIECE_ORIGIN_LABELS,
  type ShelfFilters,
  shelfEmptyText,
  shelfFilterOptions,
} from "../../../domain/community/shelf"
import { formatBRL } from "../../lib/format"
import { toast } from "../../lib/toast"
import { RarityBadge } from "../Badges"
import { Dialog } from "../Dialog"
import { PieceForm, ShelfItemForm } from "./ShelfForms"
import { type Entry, isoDayBR, useShelfCommands } from "./shelfApi"

const control = "min-h-11 rounded-xl border border-theme bg-[var(--surface)] px-3"

/**
 * Web Share where the phone has it, else the link copied. The link is the collector's public profile (its shelf
 * tab); its preview image is the shelf's own, /og/estante/{userId}.jpg (server/http/shelfOgImage.ts).
 */
async function shareShelf(userId: string, title: string) {
  const url = `${window.location.origin}/profile/${userId}`
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title, url })
      return
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return
    }
  }
  try {
    await navigator.clipboard.writeText(url)
    toast.success("Link copiado!", { description: "Compartilhe a estante com quem quiser." })
  } catch {
    toast.error("Não foi possível copiar", { description: url })
  }
}

/**
 * Spec 001 Virtual shelf: the collector's store pieces and hand-added items with stats, filters and grid/list;
 * the owner adds, edits, photographs and removes (the server checks each change is theirs).
 */
export function ShelfView({ userId, isOwner }: { userId: string; isOwner: boolean }) {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  const { data, isPending, isError } = useQuery(trpc.shelf.get.queryOptions({ userId }))
  const [filters, setFilters] = useState<ShelfFilters>(NO_SHELF_FILTERS)
  const [layout, setLayout] = useState<"grid" | "list">("grid")
  const [openId, setOpenId] = useState<string | null>(null)
  const [editing, setEditing] = useState<Entry | "new" | null>(null)
  const [deleting, setDeleting] = useState<Entry | null>(null)
  const photoInput = useRef<HTMLInputElement>(null)
  const commands = useShelfCommands(userId)
  const entries = data?.entries ?? []
  const shown = useMemo(() => filterShelf(entries, filters), [entries, filters])
  const options = useMemo(() => shelfFilterOptions(entries), [entries])

  if (isPending) return <p className="text-muted">Carregando estante...</p>
  if (isError) return <p className="text-muted">Não foi possível carregar a estante agora.</p>
  if (!data)
    return (
      <div className="rounded-2xl surface p-8 text-center">
        <CircleDashed aria-hidden className="mx-auto h-8 w-8 text-muted" />
        <p className="mt-3 font-semibold">Estante indisponível</p>
        <p className="mt-1 text-sm text-muted">Este colecionador mantém a estante privada.</p>
      </div>
    )
  const owner = isOwner && data.isOwner
  const open = entries.find((e) => e.id === openId) ?? null
  const empty = shelfEmptyText(filters, owner)
  const setFilter = (key: keyof ShelfFilters) => (e: { target: { value: string } }) =>
    setFilters((f) => ({ ...f, [key]: e.target.value }))

  const choosePhoto = async (file: File | undefined) => {
    if (!file || !open) return
    try {
      await commands.photo(open.id, file)
      toast.success("Foto atualizada!")
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Não foi possível enviar a foto agora.")
    }
  }
  const remove = async () => {
    if (!deleting) return
    try {
      await commands.remove(deleting.id)
      setDeleting(null)
      setOpenId(null)
      toast.success("Item removido da estante")
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Não foi possível remover agora.")
    }
  }

  return (
    <section aria-labelledby="shelf-title" data-testid="shelf">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="shelf-title" className="text-xl font-semibold">
          Estante Virtual {owner ? "" : `de ${data.owner.displayName}`}
        </h2>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => void shareShelf(userId, `Estante de ${data.owner.displayName}`)}
          >
            <Share2 aria-hidden className="h-4 w-4" /> Compartilhar
          </button>
          {owner && (
            <button type="button" className="btn btn-primary" onClick={() => setEditing("new")}>
              <Plus aria-hidden className="h-4 w-4" /> Adicionar Item
            </button>
          )}
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          { label: "Total de itens", value: String(data.stats.total), Icon: Package },
          // Distinct makers (the form's "Empresa") of its pieces that have closed down, not companies the collector deals with.
          { label: "Fabricantes extintos", value: String(data.stats.closedCompanies), Icon: Building2 },
          { label: "Épicos e lendários", value: String(data.stats.epicOrLegendary), Icon: Gem },
          { label: "Valor estimado", value: formatBRL(data.stats.valueCents), Icon: Wallet },
        ].map(({ label, value, Icon }) => (
          <div key={label} className="rounded-2xl surface p-4">
            <dt className="flex items-center gap-2 text-xs text-muted">
              <Icon aria-hidden className="h-4 w-4 text-accent" /> {label}
            </dt>
            <dd className="mt-1 text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <fieldset className="mt-4 flex min-w-0 flex-wrap items-end gap-2 border-0 p-0">
        <legend className="sr-only">Filtros da estante</legend>
        <label className="flex-1 basis-48">
          <span className="sr-only">Buscar na estante</span>
          <input
            type="search"
            className={`${control} w-full`}
            placeholder="Buscar..."
            value={filters.search}
            onChange={setFilter("search")}
          />
        </label>
        <label>
          <span className="sr-only">Categoria</span>
          <select
            className={control}
            value={filters.category}
            onChange={setFilter("category")}
            aria-label="Categoria"
          >
            <option value="">Todas as categorias</option>
            {options.categories.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Empresa</span>
          <select
            className={control}
            value={filters.company}
            onChange={setFilter("company")}
            aria-label="Empresa"
          >
            <option value="">Todas as empresas</option>
            {options.companies.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </label>
        <label>
          <span className="sr-only">Raridade</span>
          <select
            className={control}
            value={filters.rarity}
            onChange={setFilter("rarity")}
            aria-label="Raridade"
          >
            <option value="">Todas as raridades</option>
            {(Object.keys(RARITY_LABELS) as Rarity[]).map((r) => (
              <option key={r} value={r}>
                {RARITY_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex gap-1 m-0 min-w-0 border-0 p-0">
          <legend className="sr-only">Exibição</legend>
          <button
            type="button"
            className="btn btn-ghost px-3"
            aria-pressed={layout === "grid"}
            aria-label="Grade"
            onClick={() => setLayout("grid")}
          >
            <Grid2x2 aria-hidden className="h-4 w-4" />
          </button>
          <button
            type="button"
            className="btn btn-ghost px-3"
            aria-pressed={layout === "list"}
            aria-label="Lista"
            onClick={() => setLayout("list")}
          >
            <Rows3 aria-hidden className="h-4 w-4" />
          </button>
        </fieldset>
      </fieldset>

      {shown.length === 0 ? (
        <div className="mt-6 rounded-2xl surface p-8 text-center">
          <Package aria-hidden className="mx-auto h-10 w-10 text-accent" />
          <p className="mt-3 font-semibold">{empty.title}</p>
          <p className="mt-1 text-sm text-muted">{empty.hint}</p>
        </div>
      ) : (
        <ul
          className={
            layout === "grid"
              ? "mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4"
              : "mt-6 grid gap-3"
          }
          aria-label="Itens da estante"
        >
          {shown.map((e) => (
            <li key={`${e.kind}-${e.id}`} data-testid="shelf-entry">
              <button
                type="button"
                onClick={() => setOpenId(e.id)}
                className={`w-full overflow-hidden rounded-2xl surface text-left hover:ring-2 hover:ring-[var(--accent)] ${layout === "list" ? "flex items-center gap-4 p-3" : ""}`}
              >
                <EntryImage
                  entry={e}
                  className={layout === "grid" ? "aspect-square w-full" : "h-16 w-16 shrink-0 rounded-xl"}
                />
                <div className={layout === "grid" ? "p-3" : "min-w-0 flex-1"}>
                  <p className="truncate font-semibold">{e.name}</p>
                  <p className="truncate text-xs text-muted">
                    {e.company}
                    {e.collection ? ` · ${e.collection}` : ""}
                  </p>
                  <div className="mt-2 flex flex-wrap items-center gap-1">
                    {e.rarity && <RarityBadge rarity={e.rarity} />}
                    {e.isForTrade && (
                      <span className="inline-flex items-center gap-1 text-xs text-accent">
                        <Repeat aria-hidden className="h-3 w-3" /> Para troca
                      </span>
                    )}
                  </div>
                  {layout === "list" && (
                    <p className="mt-1 text-xs text-muted">
                      {e.conditionLabel} · adquirido em {isoDayBR(e.acquiredOn)}
                    </p>
                  )}
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}

      <Dialog
        open={open !== null && editing === null && deleting === null}
        onClose={() => setOpenId(null)}
        title={open?.name ?? ""}
        size="lg"
        closeLabel="Fechar"
      >
        {open && (
          <div>
            <EntryImage entry={open} className="aspect-video w-full rounded-2xl" />
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              {[
                ["Empresa", `${open.company} (${COMPANY_STATUS_LABELS[open.companyStatus]})`],
                ["Coleção", open.collection || "—"],
                ["Categoria", open.category],
                ["Raridade", open.rarity ? RARITY_LABELS[open.rarity] : "Conhecida na revelação"],
                ["Estado", open.conditionLabel],
                ["Adquirido em", isoDayBR(open.acquiredOn)],
                [
                  open.kind === "item"
                    ? "Valor estimado"
                    : open.origin === PIECE_ORIGIN_LABELS.trade
                      ? "Valor de referência"
                      : "Valor pago",
                  formatBRL(open.valueCents),
                ],
                ["Origem", open.origin],
              ].map(([label, value]) => (
                <div key={label}>
                  <dt className="text-muted">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
            {open.description && <p className="mt-4 text-sm">{open.description}</p>}
            {open.notes && <p className="mt-3 rounded-xl surface-2 p-3 text-sm italic">{open.notes}</p>}
            {open.productId && (
              <Link
                to="/character/$characterId"
                params={{ characterId: open.productId }}
                className="mt-3 inline-block text-sm text-accent hover:underline"
              >
                Ver personagem na loja
              </Link>
            )}
            <div className="mt-6 flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-ghost"
                onClick={() =>
                  void shareShelf(userId, `${open.name} na estante de ${data.owner.displayName}`)
                }
              >
                <Share2 aria-hidden className="h-4 w-4" /> Compartilhar
              </button>
              {owner && (
                <button type="button" className="btn btn-ghost" onClick={() => setEditing(open)}>
                  <Pencil aria-hidden className="h-4 w-4" /> Editar
                </button>
              )}
              {owner && open.kind === "item" && (
                <>
                  <button type="button" className="btn btn-ghost" onClick={() => photoInput.current?.click()}>
                    <Camera aria-hidden className="h-4 w-4" /> Foto
                  </button>
                  <input
                    ref={photoInput}
                    type="file"
                    accept="image/*"
                    className="hidden"
                    aria-label="Foto do item"
                    data-testid="shelf-photo-input"
                    onChange={(e) => void choosePhoto(e.target.files?.[0])}
                  />
                  <button
                    type="button"
                    className="btn btn-ghost text-red-700 dark:text-red-400"
                    onClick={() => setDeleting(open)}
                  >
                    <Trash2 aria-hidden className="h-4 w-4" /> Excluir
                  </button>
                </>
              )}
            </div>
          </div>
        )}
      </Dialog>

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === "new" ? "Adicionar Item" : editing?.kind === "piece" ? "Editar peça" : "Editar item"
        }
        size="lg"
      >
        {editing === "new" || editing?.kind === "item" ? (
          <ShelfItemForm
            entry={editing === "new" ? null : editing}
            onCancel={() => setEditing(null)}
            onSave={async (input, photo) => {
              await commands.save(input, photo)
              toast.success(editing === "new" ? "Item adicionado à estante!" : "Item atualizado!")
              setEditing(null)
            }}
          />
        ) : editing ? (
          <PieceForm
            entry={editing}
            onCancel={() => setEditing(null)}
            onSave={async (change) => {
              await commands.updatePiece({ pieceId: editing.id, ...change })
              toast.success("Peça atualizada!")
              setEditing(null)
            }}
          />
        ) : null}
      </Dialog>

      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Excluir item?">
        <p className="text-sm text-muted">
          “{deleting?.name}” sairá da sua estante. Esta ação não pode ser desfeita.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => setDeleting(null)}>
            Cancelar
          </button>
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            onClick={() => void remove()}
          >
            <Trash2 aria-hidden className="h-4 w-4" /> Excluir
          </button>
        </div>
      </Dialog>
    </section>
  )
}

function EntryImage({ entry, className }: { entry: Entry; className: string }) {
  if (!entry.imageUrl)
    return (
      <div className={`flex items-center justify-center surface-2 ${className}`} aria-hidden>
        <Package className="h-8 w-8 text-muted" />
      </div>
    )
  // A piece's artwork is an SVG under /media; a photo is a JPEG: both load lazily, small.
  return <img src={entry.imageUrl} alt={entry.name} loading="lazy" className={`object-cover ${className}`} />
}
