import { describe, expect, it } from "vitest"
import {
  CART_FALLBACK_PRICE,
  CATEGORY_PRICES,
  collectionPrice,
  DEFAULT_PRICE,
  normalizeTheme,
  THEME_KEYS,
  type ThemeKey,
} from "./collectionPrice"

describe("normalizeTheme", () => {
  it.each<[string | null | undefined, ThemeKey | null]>([
    ["anime", "anime"],
    ["ANIME", "anime"],
    ["  Anime ", "anime"],
    ["heroes", "heroes"],
    ["herois", "heroes"],
    ["Heróis", "heroes"],
    ["HERÓIS", "heroes"],
    ["horror", "horror"],
    ["terror", "horror"],
    ["scifi", "scifi"],
    ["sci-fi", "scifi"],
    ["Sci Fi", "scifi"],
    ["science fiction", "scifi"],
    ["Science_Fiction", "scifi"],
    ["ficção científica", "scifi"],
    ["Ficcao Cientifica", "scifi"],
    ["fantasy", "fantasy"],
    ["fantasia", "fantasy"],
    ["dc", "dc"],
    ["DC-Heroes", "dc"],
    ["dc heroes", "dc"],
    ["marvel", "marvel"],
    ["marvel-heroes", "marvel"],
    ["Marvel Heroes", "marvel"],
    ["western", null],
    ["constructor", null],
    ["__proto__", null],
    ["", null],
    [null, null],
    [undefined, null],
  ])("%o → %o", (raw, expected) => {
    expect(normalizeTheme(raw)).toBe(expected)
  })

  it("accepts every canonical key", () => {
    for (const key of THEME_KEYS) expect(normalizeTheme(key)).toBe(key)
  })
})

describe("CATEGORY_PRICES", () => {
  it.each<[ThemeKey, number, string, "standard" | "premium"]>([
    ["anime", 29990, "Anime", "standard"],
    ["heroes", 49990, "Heróis", "premium"],
    ["horror", 39990, "Terror", "premium"],
    ["scifi", 44990, "Ficção Científica", "premium"],
    ["fantasy", 39990, "Fantasia", "premium"],
    ["dc", 39990, "DC", "premium"],
    ["marvel", 39990, "Marvel", "premium"],
  ])("%s costs %i, labelled %s (%s)", (key, price, label, tier) => {
    expect(CATEGORY_PRICES[key]).toMatchObject({ price, label, tier })
    expect(CATEGORY_PRICES[key].description.length).toBeGreaterThan(0)
  })

  it("has the fallback constants of the spec", () => {
    expect(DEFAULT_PRICE).toBe(29990)
    expect(CART_FALLBACK_PRICE).toBe(39990)
  })
})

describe("collectionPrice", () => {
  it.each<[Parameters<typeof collectionPrice>[0], number]>([
    [{ price: "349.90" }, 34990],
    [{ price: 349.9 }, 34990],
    [{ price: "R$ 1.299,90" }, 129990],
    [{ price: "349.90", final_price: "100", price_per_box: "50" }, 34990],
    [{ final_price: "199,90", price_per_box: "50" }, 19990],
    [{ price: null, final_price: "199,90" }, 19990],
    [{ price: "", final_price: "199,90" }, 19990],
    [{ price: "  ", final_price: "199,90" }, 19990],
    [{ price: undefined, final_price: undefined, price_per_box: 59.9 }, 5990],
    [{ price: "0", theme: "heroes" }, 0],
    // An explicit but unparseable price must not fall through to the theme.
    [{ price: "grátis", theme: "heroes" }, DEFAULT_PRICE],
    [{ price: "abc", final_price: "199,90" }, DEFAULT_PRICE],
    [{ price: -10, theme: "heroes" }, DEFAULT_PRICE],
    [{ price: {}, theme: "heroes" }, DEFAULT_PRICE],
    [{ theme: "heroes" }, 49990],
    [{ theme: "Heróis" }, 49990],
    [{ theme: "ficção científica" }, 44990],
    [{ theme: "marvel-heroes" }, 39990],
    [{ theme: "anime" }, 29990],
    [{ theme: "western" }, DEFAULT_PRICE],
    [{ theme: null }, DEFAULT_PRICE],
    [{}, DEFAULT_PRICE],
  ])("%o → %i", (input, expected) => {
    expect(collectionPrice(input)).toBe(expected)
  })
})
