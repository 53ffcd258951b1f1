import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, useRouteContext } from "@tanstack/react-router"
import { Suspense } from "react"
import { PageLoading } from "../components/PageLoading"
import { SignInInvitation } from "../components/SignInInvitation"
import { useViewer } from "../lib/viewer"
import { AchievementList, loadBoard } from "./-missions/Board"

export const Route = createFileRoute("/achievements")({
  loader: ({ context }) => loadBoard(context),
  head: () => ({ meta: [{ title: "Conquistas | Legendarium" }, { name: "robots", content: "noindex" }] }),
  component: AchievementsPage,
})

function AchievementsPage() {
  const viewer = useViewer()
  if (!viewer)
    return (
      <SignInInvitation
        title="Entre para ver suas conquistas"
        purpose="Veja as conquistas que você já desbloqueou e o que falta para as próximas."
        from="/achievements"
      />
    )
  return (
    <Suspense fallback={<PageLoading label="Carregando conquistas" />}>
      <Achievements />
    </Suspense>
  )
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
