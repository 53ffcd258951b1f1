import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute } from "@tanstack/react-router"
import { CharacterCard } from "../../../components/CharacterCard"
import { NotFound } from "../../../components/NotFound"
import { orNotFound } from "../../../lib/notFound"
import { entitySeo } from "../../../lib/seo"
import { prefetchSubscriberView } from "../../../lib/subscriber"

export const Route = createFileRoute("/colecoes/$collectionId/personagens")({
  loader: async ({ context, params }) => {
    const [data] = await Promise.all([
      orNotFound(context.trpc.catalog.collection.ensureData({ id: params.collectionId })),
      prefetchSubscriberView(context),
    ])
    return {
      crumb: { href: `/colecoes/${params.collectionId}`, label: data.collection.name },
      title: `Personagens de ${data.collection.name}`,
      description: `Os ${data.collection.counters.total} personagens de ${data.collection.name}, mês a mês: revelados, personagem do mês e próximas revelações.`,
      image: data.collection.imageUrl,
    }
  },
  head: ({ match, loaderData, params }) =>
    entitySeo(loaderData, {
      path: `/colecoes/${params.collectionId}/personagens`,
      publicUrl: match.context.publicUrl,
      missingTitle: "Coleção não encontrada",
    }),
  notFoundComponent: () => <NotFound title="Coleção não encontrada" />,
  component: CharactersPage,
})

function CharactersPage() {
  const { trpc } = Route.useRouteContext()
  const { collectionId } = Route.useParams()
  const { data } = useSuspenseQuery(trpc.catalog.collection.queryOptions({ id: collectionId }))
  return (
    <div className="mx-auto max-w-[1600px] px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Personagens de {data.collection.name}</h1>
      <p className="mt-2 text-muted">
        {data.collection.counters.revealed} de {data.collection.counters.total} revelados ·{" "}
        {data.collection.counters.upcoming} em breve
      </p>
      <div className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6">
        {data.characters.map((card, i) => (
          <CharacterCard key={card.id} card={card} priority={i < 2} />
        ))}
      </div>
    </div>
  )
}
