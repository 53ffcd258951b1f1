import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { PLAN_MESSAGES, type PlanEdit } from "../../domain/subscriptions/prepaidPlans"
import { admin, moderator } from "../../tests/fakes/fulfilmentWorld"
import { inMemoryFulfilment } from "../../tests/fakes/inMemoryFulfilment"
import { ana, ordersWorld } from "../../tests/fakes/ordersWorld"
import { getPlansComparison } from "../catalog/getPlansComparison"
import { listAdminPlans, updatePlan } from "./adminPlans"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
const KEY = "plan-edit-key-0001"

function adminWorld() {
  const f = inMemoryFulfilment()
  const w = ordersWorld({ now: NOV_10, others: [f.participant], extra: f.layerFor })
  return { ...w, f }
}

const edit = (over: Partial<PlanEdit> = {}): PlanEdit => ({
  name: "Trimestral",
  description: "Três meses de personagens.",
  price: 72990,
  editionCount: 3,
  isActive: true,
  isPopular: true,
  features: ["Frete grátis", "1 personagem por mês"],
  ...over,
})

describe("the prepaid plans administration", () => {
  it("lists every plan, active or not, by edition count, with its savings against R$ 299,90 × count", async () => {
    const w = adminWorld()
    const plans = await w.ok(listAdminPlans(), moderator)
    expect(plans.map((p) => [p.id, p.editionCount, p.referenceTotal, p.savings, p.savingsPercent])).toEqual([
      ["quarterly", 3, 89970, 8997, 10],
      ["semiannual", 6, 179940, 26991, 15],
      ["annual", 12, 359880, 71976, 20],
    ])
  })

  it("refuses a customer and a visitor", async () => {
    const w = adminWorld()
    expect(await w.fails(listAdminPlans(), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(await w.fails(listAdminPlans(), null)).toMatchObject({ _tag: "NotSignedIn" })
    expect(await w.fails(updatePlan("quarterly", edit(), KEY), ana)).toMatchObject({ _tag: "Forbidden" })
    expect(w.plans.get("quarterly")?.price).toBe(80973)
  })

  it("saves an edit, audits it, and drops the storefront caches; /planos shows it at once", async () => {
    const w = adminWorld()
    const saved = await w.ok(updatePlan("quarterly", edit(), KEY), admin)
    expect(saved).toMatchObject({ price: 72990, savings: 16980, savingsPercent: 19, discountPerBox: 5660 })
    expect(w.catalogChanges()).toBe(1)
    expect(w.f.planAudit()).toEqual([
      expect.objectContaining({
        planId: "quarterly",
        action: "update_plan",
        actionKey: KEY,
        actor: { kind: "admin", id: admin.id, email: admin.email },
        details: expect.objectContaining({ price: { from: 80973, to: 72990 } }),
      }),
    ])
    const compared = await w.ok(getPlansComparison("anime"))
    expect(compared.selected?.plans[0]).toMatchObject({ period: "quarterly", total: 72990 })
  })

  it("makes a repeated request (same key) one change", async () => {
    const w = adminWorld()
    await w.ok(updatePlan("quarterly", edit(), KEY), admin)
    const again = await w.ok(updatePlan("quarterly", edit({ price: 70000 }), KEY), admin)
    expect(again.price).toBe(72990)
    expect(w.plans.get("quarterly")?.price).toBe(72990)
    expect(w.f.planAudit()).toHaveLength(1)
    expect(w.catalogChanges()).toBe(1)
  })

  it.each<[string, Partial<PlanEdit>, string]>([
    ["a blank name", { name: " " }, PLAN_MESSAGES.required],
    ["no price", { price: null }, PLAN_MESSAGES.required],
    ["no editions", { editionCount: 0 }, PLAN_MESSAGES.editionCount],
  ])("refuses %s with the screen's own text, changing nothing", async (_, over, message) => {
    const w = adminWorld()
    expect(await w.fails(updatePlan("quarterly", edit(over), KEY), admin)).toMatchObject({
      _tag: "InvalidInput",
      message,
    })
    expect(w.plans.get("quarterly")?.price).toBe(80973)
    expect(w.f.planAudit()).toHaveLength(0)
    expect(w.catalogChanges()).toBe(0)
  })

  it("answers 'Plano não encontrado' for an unknown plan", async () => {
    const w = adminWorld()
    expect(await w.fails(updatePlan("monthly-plan", edit(), KEY), admin)).toMatchObject({
      _tag: "PlanNotFound",
    })
  })

  it("takes a plan off sale: /planos stops offering it", async () => {
    const w = adminWorld()
    await w.ok(updatePlan("annual", edit({ editionCount: 12, price: 287904, isActive: false }), KEY), admin)
    const compared = await w.ok(getPlansComparison("anime"))
    expect(compared.selected?.plans.map((p) => p.period)).toEqual(["quarterly", "semiannual"])
  })
})
