import { describe, expect, it } from "vitest"
import { at, paidFulfilment } from "../../tests/fakes/fulfilmentFixtures"
import { adminActions } from "./adminActions"
import type { Shipment } from "./fulfilment"

const NOW = at(2026, 12, 1)
const shipment: Shipment = {
  id: "s-1",
  status: "shipped",
  carrier: "Correios",
  service: "SEDEX",
  trackingCode: "AA123456789BR",
  shippedAt: NOW,
  estimatedDelivery: { year: 2026, month: 12, day: 3 },
  inTransitAt: null,
  deliveredAt: null,
  endedAt: null,
  rating: null,
  review: null,
  ratedAt: null,
}
const offered = (over: Parameters<typeof paidFulfilment>[0]) =>
  Object.entries(adminActions(paidFulfilment(over), NOW).allowed)
    .filter(([, ok]) => ok)
    .map(([action]) => action)

describe("adminActions", () => {
  it("offers each step only where the state machine allows it", () => {
    expect(offered({})).toEqual(["start_production", "cancel", "refund"])
    expect(offered({ status: "in_production" })).toEqual(["mark_produced", "cancel", "refund"])
    expect(offered({ status: "produced" })).toEqual(["ship", "cancel", "refund"])
    expect(offered({ status: "shipped", shipments: [shipment] })).toEqual([
      "mark_in_transit",
      "mark_delivered",
      "mark_delivery_failed",
      "refund",
    ])
    expect(
      offered({ status: "delivered", shipments: [{ ...shipment, status: "delivered", deliveredAt: NOW }] }),
    ).toEqual(["refund"])
  })

  it("offers no refund once everything paid went back", () => {
    expect(offered({ status: "refunded" })).toEqual([])
    const refund = {
      id: "r-1",
      amount: 32840,
      reason: "cancellation" as const,
      note: "",
      status: "pending" as const,
      requestedAt: NOW,
      settledAt: null,
      gatewayRefundId: null,
    }
    expect(offered({ status: "cancelled", refunds: [refund] })).toEqual([])
  })

  it("offers to decide a request under review and to receive an approved withdrawal", () => {
    const request = {
      id: "q-1",
      kind: "withdrawal" as const,
      status: "requested" as const,
      description: "",
      requestedAt: NOW,
      decidedAt: null,
      decisionNote: null,
      returnReceivedAt: null,
    }
    const delivered = {
      status: "delivered" as const,
      shipments: [{ ...shipment, status: "delivered" as const, deliveredAt: NOW }],
    }
    expect(adminActions(paidFulfilment({ ...delivered, requests: [request] }), NOW).requests).toEqual([
      { requestId: "q-1", decide: true, receiveReturn: false, resolve: false },
    ])
    expect(
      adminActions(paidFulfilment({ ...delivered, requests: [{ ...request, status: "approved" }] }), NOW)
        .requests,
    ).toEqual([{ requestId: "q-1", decide: false, receiveReturn: true, resolve: false }])
    const damage = { ...request, id: "q-2", kind: "damage" as const, status: "approved" as const }
    expect(adminActions(paidFulfilment({ ...delivered, requests: [damage] }), NOW).requests).toEqual([
      { requestId: "q-2", decide: false, receiveReturn: false, resolve: true },
    ])
  })
})
