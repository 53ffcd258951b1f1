import { createFileRoute } from "@tanstack/react-router"
import { ShelfView } from "../../components/shelf/ShelfView"
import { seo } from "../../lib/seo"
import { useViewer } from "../../lib/viewer"

/** The shelf's own page: the link 'Compartilhar' gives, with the shelf's Open Graph image. */
export const Route = createFileRoute("/estante/$userId")({
  loader: async ({ context, params }) => {
    const shelf = await context.trpc.shelf.get.ensureData({ userId: params.userId })
    return shelf
      ? {
          title: `Estante Virtual de ${shelf.owner.displayName}`,
          description: `${shelf.stats.total} ${shelf.stats.total === 1 ? "peça" : "peças"} na estante de ${shelf.owner.displayName} na Legendarium.`,
        }
      : null
  },
  head: ({ match, loaderData, params }) =>
    loaderData
      ? seo({
          ...loaderData,
          path: `/estante/${params.userId}`,
          image: `/og/estante/${params.userId}.jpg`,
          publicUrl: match.context.publicUrl,
        })
      : { meta: [{ title: "Estante indisponível | Legendarium" }, { name: "robots", content: "noindex" }] },
  component: ShelfPage,
})

function ShelfPage() {
  const { userId } = Route.useParams()
  const viewer = useViewer()
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ShelfView userId={userId} isOwner={viewer?.id === userId} />
    </div>
  )
}
