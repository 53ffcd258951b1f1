import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, useRouteContext } from "@tanstack/react-router"
import { PageLoading } from "../components/PageLoading"
import { seo } from "../lib/seo"
import { useViewer } from "../lib/viewer"
import { AchievementList, SignInRequired } from "./-missions/Board"

export const Route = createFileRoute("/achievements")({
  loader: async ({ context }) => {
    if (await context.trpc.account.me.ensureData()) await context.trpc.missions.board.ensureData()
  },
  pendingComponent: () => <PageLoading label="Carregando conquistas" />,
  head: ({ match }) => ({
    ...seo({
      title: "Conquistas",
      description: "As conquistas do colecionador.",
      path: "/achievements",
      publicUrl: match.context.publicUrl,
    }),
    meta: [{ title: "Conquistas | Legendarium" }, { name: "robots", content: "noindex" }],
  }),
  component: AchievementsPage,
})

function AchievementsPage() {
  const viewer = useViewer()
  if (!viewer) return <SignInRequired from="/achievements" />
  return <Achievements />
}

function Achievements() {
  const { trpc } = useRouteContext({ from: "__root__" })
  const { data } = useSuspenseQuery(trpc.missions.board.queryOptions())
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Conquistas</h1>
      <p className="mt-1 text-muted">
        {data.summary.achievements} de {data.summary.totalAchievements} conquistas desbloqueadas
      </p>
      <div className="mt-6">
        <AchievementList achievements={data.achievements} />
      </div>
    </div>
  )
}
