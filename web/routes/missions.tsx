import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, useRouteContext } from "@tanstack/react-router"
import { CheckCircle2, Clock, Coins, Sparkles } from "lucide-react"
import { Suspense, useState } from "react"
import { expiryLabel } from "../../domain/community/missions"
import { PageLoading } from "../components/PageLoading"
import { ProgressBar } from "../components/ProgressBar"
import { SignInInvitation } from "../components/SignInInvitation"
import { Tabs } from "../components/Tabs"
import { toast } from "../lib/toast"
import { isTrpcError } from "../lib/trpc"
import { useViewer } from "../lib/viewer"
import { AchievementList, BadgeList, loadBoard, type MissionBoard, SummaryCards } from "./-missions/Board"

// The route definition stays in every page's entry script: kept to the minimum, the rest is split off.
export const Route = createFileRoute("/missions")({
  loader: ({ context }) => loadBoard(context),
  head: () => ({ meta: [{ title: "Missões | Legendarium" }, { name: "robots", content: "noindex" }] }),
  component: MissionsPage,
})

const MISSIONS_PURPOSE = "Complete missões, ganhe XP e moedas e desbloqueie conquistas."

function MissionsPage() {
  const viewer = useViewer()
  if (!viewer)
    return (
      <SignInInvitation title="Entre para ver suas missões" purpose={MISSIONS_PURPOSE} from="/missions" />
    )
  return (
    <Suspense fallback={<PageLoading label="Carregando missões" />}>
      <Board />
    </Suspense>
  )
}

const TYPE_LABELS = {
  daily: "Diária",
  weekly: "Semanal",
  monthly: "Mensal",
  achievement: "Conquista",
} as const
const CATEGORY_LABELS = {
  collection: "Coleção",
  engagement: "Engajamento",
  social: "Social",
  purchase: "Compra",
  luck: "Sorte",
} as const

function Board() {
  const { trpc } = useRouteContext({ from: "__root__" })
  const { data } = useSuspenseQuery(trpc.missions.board.queryOptions())
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Missões</h1>
      <p className="mt-1 text-muted">{MISSIONS_PURPOSE}</p>
      <div className="mt-6">
        <SummaryCards summary={data.summary} />
      </div>
      <div className="mt-8">
        <Tabs
          label="Missões, conquistas e emblemas"
          tabs={[
            {
              id: "missions",
              label: "Missões",
              content: (
                <ul className="grid gap-3 sm:grid-cols-2">
                  {data.missions.map((m) => (
                    <MissionCard key={m.code} mission={m} now={data.now} />
                  ))}
                </ul>
              ),
            },
            {
              id: "achievements",
              label: "Conquistas",
              content: <AchievementList achievements={data.achievements} />,
            },
            { id: "badges", label: "Emblemas", content: <BadgeList badges={data.badges} /> },
          ]}
        />
      </div>
    </div>
  )
}

function MissionCard({ mission, now }: { mission: MissionBoard["missions"][number]; now: number }) {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const expiry = expiryLabel(mission.expiresAt, now)
  const redeem = async () => {
    setBusy(true)
    try {
      const reward = await trpcClient.missions.redeem.mutate({ mission: mission.code })
      toast.success(`Recompensa resgatada: +${reward.xp} XP e ${reward.coins} moedas`)
    } catch (error) {
      toast.error(isTrpcError(error) ? error.message : "Não foi possível resgatar a recompensa")
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.missions.board.queryKey(undefined) })
      setBusy(false)
    }
  }
  return (
    <li className="flex flex-col rounded-xl border border-border p-4" data-mission={mission.code}>
      <div className="flex items-center justify-between gap-2 text-xs text-muted">
        <span>
          {TYPE_LABELS[mission.type]} · {CATEGORY_LABELS[mission.category]}
        </span>
        {expiry && (
          <span className="flex items-center gap-1">
            <Clock aria-hidden className="h-3.5 w-3.5" />
            {expiry}
          </span>
        )}
      </div>
      <h3 className="mt-2 font-semibold">{mission.name}</h3>
      <p className="text-sm text-muted">{mission.description}</p>
      <div className="mt-3">
        <div className="flex justify-between text-sm">
          <span>Progresso</span>
          <span>
            {mission.current}/{mission.target}
          </span>
        </div>
        <ProgressBar label={`Progresso de ${mission.name}`} value={mission.current} max={mission.target} />
      </div>
      <p className="mt-3 flex items-center gap-3 text-sm">
        <span className="flex items-center gap-1">
          <Sparkles aria-hidden className="h-4 w-4" />
          {mission.xpReward} XP
        </span>
        <span className="flex items-center gap-1">
          <Coins aria-hidden className="h-4 w-4" />
          {mission.coinReward} moedas
        </span>
      </p>
      <div className="mt-auto pt-3">
        {mission.state === "redeemed" ? (
          <p className="flex items-center gap-1 text-sm font-medium text-green-700 dark:text-green-400">
            <CheckCircle2 aria-hidden className="h-4 w-4" />
            Recompensa Resgatada
          </p>
        ) : mission.state === "complete" ? (
          <button type="button" className="btn btn-primary w-full" disabled={busy} onClick={redeem}>
            Resgatar Recompensa
          </button>
        ) : (
          <p className="text-sm text-muted">Em andamento</p>
        )}
      </div>
    </li>
  )
}
