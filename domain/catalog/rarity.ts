import { foldText } from "../text"

export type Rarity = "common" | "rare" | "epic" | "legendary" | "mythic"

export const RARITY_LABELS: Readonly<Record<Rarity, string>> = {
  common: "Comum",
  rare: "Raro",
  epic: "Épico",
  legendary: "Lendário",
  mythic: "Mítico",
}

/** Highest first, the order used for display. */
export const RARITY_ORDER: readonly Rarity[] = ["mythic", "legendary", "epic", "rare", "common"]

/** Numeric rank, higher is rarer. */
export const RARITY_RANK: Readonly<Record<Rarity, number>> = {
  common: 0,
  rare: 1,
  epic: 2,
  legendary: 3,
  mythic: 4,
}

// A Map so inherited keys ("constructor") never match; keys are folded: lower case without accents, so "LENDÁRIO" and "lendario" both match.
const RARITY_ALIASES: ReadonlyMap<string, Rarity> = new Map(
  Object.entries({
    common: "common",
    comum: "common",
    rare: "rare",
    raro: "rare",
    rara: "rare",
    epic: "epic",
    epico: "epic",
    epica: "epic",
    legendary: "legendary",
    lendario: "legendary",
    lendaria: "legendary",
    mythic: "mythic",
    mythical: "mythic",
    mitico: "mythic",
    mitica: "mythic",
  } satisfies Record<string, Rarity>),
)

/** Unknown or missing rarity degrades to "common" so a bad record never hides a card. */
export function parseRarity(raw: string | null | undefined): Rarity {
  if (raw == null) return "common"
  return RARITY_ALIASES.get(foldText(raw)) ?? "common"
}

/** Sort comparator: rarest first. */
export function compareRarityDesc(a: Rarity, b: Rarity): number {
  return RARITY_RANK[b] - RARITY_RANK[a]
}

export type RarityTone = "grey" | "blue" | "purple" | "amber" | "rose"

const RARITY_TONES: Readonly<Record<Rarity, RarityTone>> = {
  common: "grey",
  rare: "blue",
  epic: "purple",
  legendary: "amber",
  mythic: "rose",
}

export function rarityTone(r: Rarity): RarityTone {
  return RARITY_TONES[r]
}

export type StatTone = "excellent" | "great" | "good" | "fair" | "low"

export function statTone(value: number): StatTone {
  if (value >= 90) return "excellent"
  if (value >= 70) return "great"
  if (value >= 50) return "good"
  if (value >= 30) return "fair"
  return "low"
}

/** Stats are shown as 0-100 bars; anything outside (or NaN) must not break the bar width. */
export function clampStat(n: number): number {
  if (Number.isNaN(n)) return 0
  return Math.min(100, Math.max(0, Math.round(n)))
}
