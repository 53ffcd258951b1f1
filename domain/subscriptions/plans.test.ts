import { describe, expect, it } from "vitest"
import { CATEGORY_PRICES, DEFAULT_PRICE } from "../pricing/collectionPrice"
import {
  findRecurringPlan,
  isRecurringPlanId,
  pricedRecurringPlans,
  RECURRING_PLANS,
  recurringPlanPrice,
} from "./plans"

describe("recurring plans", () => {
  it("are the monthly and bimonthly plans of the spec, at R$ 299,90 and R$ 499,90 for the reference price", () => {
    expect(
      pricedRecurringPlans(DEFAULT_PRICE).map((p) => [p.id, p.name, p.price, p.frequencyMonths]),
    ).toEqual([
      ["monthly-plan", "Plano Mensal", 29990, 1],
      ["bimonthly-plan", "Plano Bimestral", 49990, 2],
    ])
  })

  it.each(Object.entries(CATEGORY_PRICES))(
    "price the %s collection from its character's price",
    (_, { price }) => {
      const [monthly, bimonthly] = pricedRecurringPlans(price)
      expect(monthly?.price).toBe(price)
      expect(bimonthly?.price).toBe(2 * price - 9990)
      expect(bimonthly?.saving).toBe(9990)
      expect(monthly?.saving).toBe(0)
    },
  )

  it("gives Heroes (R$ 499,90) a bimonthly plan of R$ 899,90", () => {
    const bimonthly = findRecurringPlan("bimonthly-plan")
    expect(bimonthly && recurringPlanPrice(bimonthly, 49990)).toBe(89990)
  })

  it("shows the saving computed from the prices, never the spec's R$ 99,80, and one shipment a month", () => {
    const [, bimonthly] = pricedRecurringPlans(DEFAULT_PRICE)
    const text = bimonthly?.benefits.join(" | ") ?? ""
    expect(text).toContain("Economia de R$\u00a099,90")
    expect(text).not.toContain("99,80")
    expect(text).toContain("Um envio por mês")
    expect(bimonthly?.savingPercent).toBe(17)
    expect(bimonthly?.perMonth).toBe(24995)
  })

  it("never prices a plan below zero", () => {
    const [, bimonthly] = pricedRecurringPlans(1000)
    expect(bimonthly?.price).toBe(0)
  })

  it.each([
    ["monthly-plan", true],
    ["bimonthly-plan", true],
    ["quarterly", false],
    ["constructor", false],
  ])("knows %s: %s", (id, known) => {
    expect(isRecurringPlanId(id)).toBe(known)
  })

  it("lists each plan once", () => {
    expect(new Set(RECURRING_PLANS.map((p) => p.id)).size).toBe(2)
  })
})
