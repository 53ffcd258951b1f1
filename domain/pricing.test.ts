import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  CART_FALLBACK_PRICE,
  CATEGORY_PRICES,
  collectionPrice,
  DEFAULT_PRICE,
  isPeriodKey,
  normalizeTheme,
  PERIOD_PLANS,
  type PeriodKey,
  periodPlanQuote,
  THEME_KEYS,
  type ThemeKey,
} from "./pricing"

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

describe("period plans", () => {
  it.each<[PeriodKey, number, number, string, boolean]>([
    ["quarterly", 3, 10, "Trimestral", true],
    ["semiannual", 6, 15, "Semestral", false],
    ["annual", 12, 20, "Anual", false],
  ])("%s: %i months, %i%% off, %s, popular=%s", (key, months, discountPercent, label, popular) => {
    expect(PERIOD_PLANS[key]).toEqual({ months, discountPercent, label, popular })
  })

  it.each<[unknown, boolean]>([
    ["quarterly", true],
    ["semiannual", true],
    ["annual", true],
    ["monthly", false],
    ["Quarterly", false],
    ["toString", false],
    [3, false],
    [null, false],
  ])("isPeriodKey(%o) = %s", (x, expected) => {
    expect(isPeriodKey(x)).toBe(expected)
  })

  it.each<[number, PeriodKey, number, number, number, number]>([
    [29990, "quarterly", 89970, 8997, 80973, 26991],
    [29990, "semiannual", 179940, 26991, 152949, 25492],
    [29990, "annual", 359880, 71976, 287904, 23992],
    [49990, "quarterly", 149970, 14997, 134973, 44991],
    [44990, "semiannual", 269940, 40491, 229449, 38242],
    [39990, "annual", 479880, 95976, 383904, 31992],
    [1, "quarterly", 3, 0, 3, 1],
    [0, "annual", 0, 0, 0, 0],
  ])(
    "%i × %s → gross %i, discount %i, total %i, %i/month",
    (unit, period, gross, discount, total, perMonth) => {
      const { months, discountPercent } = PERIOD_PLANS[period]
      expect(periodPlanQuote(unit, period)).toEqual({
        period,
        months,
        discountPercent,
        gross,
        discount,
        total,
        perMonth,
        savings: discount,
      })
    },
  )

  it("total + discount = gross and perMonth is within half a centavo of total / months", () => {
    const period = fc.constantFrom<PeriodKey>("quarterly", "semiannual", "annual")
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), period, (unit, p) => {
        const q = periodPlanQuote(unit, p)
        expect(q.total + q.discount).toBe(q.gross)
        expect(q.gross).toBe(unit * q.months)
        expect(Math.abs(q.perMonth * q.months - q.total)).toBeLessThanOrEqual(q.months / 2)
        expect(q.total).toBeLessThanOrEqual(q.gross)
      }),
    )
  })
})
