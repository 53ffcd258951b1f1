import { createFileRoute } from "@tanstack/react-router"
import { orNotFound } from "../../lib/notFound"
import { seo } from "../../lib/seo"
import { CollectorProfile, ProfileNotFound } from "../profile/-CollectorProfile"

/** A collector's profile by the username they chose: the address people share. */
export const Route = createFileRoute("/colecionador/$username")({
  loader: async ({ context, params }) => {
    const p = await orNotFound(
      context.trpc.communityProfiles.profile.ensureData({ username: params.username.toLowerCase() }),
    )
    return { name: p.displayName }
  },
  head: ({ loaderData, params, match }) =>
    seo({
      title: loaderData ? `${loaderData.name} (@${params.username}) | Colecionador` : "Perfil não encontrado",
      description: "Perfil de colecionador Legendarium.",
      path: `/colecionador/${params.username}`,
      publicUrl: match.context.publicUrl,
    }),
  notFoundComponent: function Missing() {
    return <ProfileNotFound handle={Route.useParams().username} />
  },
  component: function ProfileByUsername() {
    return <CollectorProfile profileKey={{ username: Route.useParams().username.toLowerCase() }} />
  },
})
