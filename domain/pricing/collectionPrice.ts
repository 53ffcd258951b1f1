import { type Cents, parseReaisToCents } from "../money"
import { foldText } from "../text"

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
