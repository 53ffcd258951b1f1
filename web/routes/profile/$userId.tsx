import { createFileRoute } from "@tanstack/react-router"
import { orNotFound } from "../../lib/notFound"
import { seo } from "../../lib/seo"
import { CollectorProfile, ProfileNotFound } from "./-CollectorProfile"

export const Route = createFileRoute("/profile/$userId")({
  loader: async ({ context, params }) => {
    const p = await orNotFound(context.trpc.communityProfiles.profile.ensureData({ userId: params.userId }))
    return { name: p.displayName }
  },
  head: ({ loaderData, params, match }) =>
    seo({
      title: loaderData ? `${loaderData.name} | Colecionador` : "Perfil não encontrado",
      description: "Perfil de colecionador Legendarium.",
      path: `/profile/${params.userId}`,
      publicUrl: match.context.publicUrl,
    }),
  notFoundComponent: function Missing() {
    return <ProfileNotFound handle={Route.useParams().userId} />
  },
  component: function ProfileById() {
    return <CollectorProfile profileKey={{ userId: Route.useParams().userId }} />
  },
})
