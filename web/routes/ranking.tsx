import { createFileRoute } from "@tanstack/react-router"
import { seo } from "../lib/seo"
import { RankingPage } from "./-ranking/RankingPage"
import { type RankingSearch, rankingInput } from "./-ranking/search"

export const Route = createFileRoute("/ranking")({
  // Only a cast here: every byte of a route definition is in every page's entry; the loader sanitises.
  validateSearch: (search: Record<string, unknown>) => search as RankingSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    await context.trpc.communityProfiles.ranking.ensureData(rankingInput(deps))
  },
  head: ({ match }) =>
    seo({
      title: "Ranking de colecionadores",
      description: "Os colecionadores Legendarium por pontos, nível e sequência de meses.",
      path: "/ranking",
      publicUrl: match.context.publicUrl,
    }),
  component: RankingPage,
})
