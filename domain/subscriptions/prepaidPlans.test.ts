import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  DEFAULT_PREPAID_PLANS,
  isPeriodKey,
  offeredPlans,
  orderPlanLabel,
  PERIOD_LABELS,
  type PeriodKey,
  PLAN_MESSAGES,
  PLAN_PRICE_HINT,
  type PlanEdit,
  type PrepaidPlan,
  parseFeatures,
  planSavings,
  prepaidPlanQuote,
  validatePlanEdit,
} from "./prepaidPlans"

const plan = (id: PeriodKey): PrepaidPlan => {
  const found = DEFAULT_PREPAID_PLANS.find((p) => p.id === id)
  if (!found) throw new Error(id)
  return found
}

describe("the seeded period plans (spec 002 §9)", () => {
  it.each<[PeriodKey, string, number, number, number, boolean]>([
    ["quarterly", "Trimestral", 3, 80973, 10, true],
    ["semiannual", "Semestral", 6, 152949, 15, false],
    ["annual", "Anual", 12, 287904, 20, false],
  ])(
    "%s: %s, %i months for %i centavos, %i%% off, popular=%s",
    (id, name, months, price, percent, popular) => {
      expect(plan(id)).toMatchObject({
        name,
        editionCount: months,
        price,
        savingsPercentage: percent,
        isPopular: popular,
        isActive: true,
      })
    },
  )

  it.each<[unknown, boolean]>([
    ["quarterly", true],
    ["semiannual", true],
    ["annual", true],
    ["monthly-plan", false],
    ["Quarterly", false],
    ["toString", false],
    [3, false],
    [null, false],
  ])("isPeriodKey(%o) = %s", (x, expected) => {
    expect(isPeriodKey(x)).toBe(expected)
  })

  it("names every period in Portuguese only, as the seeded plans do (no English id beside it)", () => {
    for (const plan of DEFAULT_PREPAID_PLANS) expect(PERIOD_LABELS[plan.id]).toBe(plan.name)
    expect(Object.values(PERIOD_LABELS).join(" ")).not.toMatch(/quarterly|semiannual|annual\b/i)
  })
})

describe("prepaidPlanQuote: a collection's price of a plan", () => {
  it.each<[number, PeriodKey, number, number, number, number]>([
    [29990, "quarterly", 89970, 8997, 80973, 26991],
    [29990, "semiannual", 179940, 26991, 152949, 25492],
    [29990, "annual", 359880, 71976, 287904, 23992],
    [49990, "quarterly", 149970, 14997, 134973, 44991],
    [44990, "semiannual", 269940, 40491, 229449, 38242],
    [39990, "annual", 479880, 95976, 383904, 31992],
    [1, "quarterly", 3, 0, 3, 1],
    [0, "annual", 0, 0, 0, 0],
  ])("%i × %s → gross %i, discount %i, total %i, %i/month", (unit, id, gross, discount, total, perMonth) => {
    const p = plan(id)
    expect(prepaidPlanQuote(p, unit)).toEqual({
      planId: id,
      name: p.name,
      months: p.editionCount,
      discountPercent: p.savingsPercentage,
      popular: p.isPopular,
      gross,
      discount,
      total,
      perMonth,
      savings: discount,
    })
  })

  it("the reference collection pays exactly the plan's price, whatever the administrator set", () => {
    const edited = { ...plan("quarterly"), price: 72990 }
    expect(prepaidPlanQuote(edited, 29990).total).toBe(72990)
    // 19 % of savings (16 980 of 89 970) applies in proportion to a dearer collection.
    expect(prepaidPlanQuote(edited, 49990)).toMatchObject({ gross: 149970, discount: 28304, total: 121666 })
    expect(prepaidPlanQuote(edited, 29990).discountPercent).toBe(19)
  })

  it("total + discount = gross, never negative, and perMonth within half a centavo a month", () => {
    const ids = fc.constantFrom<PeriodKey>("quarterly", "semiannual", "annual")
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), ids, (unit, id) => {
        const q = prepaidPlanQuote(plan(id), unit)
        expect(q.total + q.discount).toBe(q.gross)
        expect(q.gross).toBe(unit * q.months)
        expect(q.total).toBeGreaterThanOrEqual(0)
        expect(Math.abs(q.perMonth * q.months - q.total)).toBeLessThanOrEqual(q.months / 2)
      }),
    )
  })
})

describe("planSavings: against R$ 299,90 × edition count (spec 002 §5)", () => {
  it("the spec's sample: 3 items at R$ 729,90 save R$ 169,80 (19%)", () => {
    expect(planSavings(72990, 3)).toEqual({ reference: 89970, savings: 16980, percent: 19, perBox: 5660 })
  })

  it("a plan at the reference price saves nothing", () => {
    expect(planSavings(29990 * 6, 6)).toMatchObject({ savings: 0, percent: 0, perBox: 0 })
  })
})

describe("validatePlanEdit", () => {
  const edit = (over: Partial<PlanEdit> = {}): PlanEdit => ({
    name: "Trimestral",
    description: "Três meses",
    price: 72990,
    editionCount: 3,
    isActive: true,
    isPopular: true,
    features: ["Frete grátis"],
    ...over,
  })

  it.each<[string, Partial<PlanEdit>]>([
    ["no name", { name: "  " }],
    ["no description", { description: "" }],
    ["no price", { price: null }],
    ["a price that is not a number", { price: Number.NaN }],
  ])("refuses %s with 'Preencha todos os campos obrigatórios'", (_, over) => {
    expect(validatePlanEdit(edit(over))).toEqual({
      ok: false,
      message: "Preencha todos os campos obrigatórios",
      field: "required",
    })
  })

  it.each([0, -1, 1.5])("refuses an edition count of %d", (editionCount) => {
    expect(validatePlanEdit(edit({ editionCount }))).toMatchObject({
      ok: false,
      message: PLAN_MESSAGES.editionCount,
    })
  })

  it("takes a missing edition count as 1 (the spec's default) and refuses more than 12", () => {
    expect(validatePlanEdit(edit({ editionCount: null, price: 29990 }))).toMatchObject({
      ok: true,
      plan: { editionCount: 1 },
    })
    expect(validatePlanEdit(edit({ editionCount: 13 }))).toMatchObject({ ok: false, field: "editionCount" })
  })

  it("refuses a zero price and one above the reference total", () => {
    expect(validatePlanEdit(edit({ price: 0 }))).toMatchObject({ ok: false, field: "price" })
    expect(validatePlanEdit(edit({ price: 89971 }))).toEqual({
      ok: false,
      message: "O preço do plano não pode ser maior que R$\u00a0899,70 (R$ 299,90 por edição)",
      field: "price",
    })
  })

  it("derives the discount per box and savings percentage from price and count, trimming text", () => {
    expect(validatePlanEdit(edit({ name: " Trimestral ", features: '["A", " B ", "A", ""]' }))).toEqual({
      ok: true,
      plan: {
        name: "Trimestral",
        description: "Três meses",
        price: 72990,
        editionCount: 3,
        isActive: true,
        isPopular: true,
        discountPerBox: 5660,
        savingsPercentage: 19,
        features: ["A", "B"],
      },
    })
  })
})

describe("parseFeatures", () => {
  it.each<[unknown, string[]]>([
    [
      ["a", "b"],
      ["a", "b"],
    ],
    ['["a","b"]', ["a", "b"]],
    ["a\nb\n\n", ["a", "b"]],
    ["[broken", ["[broken"]],
    [null, []],
    [42, []],
    [[1, "x"], ["x"]],
  ])("%o → %o", (raw, expected) => {
    expect(parseFeatures(raw)).toEqual(expected)
  })
})

describe("offeredPlans and the order label", () => {
  it("offers only active plans, by edition count", () => {
    const plans = [plan("annual"), { ...plan("semiannual"), isActive: false }, plan("quarterly")]
    expect(offeredPlans(plans).map((p) => p.id)).toEqual(["quarterly", "annual"])
  })

  it("says what a plan order bought", () => {
    const bought = {
      planId: "quarterly" as const,
      name: "Trimestral",
      months: 3,
      collectionId: "c1",
      collectionName: "Anime Legends",
      discountPercent: 10,
    }
    expect(orderPlanLabel(bought)).toBe("Plano Trimestral — Coleção Anime Legends, 3 meses")
    expect(orderPlanLabel({ ...bought, name: "Plano Anual", months: 1, collectionName: "Coleção X" })).toBe(
      "Plano Anual — Coleção X, 1 mês",
    )
  })
})

describe("PLAN_PRICE_HINT", () => {
  it("says, in one sentence, the price is the reference collection's and the others follow the same discount", () => {
    expect(PLAN_PRICE_HINT).toContain("R$ 299,90 por personagem")
    expect(PLAN_PRICE_HINT).toMatch(/mesmo desconto/)
    expect(PLAN_PRICE_HINT.split(".").filter((s) => s.trim() !== "")).toHaveLength(1)
  })
})
