import { createFileRoute } from "@tanstack/react-router"
import { orNotFound } from "../../lib/notFound"
import { seo } from "../../lib/seo"
import { CollectorProfile, ProfileNotFound } from "./-CollectorProfile"

/** A collector's profile by account id or username (/colecionador/{username} is a server redirect here). */
export const Route = createFileRoute("/profile/$userId")({
  loader: async ({ context, params }) => {
    const p = await orNotFound(context.trpc.communityProfiles.profile.ensureData({ handle: params.userId }))
    // The shelf tab opens first: rendered by the server with the rest.
    if (p.visibility === "public") await context.trpc.shelf.get.ensureData({ userId: p.userId })
    // The trail ends in the collector's public name, never the account id of the address.
    return {
      name: p.displayName,
      userId: p.userId,
      crumb: { href: `/profile/${params.userId}`, label: p.displayName },
    }
  },
  head: ({ loaderData, params, match }) =>
    seo({
      title: loaderData?.name ?? "Perfil não encontrado",
      description: "Perfil de colecionador Legendarium.",
      path: `/profile/${params.userId}`,
      // The shelf's own preview (a private or unknown shelf gets the store's).
      image: loaderData && `/og/estante/${loaderData.userId}.jpg`,
      publicUrl: match.context.publicUrl,
    }),
  notFoundComponent: function Missing() {
    return <ProfileNotFound handle={Route.useParams().userId} />
  },
  component: function Profile() {
    return <CollectorProfile profileKey={{ handle: Route.useParams().userId }} />
  },
})
