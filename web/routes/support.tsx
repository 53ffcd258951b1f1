import { createFileRoute } from "@tanstack/react-router"
import { supportHead } from "../lib/seo"
import { SupportPage } from "./-support/SupportPage"

// The same help page as /suporte (spec 002 §2); the loader and the page load with the route's own chunk.
export const Route = createFileRoute("/support")({
  loader: async ({ context }) => {
    await Promise.all([
      context.trpc.status.system.prefetch(),
      context.trpc.account.me
        .ensureData()
        .then((viewer) => viewer && context.trpc.support.myOrders.prefetch()),
    ])
  },
  head: ({ match }) => supportHead(match.context.publicUrl),
  component: SupportPage,
})
