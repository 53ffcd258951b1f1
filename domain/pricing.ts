import { type Cents, parseReaisToCents } from "./money"
import { foldText } from "./text"

export type ThemeKey = "anime" | "heroes" | "horror" | "scifi" | "fantasy" | "dc" | "marvel"

export const THEME_KEYS: readonly ThemeKey[] = [
  "anime",
  "heroes",
  "horror",
  "scifi",
  "fantasy",
  "dc",
  "marvel",
]

// A Map, not an object, so inherited keys such as "constructor" never match.
// Keys are folded (lower case, no accents, spaces/underscores as dashes).
const THEME_ALIASES: ReadonlyMap<string, ThemeKey> = new Map(
  Object.entries({
    anime: "anime",
    animes: "anime",
    heroes: "heroes",
    hero: "heroes",
    herois: "heroes",
    heroi: "heroes",
    horror: "horror",
    terror: "horror",
    scifi: "scifi",
    "sci-fi": "scifi",
    "science-fiction": "scifi",
    "ficcao-cientifica": "scifi",
    fantasy: "fantasy",
    fantasia: "fantasy",
    dc: "dc",
    "dc-heroes": "dc",
    "dc-comics": "dc",
    marvel: "marvel",
    "marvel-heroes": "marvel",
  } satisfies Record<string, ThemeKey>),
)

export function normalizeTheme(raw: string | null | undefined): ThemeKey | null {
  if (raw == null) return null
  return THEME_ALIASES.get(foldText(raw).replace(/[\s_]+/g, "-")) ?? null
}

export interface CategoryPrice {
  price: Cents
  label: string
  tier: "standard" | "premium"
  description: string
}

export const CATEGORY_PRICES: Readonly<Record<ThemeKey, CategoryPrice>> = {
  anime: { price: 29990, label: "Anime", tier: "standard", description: "Personagens icônicos dos animes." },
  heroes: {
    price: 49990,
    label: "Heróis",
    tier: "premium",
    description: "Os maiores heróis em edição premium.",
  },
  horror: {
    price: 39990,
    label: "Terror",
    tier: "premium",
    description: "Lendas do terror para colecionar.",
  },
  scifi: {
    price: 44990,
    label: "Ficção Científica",
    tier: "premium",
    description: "Ícones da ficção científica.",
  },
  fantasy: {
    price: 39990,
    label: "Fantasia",
    tier: "premium",
    description: "Heróis e criaturas de mundos fantásticos.",
  },
  dc: { price: 39990, label: "DC", tier: "premium", description: "Personagens do universo DC." },
  marvel: { price: 39990, label: "Marvel", tier: "premium", description: "Personagens do universo Marvel." },
}

/** Default collection price, also the basis for advertised savings. */
export const DEFAULT_PRICE: Cents = 29990
/** Used by the cart when an item carries no usable price at all. */
export const CART_FALLBACK_PRICE: Cents = 39990

export interface PriceSource {
  price?: unknown
  final_price?: unknown
  price_per_box?: unknown
  theme?: string | null
}

function isPresent(value: unknown): boolean {
  return value !== null && value !== undefined && !(typeof value === "string" && value.trim() === "")
}

/** Spec: an explicit price that cannot be parsed falls back to R$ 299,90 rather than to the theme price. */
export function collectionPrice(input: PriceSource): Cents {
  const explicit = [input.price, input.final_price, input.price_per_box].find(isPresent)
  if (explicit !== undefined) return parseReaisToCents(explicit) ?? DEFAULT_PRICE
  const theme = normalizeTheme(input.theme)
  return theme === null ? DEFAULT_PRICE : CATEGORY_PRICES[theme].price
}

export interface SubscriptionPlan {
  id: string
  name: string
  price: Cents
  frequency: "monthly" | "bimonthly"
  frequencyCount: 1 | 2
  charactersPerCycle: number
  /** Copied from the spec as marketing copy, not derived from prices. */
  statedSaving?: Cents
  statedDiscountPercent?: number
  benefits: readonly string[]
}

export const SUBSCRIPTION_PLANS: readonly SubscriptionPlan[] = [
  {
    id: "monthly-plan",
    name: "Plano Mensal",
    price: 29990,
    frequency: "monthly",
    frequencyCount: 1,
    charactersPerCycle: 1,
    benefits: [
      "1 personagem por mês",
      "Envio mensal garantido",
      "Suporte prioritário",
      "Sem taxa de cancelamento",
    ],
  },
  {
    id: "bimonthly-plan",
    name: "Plano Bimestral",
    price: 49990,
    frequency: "bimonthly",
    frequencyCount: 2,
    charactersPerCycle: 2,
    // The spec states R$ 99,80 versus two monthly payments; kept verbatim.
    statedSaving: 9980,
    statedDiscountPercent: 16,
    benefits: [
      "2 personagens a cada 2 meses",
      "Economia de R$ 99,80",
      "Envio bimestral garantido",
      "Suporte prioritário",
      "Sem taxa de cancelamento",
    ],
  },
]

export function findSubscriptionPlan(id: string): SubscriptionPlan | null {
  return SUBSCRIPTION_PLANS.find((plan) => plan.id === id) ?? null
}
