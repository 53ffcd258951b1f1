import { describe, expect, it, vi } from "vitest"
import { pricedRecurringPlans, SUBSCRIPTION_GUARANTEES } from "../../domain/subscriptions/plans"
import { subscriptionsApi } from "./subscriptionsApi"
import type { TrpcClient } from "./trpc"

const HEROES = { id: "c1", slug: "heroes", name: "Heroes", imageUrl: "/h.jpg" }

function client(over: { subscribe?: unknown; mine?: unknown } = {}) {
  const calls: string[] = []
  const fake = {
    subscriptions: {
      plans: {
        query: vi.fn(async () => ({
          collection: HEROES,
          unitPrice: 49990,
          plans: pricedRecurringPlans(49990),
          guarantees: SUBSCRIPTION_GUARANTEES,
        })),
      },
      subscribe: { mutate: vi.fn(async () => over.subscribe) },
      mine: {
        query: vi.fn(async () => {
          calls.push("mine")
          return over.mine
        }),
      },
    },
  }
  return { api: subscriptionsApi(fake as unknown as TrpcClient), calls }
}

describe("subscriptionsApi", () => {
  it("offers the collection's two plans and the saving their prices make (Heroes: R$ 99,90)", async () => {
    const offer = await client().api.plans("c1")
    expect(offer.collection).toEqual({ id: "c1", name: "Heroes" })
    expect(offer.plans.map((p) => [p.id, p.price, p.frequencyMonths])).toEqual([
      ["monthly-plan", 49990, 1],
      ["bimonthly-plan", 89990, 2],
    ])
    expect(offer.saving).toBe(9990)
    expect(offer.guarantees.length).toBeGreaterThan(0)
  })

  it("answers a running subscription as is, without asking more", async () => {
    const { api, calls } = client({ subscribe: { subscriptionId: "s1", status: "active" } })
    expect(await api.subscribe({} as never)).toEqual({ subscriptionId: "s1", status: "active" })
    expect(calls).toEqual([])
  })

  it("adds why a refused first charge was refused, from the collector's charges", async () => {
    const reason = "O banco emissor recusou o pagamento. Use outro cartão."
    const { api } = client({
      subscribe: { subscriptionId: "s1", status: "cancelled" },
      mine: {
        subscriptions: [
          { id: "s0", status: "active", charges: [] },
          { id: "s1", status: "cancelled", charges: [{ status: "rejected", reason }] },
        ],
      },
    })
    expect(await api.subscribe({} as never)).toEqual({ subscriptionId: "s1", status: "cancelled", reason })
  })

  it("still answers when the reason cannot be read", async () => {
    const { api } = client({
      subscribe: { subscriptionId: "s9", status: "cancelled" },
      mine: { subscriptions: [] },
    })
    expect(await api.subscribe({} as never)).toEqual({
      subscriptionId: "s9",
      status: "cancelled",
      reason: null,
    })
  })
})
