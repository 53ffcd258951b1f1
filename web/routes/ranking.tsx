import { createFileRoute } from "@tanstack/react-router"
import { seo } from "../lib/seo"
import { RankingPage } from "./-ranking/RankingPage"
import { rankingInput, validateRankingSearch } from "./-ranking/search"

export const Route = createFileRoute("/ranking")({
  validateSearch: validateRankingSearch,
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
