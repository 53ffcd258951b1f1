import {
  addDays,
  type CivilDate,
  civilFromEpochDay,
  epochDay,
  saoPauloMidnightUtcMs,
  toSaoPauloCivil,
} from "../calendar"

export type MissionType = "daily" | "weekly" | "monthly" | "achievement"
export type MissionCategory = "collection" | "engagement" | "social" | "purchase" | "luck"

/**
 * What a mission counts, always from stored data (never from a client call). Metrics with a window count what
 * happened inside the mission's period; the others are a figure of now (pieces held, collections completed).
 */
export type MissionMetric =
  /** Purchases and plan months credited in the period (not undone). */
  | "purchases"
  /** Characters added to the wishlist in the period. */
  | "favourites"
  /** Collectors followed in the period. */
  | "follows"
  /** Deliveries rated in the period. */
  | "reviews"
  /** Trades completed in the period. */
  | "trades"
  /** Pieces held now. */
  | "pieces"
  /** Collections completed now. */
  | "collections_completed"
  /** Legendary or mythic characters held now. */
  | "legendary"
  /** Pieces marked for trade now. */
  | "pieces_for_trade"

/** Metrics that count events inside the mission's period; the rest are a figure of the moment. */
export const WINDOWED_METRICS: ReadonlySet<MissionMetric> = new Set([
  "purchases",
  "favourites",
  "follows",
  "reviews",
  "trades",
])

export interface Mission {
  readonly code: string
  readonly name: string
  readonly description: string
  readonly type: MissionType
  readonly category: MissionCategory
  readonly metric: MissionMetric
  readonly target: number
  readonly xpReward: number
  readonly coinReward: number
}

/** The missions the store runs (spec 001 §3's Mission): each a rule `{ code, metric, target, rewards }`. */
export const MISSIONS: readonly Mission[] = [
  {
    code: "daily_wishlist",
    name: "Lista de Desejos",
    description: "Adicione um personagem aos favoritos hoje",
    type: "daily",
    category: "engagement",
    metric: "favourites",
    target: 1,
    xpReward: 20,
    coinReward: 5,
  },
  {
    code: "weekly_follow",
    name: "Conecte-se",
    description: "Siga 2 colecionadores nesta semana",
    type: "weekly",
    category: "social",
    metric: "follows",
    target: 2,
    xpReward: 50,
    coinReward: 10,
  },
  {
    code: "weekly_review",
    name: "Opinião que Conta",
    description: "Avalie uma entrega nesta semana",
    type: "weekly",
    category: "engagement",
    metric: "reviews",
    target: 1,
    xpReward: 40,
    coinReward: 8,
  },
  {
    code: "weekly_trade_shelf",
    name: "Vitrine de Trocas",
    description: "Deixe uma peça da sua coleção disponível para troca",
    type: "weekly",
    category: "social",
    metric: "pieces_for_trade",
    target: 1,
    xpReward: 30,
    coinReward: 5,
  },
  {
    code: "monthly_purchase",
    name: "Compra do Mês",
    description: "Garanta um personagem neste mês, avulso ou pela assinatura",
    type: "monthly",
    category: "purchase",
    metric: "purchases",
    target: 1,
    xpReward: 100,
    coinReward: 20,
  },
  {
    code: "monthly_trade",
    name: "Troca da Sorte",
    description: "Conclua uma troca com outro colecionador neste mês",
    type: "monthly",
    category: "luck",
    metric: "trades",
    target: 1,
    xpReward: 80,
    coinReward: 15,
  },
  {
    code: "achievement_ten_pieces",
    name: "Colecionador Dedicado",
    description: "Tenha 10 personagens na sua coleção",
    type: "achievement",
    category: "collection",
    metric: "pieces",
    target: 10,
    xpReward: 200,
    coinReward: 50,
  },
  {
    code: "achievement_complete_collection",
    name: "Coleção Fechada",
    description: "Complete todos os personagens de uma coleção",
    type: "achievement",
    category: "collection",
    metric: "collections_completed",
    target: 1,
    xpReward: 300,
    coinReward: 100,
  },
  {
    code: "achievement_legendary",
    name: "Achado Lendário",
    description: "Tenha um personagem lendário ou mítico",
    type: "achievement",
    category: "luck",
    metric: "legendary",
    target: 1,
    xpReward: 150,
    coinReward: 30,
  },
]

export const missionByCode = (code: string): Mission | undefined => MISSIONS.find((m) => m.code === code)

/** A mission's period: its key (what a redemption is unique by) and its bounds, epoch ms; null bounds: forever. */
export interface MissionPeriod {
  readonly key: string
  readonly start: number | null
  readonly end: number | null
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0")
const dayKey = (d: CivilDate) => `${d.year}-${pad(d.month)}-${pad(d.day)}`

/** ISO 8601 week of a civil date: weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeekOf(date: CivilDate): {
  readonly year: number
  readonly week: number
  monday: CivilDate
} {
  const day = epochDay(date)
  // 1970-01-01 was a Thursday: weekday 1 (Monday) .. 7 (Sunday).
  const weekday = ((((day + 3) % 7) + 7) % 7) + 1
  const thursday = civilFromEpochDay(day - weekday + 4)
  const firstOfYear = epochDay({ year: thursday.year, month: 1, day: 1 })
  const week = Math.floor((epochDay(thursday) - firstOfYear) / 7) + 1
  return { year: thursday.year, week, monday: civilFromEpochDay(day - weekday + 1) }
}

/** The period a mission of this type is in at an instant, in São Paulo time. */
export function periodOf(type: MissionType, at: number): MissionPeriod {
  const today = toSaoPauloCivil(at)
  switch (type) {
    case "daily":
      return {
        key: dayKey(today),
        start: saoPauloMidnightUtcMs(today),
        end: saoPauloMidnightUtcMs(addDays(today, 1)),
      }
    case "weekly": {
      const { year, week, monday } = isoWeekOf(today)
      return {
        key: `${year}-W${pad(week)}`,
        start: saoPauloMidnightUtcMs(monday),
        end: saoPauloMidnightUtcMs(addDays(monday, 7)),
      }
    }
    case "monthly": {
      const first = { year: today.year, month: today.month, day: 1 }
      const next =
        today.month === 12 ? { year: today.year + 1, month: 1, day: 1 } : { ...first, month: today.month + 1 }
      return {
        key: `${today.year}-${pad(today.month)}`,
        start: saoPauloMidnightUtcMs(first),
        end: saoPauloMidnightUtcMs(next),
      }
    }
    case "achievement":
      return { key: "always", start: null, end: null }
  }
}

export type MissionState = "in_progress" | "complete" | "redeemed"

export const isMissionComplete = (current: number, target: number): boolean => current >= target

/** Spec 001 §4: in progress, then complete (current ≥ target), then redeemed (stored on the server). */
export function missionState(current: number, target: number, redeemed: boolean): MissionState {
  if (redeemed) return "redeemed"
  return isMissionComplete(current, target) ? "complete" : "in_progress"
}

/** What the card says about time left: "Expira em 3 dias", "Expira em 5 horas"; null for achievement missions. */
export function expiryLabel(end: number | null, now: number): string | null {
  if (end === null) return null
  const left = Math.max(0, end - now)
  const hours = Math.ceil(left / 3_600_000)
  if (hours <= 1) return "Expira em menos de 1 hora"
  if (hours < 24) return `Expira em ${hours} horas`
  const days = Math.ceil(left / 86_400_000)
  return `Expira em ${days} ${days === 1 ? "dia" : "dias"}`
}

/** The ledger entry a redemption records: unique by mission and period, so one reward per period. */
export const missionReference = (mission: Mission, period: string): string => `${mission.code}:${period}`

export const MISSION_MESSAGES = {
  notFound: "Missão não encontrada",
  alreadyRedeemed: "Recompensa já resgatada",
  notComplete: "Missão ainda não concluída",
} as const
