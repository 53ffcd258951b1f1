import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { PLAN_CANCEL_BY_SUPPORT } from "../../domain/fulfilment/fulfilmentState"
import { admin } from "../../tests/fakes/fulfilmentWorld"
import { inMemoryFulfilment } from "../../tests/fakes/inMemoryFulfilment"
import { ana, CPF, ordersWorld, paulista, visa } from "../../tests/fakes/ordersWorld"
import { advanceOrder } from "../fulfilment/advanceOrder"
import { cancelMyOrder } from "../fulfilment/cancelMyOrder"
import { cancelOrder } from "../fulfilment/cancelOrder"
import { getMyOrder } from "../fulfilment/getMyOrder"
import { refundOrder } from "../fulfilment/refundOrder"
import { placeOrder } from "../orders/placeOrder"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

/** Ana has paid a quarterly plan by card; the fulfilment ports see the order as any other. */
async function paidPlan() {
  const f = inMemoryFulfilment({ [ana.id]: { email: ana.email, name: "Ana Souza" } })
  const w = ordersWorld({
    now: NOV_10,
    script: [{ status: "approved" }],
    others: [f.participant],
    extra: f.layerFor,
  })
  const address = w.db.addAddress(ana.id, paulista)
  const order = await w.ok(
    placeOrder({
      plan: { collectionId: w.anime.id, planId: "quarterly" },
      addressId: address.id,
      shippingOptionId: "plan",
      couponCode: null,
      idempotencyKey: "plan-order-key-01",
      cpf: CPF,
      payment: { method: "card", card: visa(3) },
    }),
  )
  let keys = 0
  return { ...w, f, order, key: () => `plan-action-key-${String(++keys).padStart(4, "0")}` }
}

describe("a paid prepaid plan order after payment", () => {
  it("is active for its owner, who is sent to support to cancel it", async () => {
    const w = await paidPlan()
    const mine = await w.ok(getMyOrder(w.order.id), ana)
    expect(mine.fulfilment?.status).toBe("plan_active")
    expect(mine.plan?.label).toBe("Plano Trimestral — Coleção Anime, 3 meses")
    expect(await w.fails(cancelMyOrder({ orderId: w.order.id, actionKey: w.key() }), ana)).toMatchObject({
      _tag: "FulfilmentRefused",
      message: PLAN_CANCEL_BY_SUPPORT,
    })
  })

  it("cannot be put in production", async () => {
    const w = await paidPlan()
    const start = advanceOrder({ orderId: w.order.id, actionKey: w.key(), step: "start_production" })
    expect(await w.fails(start, admin)).toMatchObject({ _tag: "FulfilmentRefused" })
  })

  it("is refunded in part by the administrator and stays active, then cancelled with the rest refunded", async () => {
    const w = await paidPlan()
    await w.ok(
      refundOrder({ orderId: w.order.id, actionKey: w.key(), amount: 26991, note: "Mês não enviado" }),
      admin,
    )
    expect(w.f.fulfilment(w.order.id)?.status).toBe("plan_active")
    expect((await w.ok(cancelOrder({ orderId: w.order.id, actionKey: w.key() }), admin)).status).toBe(
      "cancelled",
    )
    expect(w.f.fulfilment(w.order.id)?.refunds.map((r) => [r.amount, r.reason])).toEqual([
      [26991, "partial"],
      [80973 - 26991, "cancellation"],
    ])
    expect(w.eventTypes()).toContain("PaidOrderCancelled")
  })
})
