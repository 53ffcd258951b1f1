import { COLLECTION_ACHIEVEMENTS } from "./progress"

/**
 * The overview achievements of spec 001 §4 (first character, one complete collection, one legendary held) and
 * the badges (§3 Badge: unlocked with a date, locked while absent). Each is a rule `{ code, fact, target }` on
 * figures computed from stored data; unlocking happens in refreshCollector, once.
 */

/** Figures of a collector that achievements and badges read; all of them all-time or "now". */
export interface CollectorFigures {
  readonly pieces: number
  readonly collectionsCompleted: number
  /** Legendary or mythic characters held. */
  readonly legendary: number
  /** Purchases credited and not undone. */
  readonly purchases: number
  /** Plan months credited and not undone. */
  readonly planMonths: number
  /** Collectors followed. */
  readonly follows: number
  /** Trades completed. */
  readonly trades: number
  readonly streak: number
}

export type Rarity = "common" | "rare" | "epic" | "legendary"

interface Rule {
  readonly code: string
  readonly name: string
  readonly description: string
  readonly rarity: Rarity
  readonly fact: keyof CollectorFigures
  readonly target: number
  /** What a locked card says is missing, given how far the collector is. */
  readonly missing: (current: number) => string
}

export interface OverviewAchievement extends Rule {
  readonly xp: number
}

export type Badge = Rule

const left = (n: number, one: string, many: string) =>
  `Falta${n === 1 ? "" : "m"} ${n} ${n === 1 ? one : many}`

export const OVERVIEW_ACHIEVEMENTS: readonly OverviewAchievement[] = [
  {
    code: "overview_first_character",
    name: "Início da Jornada",
    description: "Tenha seu primeiro personagem",
    rarity: "common",
    fact: "pieces",
    target: 1,
    xp: 50,
    missing: () => "Garanta seu primeiro personagem",
  },
  {
    code: "overview_complete_collection",
    name: "Coleção Completa",
    description: "Complete uma coleção inteira",
    rarity: "epic",
    fact: "collectionsCompleted",
    target: 1,
    xp: 300,
    missing: () => "Complete todos os personagens de uma coleção",
  },
  {
    code: "overview_legendary",
    name: "Lenda na Estante",
    description: "Tenha um personagem lendário",
    rarity: "rare",
    fact: "legendary",
    target: 1,
    xp: 200,
    missing: () => "Garanta um personagem lendário ou mítico",
  },
]

/** Badges are stored as achievements with this code prefix. */
export const BADGE_PREFIX = "badge:"

export const BADGES: readonly Badge[] = [
  {
    code: "first_purchase",
    name: "Primeira Compra",
    description: "Fez a primeira compra na loja",
    rarity: "common",
    fact: "purchases",
    target: 1,
    missing: () => "Faça sua primeira compra",
  },
  {
    code: "subscriber",
    name: "Assinante",
    description: "Recebeu um personagem pela assinatura",
    rarity: "common",
    fact: "planMonths",
    target: 1,
    missing: () => "Assine um plano e receba seu primeiro personagem",
  },
  {
    code: "legendary_collector",
    name: "Colecionador Lendário",
    description: "Tem 3 personagens lendários ou míticos",
    rarity: "legendary",
    fact: "legendary",
    target: 3,
    missing: (n) => left(3 - n, "personagem lendário", "personagens lendários"),
  },
  {
    code: "completist",
    name: "Completista",
    description: "Completou 3 coleções",
    rarity: "epic",
    fact: "collectionsCompleted",
    target: 3,
    missing: (n) => left(3 - n, "coleção completa", "coleções completas"),
  },
  {
    code: "veteran",
    name: "Veterano",
    description: "Comprou ou recebeu personagens por 6 meses seguidos",
    rarity: "rare",
    fact: "streak",
    target: 6,
    missing: (n) => left(6 - n, "mês seguido", "meses seguidos"),
  },
  {
    code: "social",
    name: "Social",
    description: "Segue 3 colecionadores",
    rarity: "common",
    fact: "follows",
    target: 3,
    missing: (n) => left(3 - n, "colecionador para seguir", "colecionadores para seguir"),
  },
  {
    code: "trader",
    name: "Negociante",
    description: "Concluiu a primeira troca",
    rarity: "rare",
    fact: "trades",
    target: 1,
    missing: () => "Conclua sua primeira troca",
  },
]

export const isReached = (rule: Rule, figures: CollectorFigures): boolean => figures[rule.fact] >= rule.target

export const reachedOverview = (figures: CollectorFigures): readonly OverviewAchievement[] =>
  OVERVIEW_ACHIEVEMENTS.filter((a) => isReached(a, figures))

export const reachedBadges = (figures: CollectorFigures): readonly Badge[] =>
  BADGES.filter((b) => isReached(b, figures))

/** What a locked achievement or badge card says is missing. */
export const missingFor = (rule: Rule, figures: CollectorFigures): string =>
  rule.missing(Math.min(figures[rule.fact], rule.target))

/**
 * The name and description of any stored achievement code: a collection's, an overview one or a badge (stored
 * with BADGE_PREFIX). Null for a code this store no longer knows.
 */
export function describeAchievement(
  code: string,
): { readonly name: string; readonly description: string } | null {
  const badge = code.startsWith(BADGE_PREFIX) ? BADGES.find((b) => BADGE_PREFIX + b.code === code) : undefined
  const known =
    badge ??
    OVERVIEW_ACHIEVEMENTS.find((a) => a.code === code) ??
    COLLECTION_ACHIEVEMENTS.find((a) => a.code === code)
  return known ? { name: known.name, description: known.description } : null
}

export const isBadgeCode = (code: string): boolean => code.startsWith(BADGE_PREFIX)
