import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import { ArrowRight, Layers } from "lucide-react"
import { CalendarLink } from "../../../components/CalendarLink"
import { CharacterCard } from "../../../components/CharacterCard"
import { CollectionHero } from "../../../components/CollectionHero"
import { NotFound } from "../../../components/NotFound"
import { orNotFound } from "../../../lib/notFound"
import { entitySeo } from "../../../lib/seo"
import { prefetchSubscriberView } from "../../../lib/subscriber"

const TOP = 4

export const Route = createFileRoute("/colecoes/$collectionId/")({
  loader: async ({ context, params }) => {
    const [data] = await Promise.all([
      orNotFound(context.trpc.catalog.collection.ensureData({ id: params.collectionId })),
      prefetchSubscriberView(context),
    ])
    return {
      crumb: { href: `/colecoes/${params.collectionId}`, label: data.collection.name },
      title: data.collection.name,
      description: data.collection.description,
      image: data.collection.imageUrl,
    }
  },
  head: ({ match, loaderData, params }) =>
    entitySeo(loaderData, {
      path: `/colecoes/${params.collectionId}`,
      publicUrl: match.context.publicUrl,
      missingTitle: "Coleção não encontrada",
    }),
  notFoundComponent: () => (
    <NotFound title="Coleção não encontrada">Confira a lista de coleções ativas e escolha outra.</NotFound>
  ),
  component: CollectionPage,
})

function CollectionPage() {
  const { trpc } = Route.useRouteContext()
  const { collectionId } = Route.useParams()
  const { data } = useSuspenseQuery(trpc.catalog.collection.queryOptions({ id: collectionId }))
  const revealed = data.characters.filter((c) => c.revealed)
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <CollectionHero collection={data.collection} />
      <p className="mt-4 flex flex-wrap items-center gap-3 text-sm text-muted">
        <CalendarLink collection={collectionId} />
        Revelações no dia 15, ao meio-dia, e o último dia de pagamento (dia 14) de cada mês.
      </p>
      <section className="mt-12" aria-labelledby="top-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="top-title" className="text-2xl font-bold tracking-tight">
            Personagens revelados
          </h2>
          {revealed.length > TOP && (
            <Link
              to="/colecoes/$collectionId/personagens"
              params={{ collectionId }}
              className="btn btn-ghost"
            >
              Ver todos os personagens <ArrowRight aria-hidden className="h-4 w-4" />
            </Link>
          )}
        </div>
        {revealed.length === 0 ? (
          <p className="mt-6 text-muted">O primeiro personagem desta coleção será revelado no dia 15.</p>
        ) : (
          <ol className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
            {revealed.slice(0, TOP).map((card, i) => (
              <li key={card.id}>
                <CharacterCard card={card} priority={i < 2} />
              </li>
            ))}
          </ol>
        )}
      </section>
      {revealed.length > TOP && (
        <section className="below-fold mt-12" aria-labelledby="all-title">
          <h2 id="all-title" className="flex items-center gap-2 text-xl font-bold">
            <Layers aria-hidden className="h-5 w-5 text-accent" /> Todos os revelados
          </h2>
          <div className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6">
            {revealed.slice(TOP).map((card) => (
              <CharacterCard key={card.id} card={card} />
            ))}
          </div>
        </section>
      )}
    </div>
  )
}
