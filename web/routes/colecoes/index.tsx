import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { LayoutGrid, List } from "lucide-react"
import type { TimelineStatus } from "../../../domain/catalog/reveal"
import { AddToCartButton } from "../../components/AddToCartButton"
import { CharacterCard } from "../../components/CharacterCard"
import { PageLoading } from "../../components/PageLoading"
import { SubscribeButton } from "../../components/subscribe/SubscribeButton"
import { optionalEnum, optionalString } from "../../lib/search"
import { seo } from "../../lib/seo"
import { prefetchSubscriberView } from "../../lib/subscriber"

const PHASES = { todos: "Todos", atual: "Mês Atual", lancados: "Lançados", "em-breve": "Em Breve" } as const
type PhaseFilter = keyof typeof PHASES
const PHASE_STATUS: Record<PhaseFilter, TimelineStatus | null> = {
  todos: null,
  atual: "current",
  lancados: "released",
  "em-breve": "upcoming",
}

const VIEWS = [
  { id: "grade", label: "Exibir em grade", Icon: LayoutGrid },
  { id: "lista", label: "Exibir em lista", Icon: List },
] as const

interface CollectionsSearch {
  colecao?: string
  fase?: PhaseFilter
  vista?: "grade" | "lista"
}

const validateSearch = (search: Record<string, unknown>): CollectionsSearch => ({
  colecao: optionalString(search.colecao),
  fase: optionalEnum(search.fase, ["todos", "atual", "lancados", "em-breve"] as const),
  vista: optionalEnum(search.vista, ["grade", "lista"] as const),
})

export const Route = createFileRoute("/colecoes/")({
  validateSearch,
  loaderDeps: ({ search }) => ({ colecao: search.colecao }),
  loader: async ({ context, deps }) => {
    const [collections] = await Promise.all([
      context.trpc.catalog.collections.ensureData(),
      prefetchSubscriberView(context),
    ])
    const selected =
      collections.find((c) => c.slug === deps.colecao || c.id === deps.colecao) ?? collections[0]
    if (selected) await context.trpc.catalog.collection.ensureData({ id: selected.slug })
    return { selectedSlug: selected?.slug ?? null }
  },
  head: ({ match }) =>
    seo({
      title: "Coleções",
      description:
        "Explore as coleções Legendarium: personagens do mês para compra avulsa, edições anteriores para assinantes e as próximas revelações.",
      path: "/colecoes",
      publicUrl: match.context.publicUrl,
    }),
  pendingComponent: () => <PageLoading label="Carregando coleções..." />,
  component: CollectionsPage,
})

function CollectionsPage() {
  const { trpc } = Route.useRouteContext()
  const { selectedSlug } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data: collections } = useSuspenseQuery(trpc.catalog.collections.queryOptions())
  const phase: PhaseFilter = search.fase ?? "todos"
  const view = search.vista ?? "grade"

  if (collections.length === 0 || !selectedSlug) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Coleções</h1>
        <p className="mt-4 text-muted">Nenhum item encontrado</p>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-[1600px] px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Coleções</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Um personagem novo por coleção a cada mês. O personagem do mês está à venda avulsa; os anteriores
        fazem parte das assinaturas.
      </p>
      {/* minmax(0, …) columns: otherwise the tab strip's full width becomes the column's minimum on a phone. */}
      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[240px_minmax(0,1fr)]">
        <nav aria-label="Coleções ativas">
          {/* On a phone the strip scrolls inside itself; the padding keeps focus outlines from being clipped. */}
          <ul className="-m-1.5 flex gap-2 overflow-x-auto p-1.5 lg:m-0 lg:flex-col lg:overflow-visible lg:p-0">
            {collections.map((c) => {
              const active = c.slug === selectedSlug
              return (
                <li key={c.id} className="shrink-0">
                  <Link
                    to="/colecoes"
                    search={(prev) => ({ ...prev, colecao: c.slug })}
                    aria-current={active ? "page" : undefined}
                    resetScroll={false}
                    className={`flex items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-medium ${
                      active ? "bg-[var(--accent)] text-[var(--accent-contrast)]" : "surface hover:surface-2"
                    }`}
                  >
                    <span>{c.name}</span>
                    <span className={`text-xs ${active ? "" : "text-muted"}`}>{c.themeLabel}</span>
                  </Link>
                </li>
              )
            })}
          </ul>
        </nav>
        <SelectedCollection
          slug={selectedSlug}
          phase={phase}
          view={view}
          onPhase={(fase) =>
            navigate({ search: (prev) => ({ ...prev, fase }), resetScroll: false, replace: true })
          }
          onView={(vista) =>
            navigate({ search: (prev) => ({ ...prev, vista }), resetScroll: false, replace: true })
          }
        />
      </div>
    </div>
  )
}

function SelectedCollection(props: {
  slug: string
  phase: PhaseFilter
  view: "grade" | "lista"
  onPhase: (p: PhaseFilter) => void
  onView: (v: "grade" | "lista") => void
}) {
  const { trpc } = Route.useRouteContext()
  const { data } = useSuspenseQuery(trpc.catalog.collection.queryOptions({ id: props.slug }))
  const status = PHASE_STATUS[props.phase]
  const items = status ? data.characters.filter((c) => c.status === status) : data.characters
  const current = data.characters.find((c) => c.status === "current")
  return (
    <section aria-labelledby="selected-title">
      <div className="rounded-2xl bg-gradient-to-r from-[#161625] to-[#2a1f0a] p-6 text-white">
        <h2 id="selected-title" className="text-2xl font-bold">
          {data.collection.name}
        </h2>
        <p className="mt-1 text-sm text-zinc-200">{data.collection.tagline}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          {current?.purchase.canBuy && !current.soldOut ? (
            <AddToCartButton
              productId={current.id}
              name={current.name}
              label="Comprar Personagem do Mês"
              className="bg-amber-300 text-zinc-950 hover:bg-amber-200"
            />
          ) : null}
          <SubscribeButton
            collection={data.collection}
            className="btn border border-white/30 text-white hover:bg-white/10"
          />
          <Link
            to="/colecoes/$collectionId"
            params={{ collectionId: data.collection.slug }}
            className="btn text-white underline-offset-4 hover:underline"
          >
            Ver detalhes da coleção
          </Link>
        </div>
      </div>

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Filtrar por fase</legend>
          {(Object.keys(PHASES) as PhaseFilter[]).map((p) => (
            <button
              key={p}
              type="button"
              aria-pressed={props.phase === p}
              onClick={() => props.onPhase(p)}
              className={`rounded-full px-4 py-2 text-sm font-medium ${
                props.phase === p ? "bg-[var(--text)] text-[var(--bg)]" : "surface hover:surface-2"
              }`}
            >
              {PHASES[p]}
            </button>
          ))}
        </fieldset>
        <fieldset className="flex gap-1">
          <legend className="sr-only">Modo de exibição</legend>
          {VIEWS.map(({ id, label, Icon }) => (
            <button
              key={id}
              type="button"
              aria-pressed={props.view === id}
              aria-label={label}
              onClick={() => props.onView(id)}
              className={`inline-flex h-11 w-11 items-center justify-center rounded-xl ${props.view === id ? "surface-2" : ""}`}
            >
              <Icon aria-hidden className="h-5 w-5" />
            </button>
          ))}
        </fieldset>
      </div>

      {items.length === 0 ? (
        <p className="mt-10 text-center text-muted">Nenhum item encontrado</p>
      ) : (
        <div
          className={`mt-6 grid gap-4 ${
            props.view === "lista"
              ? "grid-cols-1 xl:grid-cols-2"
              : "grid-cols-2 sm:grid-cols-3 lg:grid-cols-3 xl:grid-cols-4 2xl:grid-cols-5 min-[1800px]:grid-cols-6"
          }`}
        >
          {items.map((card, i) => (
            <CharacterCard
              key={card.id}
              card={card}
              layout={props.view === "lista" ? "list" : "grid"}
              priority={i < 2}
            />
          ))}
        </div>
      )}
    </section>
  )
}
