import { createFileRoute } from "@tanstack/react-router"
import { orNotFound } from "../../lib/notFound"
import { seo } from "../../lib/seo"
import { CollectorProfile, ProfileNotFound } from "./-CollectorProfile"

/** A collector's profile by account id or username (/colecionador/{username} is a server redirect here). */
export const Route = createFileRoute("/profile/$userId")({
  loader: async ({ context, params }) => {
    const p = await orNotFound(context.trpc.communityProfiles.profile.ensureData({ handle: params.userId }))
    return { name: p.displayName }
  },
  head: ({ loaderData, params, match }) =>
    seo({
      title: loaderData?.name ?? "Perfil não encontrado",
      description: "Perfil de colecionador Legendarium.",
      path: `/profile/${params.userId}`,
      publicUrl: match.context.publicUrl,
    }),
  notFoundComponent: function Missing() {
    return <ProfileNotFound handle={Route.useParams().userId} />
  },
  component: function Profile() {
    return <CollectorProfile profileKey={{ handle: Route.useParams().userId }} />
  },
})
