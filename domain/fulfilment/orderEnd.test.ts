import { describe, expect, it } from "vitest"
import { accepted, at, paidFulfilment } from "../../tests/fakes/fulfilmentFixtures"
import { decideRequest, openAfterSaleRequest, receiveReturn } from "./afterSales"
import type { Fulfilment, FulfilmentChange } from "./fulfilment"
import type { FulfilmentEvent } from "./fulfilmentEvents"
import {
  cancelPaidOrder,
  markDelivered,
  markInTransit,
  markProduced,
  requestRefund,
  settleRefund,
  ship,
  startProduction,
} from "./fulfilmentState"
import { withOrderEnd } from "./orderEnd"

const NOW = at(2026, 11, 19, 14, 30)
const SHIP = { shipmentId: "ship-1", carrier: "Correios", service: "SEDEX", trackingCode: "AA123456789BR" }

/** Applies a change through the rule, as every saving path does; answers the new state and the events. */
const step = (f: Fulfilment, decide: (f: Fulfilment) => FulfilmentChange) => {
  const change = accepted(withOrderEnd(f, decide(f)))
  return { f: change.fulfilment, events: change.events }
}
const released = (events: readonly FulfilmentEvent[]) => events.filter((e) => e.type === "OrderReleased")

const delivered = () => {
  let f = paidFulfilment()
  for (const decide of [
    (x: Fulfilment) => startProduction(x, NOW),
    (x: Fulfilment) => markProduced(x, NOW),
    (x: Fulfilment) => ship(x, SHIP, NOW),
    (x: Fulfilment) => markInTransit(x, NOW),
    (x: Fulfilment) => markDelivered(x, NOW),
  ])
    f = step(f, decide).f
  return f
}

describe("an order's end", () => {
  it("is told once when a paid order is cancelled, the piece still in the store's hands", () => {
    const cancelled = step(paidFulfilment(), (f) => cancelPaidOrder(f, "customer", "r1", NOW))
    expect(released(cancelled.events)).toEqual([
      expect.objectContaining({
        aggregateId: "order-1",
        payload: { orderId: "order-1", userId: "user-1", end: "cancelled", pieceBack: true },
      }),
    ])
    // The cancellation's refund settles later and takes the order to 'refunded': the end was already told.
    const refunded = step(cancelled.f, (f) => settleRefund(f, "r1", { ok: true, gatewayRefundId: "g1" }, NOW))
    expect(refunded.f.status).toBe("refunded")
    expect(released(refunded.events)).toEqual([])
  })

  it("is told by the refund that gives back the last centavo, not by a partial one", () => {
    let { f, events } = step(delivered(), (x) =>
      requestRefund(x, { refundId: "r1", amount: 1000, reason: "partial", note: "atraso" }, NOW),
    )
    ;({ f, events } = step(f, (x) => settleRefund(x, "r1", { ok: true, gatewayRefundId: "g1" }, NOW)))
    expect(released(events)).toEqual([])
    const rest = f.paidTotal - 1000
    ;({ f, events } = step(f, (x) =>
      requestRefund(x, { refundId: "r2", amount: rest, reason: "damage", note: "" }, NOW),
    ))
    ;({ f, events } = step(f, (x) => settleRefund(x, "r2", { ok: true, gatewayRefundId: "g2" }, NOW)))
    // Delivered and kept by the customer: the unit stays out of sale.
    expect(released(events).map((e) => e.payload)).toEqual([
      { orderId: "order-1", userId: "user-1", end: "refunded", pieceBack: false },
    ])
  })

  it("is told when a withdrawn parcel comes back, with the piece back in the store's hands", () => {
    let f = delivered()
    f = step(f, (x) =>
      openAfterSaleRequest(x, { requestId: "q1", kind: "withdrawal", description: "" }, NOW),
    ).f
    f = step(f, (x) => decideRequest(x, "q1", { approve: true, note: "" }, NOW)).f
    const returned = step(f, (x) => receiveReturn(x, "q1", "r1", NOW))
    expect(released(returned.events).map((e) => e.payload)).toEqual([
      { orderId: "order-1", userId: "user-1", end: "returned", pieceBack: true },
    ])
    const refunded = step(returned.f, (x) => settleRefund(x, "r1", { ok: true, gatewayRefundId: "g" }, NOW))
    expect(released(refunded.events)).toEqual([])
  })

  it("passes a refusal through untouched", () => {
    const f = paidFulfilment({ status: "cancelled" })
    const refused = withOrderEnd(f, cancelPaidOrder(f, "customer", "r1", NOW))
    expect(refused.ok).toBe(false)
  })
})
