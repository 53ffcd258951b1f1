import { Award, Coins, Lock, Medal, Sparkles, Target, Trophy } from "lucide-react"
import type { ReactNode } from "react"
import { RARITY_LABELS, type Rarity } from "../../../domain/catalog/rarity"
import { coinDebtNote } from "../../../domain/community/coinLedger"
import { formatDate } from "../../lib/format"
import type { RouterOutputs } from "../../lib/trpc"
import type { RouterContext } from "../../router"

export type MissionBoard = RouterOutputs["missions"]["board"]

/** A visitor is invited to sign in on the page, not redirected; a collector's board renders on the server. */
export async function loadBoard(context: RouterContext) {
  if (await context.trpc.account.me.ensureData()) await context.trpc.missions.board.ensureData()
}

export function SummaryCards({ summary }: { summary: MissionBoard["summary"] }) {
  const cards: [string, string, ReactNode][] = [
    [
      "Missões concluídas",
      `${summary.completedMissions}/${summary.totalMissions}`,
      <Target key="t" aria-hidden className="h-5 w-5" />,
    ],
    [
      "Conquistas",
      `${summary.achievements}/${summary.totalAchievements}`,
      <Trophy key="a" aria-hidden className="h-5 w-5" />,
    ],
    [
      "Emblemas",
      `${summary.badges}/${summary.totalBadges}`,
      <Medal key="b" aria-hidden className="h-5 w-5" />,
    ],
    [
      "XP total",
      summary.totalXp.toLocaleString("pt-BR"),
      <Sparkles key="x" aria-hidden className="h-5 w-5" />,
    ],
    ["Moedas", summary.coins.toLocaleString("pt-BR"), <Coins key="c" aria-hidden className="h-5 w-5" />],
  ]
  const debt = coinDebtNote(summary.coins)
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {cards.map(([label, value, icon]) => (
          <div key={label} className="rounded-xl border border-border p-4">
            <dt className="flex items-center gap-2 text-sm text-muted">
              {icon}
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold" data-testid={`summary-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {debt && (
        <p role="note" className="mt-3 text-sm text-muted">
          {debt}
        </p>
      )}
    </>
  )
}

/** Every achievement, grouped (general, then per collection): unlocked with its date, or what is missing. */
export function AchievementList({ achievements }: { achievements: MissionBoard["achievements"] }) {
  const groups = [...new Set(achievements.map((a) => a.group))]
  return (
    <div className="space-y-8">
      {groups.map((group) => (
        <section key={group} aria-label={group}>
          <h2 className="text-lg font-semibold">{group}</h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {achievements
              .filter((a) => a.group === group)
              .map((a) => (
                <RewardCard
                  key={a.id}
                  icon={<Award aria-hidden className="h-6 w-6" />}
                  name={a.name}
                  description={a.description}
                  rarity={a.rarity}
                  unlockedAt={a.unlockedAt}
                  missing={a.missing}
                  extra={`${a.xp} XP`}
                />
              ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

export function BadgeList({ badges }: { badges: MissionBoard["badges"] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {badges.map((b) => (
        <RewardCard
          key={b.code}
          icon={<Medal aria-hidden className="h-6 w-6" />}
          name={b.name}
          description={b.description}
          rarity={b.rarity}
          unlockedAt={b.unlockedAt}
          missing={b.missing}
        />
      ))}
    </ul>
  )
}

function RewardCard(props: {
  icon: ReactNode
  name: string
  description: string
  rarity: Rarity
  unlockedAt: number | null
  missing: string | null
  extra?: string
}) {
  const unlocked = props.unlockedAt !== null
  return (
    <li
      className={`flex gap-3 rounded-xl border p-4 ${unlocked ? "border-amber-500/60" : "border-border opacity-80"}`}
      data-unlocked={unlocked}
    >
      <span className={unlocked ? "text-amber-600 dark:text-amber-400" : "text-muted"}>
        {unlocked ? props.icon : <Lock aria-hidden className="h-6 w-6" />}
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold">{props.name}</h3>
        <p className="text-sm text-muted">{props.description}</p>
        <p className="mt-1 text-xs text-muted">
          {RARITY_LABELS[props.rarity]}
          {props.extra ? ` · ${props.extra}` : ""}
        </p>
        <p className="mt-1 text-sm">
          {props.unlockedAt !== null ? (
            <span className="text-green-700 dark:text-green-400">
              Desbloqueado em {formatDate(props.unlockedAt)}
            </span>
          ) : (
            <span>
              <span className="font-medium">Bloqueado</span> · {props.missing}
            </span>
          )}
        </p>
      </div>
    </li>
  )
}
