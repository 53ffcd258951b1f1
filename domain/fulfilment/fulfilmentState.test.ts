import { describe, expect, it } from "vitest"
import { accepted, at, PAID_AT, paidFulfilment, refusal } from "../../tests/fakes/fulfilmentFixtures"
import {
  FULFILMENT_STATUSES,
  type Fulfilment,
  type FulfilmentStatus,
  refundable,
  startFulfilment,
} from "./fulfilment"
import {
  cancelPaidOrder,
  markDelivered,
  markInTransit,
  markProduced,
  markShipmentFailed,
  PLAN_CANCEL_BY_SUPPORT,
  requestRefund,
  settleRefund,
  ship,
  startProduction,
} from "./fulfilmentState"

const SHIP = { shipmentId: "ship-1", carrier: "Correios", service: "SEDEX", trackingCode: " aa123456789br " }
const NOW = at(2026, 11, 19, 14, 30)

const inStatus = (status: FulfilmentStatus): Fulfilment => {
  let f = paidFulfilment()
  const steps: ((f: Fulfilment) => Fulfilment)[] = [
    (x) => accepted(startProduction(x, NOW)).fulfilment,
    (x) => accepted(markProduced(x, NOW)).fulfilment,
    (x) => accepted(ship(x, SHIP, NOW)).fulfilment,
    (x) => accepted(markInTransit(x, NOW)).fulfilment,
    (x) => accepted(markDelivered(x, NOW)).fulfilment,
  ]
  // The statuses the happy path goes through, in its order.
  const order = FULFILMENT_STATUSES.slice(0, 6)
  const index = order.indexOf(status)
  if (index >= 0) {
    for (const step of steps.slice(0, index)) f = step(f)
    return f
  }
  return paidFulfilment({ status })
}

describe("the after-payment state machine", () => {
  it("starts a paid order waiting for production, and an unpaid one not at all", () => {
    const order = {
      id: "o1",
      kind: "purchase" as const,
      userId: "u1",
      totals: { total: 1000 },
      paidAt: PAID_AT,
      shipsOn: { year: 2026, month: 11, day: 30 },
      shipping: { days: 3 },
    }
    expect(startFulfilment(order)).toMatchObject({
      status: "awaiting_production",
      paidTotal: 1000,
      carrierDays: 3,
    })
    expect(startFulfilment({ ...order, paidAt: null })).toBeNull()
  })

  it("goes paid → in production → produced → shipped → in transit → delivered, each with its event", () => {
    const started = accepted(startProduction(paidFulfilment(), NOW))
    expect(started.fulfilment).toMatchObject({ status: "in_production", productionStartedAt: NOW })
    expect(started.events.map((e) => e.type)).toEqual(["OrderProductionStarted"])

    const produced = accepted(markProduced(started.fulfilment, NOW + 1))
    expect(produced.fulfilment).toMatchObject({ status: "produced", producedAt: NOW + 1 })
    expect(produced.events.map((e) => e.type)).toEqual(["OrderProduced"])

    const shipped = accepted(ship(produced.fulfilment, SHIP, NOW + 2))
    expect(shipped.fulfilment.status).toBe("shipped")
    expect(shipped.fulfilment.shipments).toEqual([
      expect.objectContaining({
        id: "ship-1",
        status: "shipped",
        carrier: "Correios",
        service: "SEDEX",
        trackingCode: "AA123456789BR",
        shippedAt: NOW + 2,
        // Thursday 19 Nov + 2 business days: Friday 20 is a holiday → Tuesday 24.
        estimatedDelivery: { year: 2026, month: 11, day: 24 },
      }),
    ])
    expect(shipped.events).toEqual([
      expect.objectContaining({
        type: "OrderShipped",
        aggregateId: "order-1",
        payload: expect.objectContaining({ trackingCode: "AA123456789BR", carrier: "Correios" }),
      }),
    ])

    const moving = accepted(markInTransit(shipped.fulfilment, NOW + 3))
    expect(moving.fulfilment.status).toBe("in_transit")
    expect(moving.fulfilment.shipments[0]).toMatchObject({ status: "in_transit", inTransitAt: NOW + 3 })

    const delivered = accepted(markDelivered(moving.fulfilment, NOW + 4))
    expect(delivered.fulfilment.status).toBe("delivered")
    expect(delivered.fulfilment.shipments[0]).toMatchObject({ status: "delivered", deliveredAt: NOW + 4 })
    expect(delivered.events.map((e) => e.type)).toEqual(["OrderDelivered"])
  })

  it("delivers straight from shipped when the carrier never reported the transit", () => {
    expect(accepted(markDelivered(inStatus("shipped"), NOW)).fulfilment.status).toBe("delivered")
  })

  it("refuses every step out of order, in pt-BR", () => {
    const steps = {
      startProduction: (f: Fulfilment) => startProduction(f, NOW),
      markProduced: (f: Fulfilment) => markProduced(f, NOW),
      ship: (f: Fulfilment) => ship(f, SHIP, NOW),
      markInTransit: (f: Fulfilment) => markInTransit(f, NOW),
      markDelivered: (f: Fulfilment) => markDelivered(f, NOW),
    }
    const allowed: Record<keyof typeof steps, FulfilmentStatus[]> = {
      startProduction: ["awaiting_production"],
      markProduced: ["in_production"],
      ship: ["produced"],
      markInTransit: ["shipped"],
      markDelivered: ["shipped", "in_transit"],
    }
    for (const status of FULFILMENT_STATUSES)
      for (const [name, step] of Object.entries(steps)) {
        const change = step(inStatus(status))
        expect(change.ok, `${name} from ${status}`).toBe(allowed[name as keyof typeof steps].includes(status))
        if (!change.ok) expect(change.reason).toMatch(/^Não é possível .+: o pedido .+\.$/)
      }
    expect(refusal(startProduction(inStatus("shipped"), NOW))).toBe(
      "Não é possível iniciar a produção: o pedido já foi enviado.",
    )
  })

  it("refuses a shipment without carrier, service or a readable tracking code", () => {
    const produced = inStatus("produced")
    expect(refusal(ship(produced, { ...SHIP, carrier: " " }, NOW))).toBe("Informe a transportadora.")
    expect(refusal(ship(produced, { ...SHIP, service: "" }, NOW))).toBe("Informe o serviço de envio.")
    expect(refusal(ship(produced, { ...SHIP, trackingCode: "AB1" }, NOW))).toMatch(/^Código de rastreamento/)
    expect(refusal(ship(produced, { ...SHIP, trackingCode: "AA12345678<script>" }, NOW))).toMatch(/inválido/)
  })

  it("after a failed delivery, waits to be sent again and keeps the failed parcel on record", () => {
    const failed = accepted(markShipmentFailed(inStatus("in_transit"), NOW))
    expect(failed.fulfilment.status).toBe("produced")
    expect(failed.fulfilment.shipments[0]).toMatchObject({ status: "failed", endedAt: NOW })
    expect(failed.events.map((e) => e.type)).toEqual(["ShipmentFailed"])
    const again = accepted(ship(failed.fulfilment, { ...SHIP, shipmentId: "ship-2" }, NOW + 1))
    expect(again.fulfilment.shipments.map((s) => s.status)).toEqual(["failed", "shipped"])
    expect(refusal(markShipmentFailed(inStatus("delivered"), NOW))).toMatch(/já foi entregue/)
  })
})

describe("cancelling a paid order", () => {
  it("lets the customer cancel before production, with a full refund", () => {
    const change = accepted(cancelPaidOrder(paidFulfilment(), "customer", "refund-1", NOW))
    expect(change.fulfilment).toMatchObject({ status: "cancelled", cancelledAt: NOW })
    expect(change.fulfilment.refunds).toEqual([
      expect.objectContaining({ id: "refund-1", amount: 32840, reason: "cancellation", status: "pending" }),
    ])
    expect(change.events.map((e) => e.type)).toEqual(["PaidOrderCancelled", "RefundRequested"])
    expect(change.events[0]?.payload).toMatchObject({ by: "customer" })
  })

  it("refuses the customer once production started, and a second cancellation", () => {
    for (const status of ["in_production", "produced", "shipped", "in_transit", "delivered"] as const)
      expect(refusal(cancelPaidOrder(inStatus(status), "customer", "r", NOW))).toMatch(
        /já entrou em produção/,
      )
    const cancelled = accepted(cancelPaidOrder(paidFulfilment(), "customer", "r", NOW)).fulfilment
    expect(refusal(cancelPaidOrder(cancelled, "customer", "r2", NOW))).toBe("Este pedido já foi cancelado.")
  })

  it("lets an administrator cancel until the parcel leaves, refunding what was not yet refunded", () => {
    const partlyRefunded = paidFulfilment({
      status: "produced",
      refunds: [
        {
          id: "r0",
          amount: 840,
          reason: "partial",
          note: "atraso",
          status: "completed",
          requestedAt: NOW,
          settledAt: NOW,
          gatewayRefundId: "g0",
        },
      ],
    })
    const change = accepted(cancelPaidOrder(partlyRefunded, "admin", "r1", NOW))
    expect(change.fulfilment.refunds.at(-1)).toMatchObject({ amount: 32000 })
    for (const status of ["shipped", "in_transit", "delivered", "cancelled", "refunded", "returned"] as const)
      expect(cancelPaidOrder(inStatus(status), "admin", "r", NOW).ok).toBe(false)
  })
})

describe("a paid prepaid plan's life after payment", () => {
  const planOrder = {
    id: "o1",
    kind: "plan" as const,
    userId: "u1",
    totals: { total: 80973 },
    paidAt: PAID_AT,
    shipsOn: { year: 2026, month: 11, day: 30 },
    shipping: { days: 10 },
  }

  it("starts active, never waiting for production", () => {
    expect(startFulfilment(planOrder)).toMatchObject({ status: "plan_active", paidTotal: 80973 })
  })

  it("can be neither produced nor shipped", () => {
    const plan = paidFulfilment({ status: "plan_active" })
    for (const change of [startProduction(plan, NOW), markProduced(plan, NOW), ship(plan, SHIP, NOW)])
      expect(refusal(change)).toMatch(/um plano pré-pago, que não é produzido nem enviado/)
  })

  it("is cancelled by the store only, with a refund of what is left; the customer is sent to support", () => {
    const plan = paidFulfilment({ status: "plan_active", paidTotal: 80973 })
    expect(refusal(cancelPaidOrder(plan, "customer", "r", NOW))).toBe(PLAN_CANCEL_BY_SUPPORT)
    const cancelled = accepted(cancelPaidOrder(plan, "admin", "r1", NOW))
    expect(cancelled.fulfilment.status).toBe("cancelled")
    expect(cancelled.fulfilment.refunds).toEqual([
      expect.objectContaining({ amount: 80973, reason: "cancellation", status: "pending" }),
    ])
    const refunded = accepted(
      settleRefund(cancelled.fulfilment, "r1", { ok: true, gatewayRefundId: "g" }, NOW),
    )
    expect(refunded.fulfilment.status).toBe("refunded")
  })

  it("may be refunded in part (months not yet shipped) and stays active", () => {
    const plan = paidFulfilment({ status: "plan_active", paidTotal: 80973 })
    const part = { refundId: "r1", amount: 26991, reason: "partial" as const, note: "um mês não enviado" }
    const changed = accepted(requestRefund(plan, part, NOW))
    expect(changed.fulfilment.status).toBe("plan_active")
    expect(refundable(changed.fulfilment)).toBe(80973 - 26991)
  })
})

describe("refunds", () => {
  const partial = { refundId: "r1", amount: 5000, reason: "partial" as const, note: "peça com risco" }

  it("refunds in part, and the order stays where it was until all is given back", () => {
    const requested = accepted(requestRefund(inStatus("delivered"), partial, NOW))
    expect(refundable(requested.fulfilment)).toBe(27840)
    expect(requested.events[0]).toMatchObject({ type: "RefundRequested", payload: { amount: 5000 } })
    const settled = accepted(
      settleRefund(requested.fulfilment, "r1", { ok: true, gatewayRefundId: "g1" }, NOW),
    )
    expect(settled.fulfilment.status).toBe("delivered")
    expect(settled.events[0]).toMatchObject({ type: "OrderRefunded", payload: { amount: 5000, full: false } })
  })

  it("marks the order refunded when the last centavo went back", () => {
    const cancelled = accepted(cancelPaidOrder(paidFulfilment(), "admin", "r1", NOW)).fulfilment
    const settled = accepted(settleRefund(cancelled, "r1", { ok: true, gatewayRefundId: "g1" }, NOW + 5))
    expect(settled.fulfilment).toMatchObject({ status: "refunded", refundedAt: NOW + 5 })
    expect(settled.events[0]).toMatchObject({ payload: { full: true, amount: 32840 } })
    expect(refusal(requestRefund(settled.fulfilment, { ...partial, refundId: "r2" }, NOW))).toBe(
      "O pedido já foi reembolsado integralmente.",
    )
  })

  it("makes a failed refund's amount refundable again", () => {
    const requested = accepted(requestRefund(paidFulfilment(), partial, NOW)).fulfilment
    const failed = accepted(settleRefund(requested, "r1", { ok: false }, NOW))
    expect(failed.events.map((e) => e.type)).toEqual(["RefundFailed"])
    expect(refundable(failed.fulfilment)).toBe(32840)
    expect(refusal(settleRefund(failed.fulfilment, "r1", { ok: true, gatewayRefundId: "g" }, NOW))).toBe(
      "Este reembolso já foi concluído.",
    )
    expect(refusal(settleRefund(failed.fulfilment, "nope", { ok: false }, NOW))).toBe(
      "Reembolso não encontrado.",
    )
  })

  it("refuses zero, fractions, more than is left, and a partial refund with no reason", () => {
    const f = paidFulfilment()
    expect(refusal(requestRefund(f, { ...partial, amount: 0 }, NOW))).toBe(
      "Informe um valor de reembolso maior que zero.",
    )
    expect(refusal(requestRefund(f, { ...partial, amount: 10.5 }, NOW))).toBe(
      "Informe um valor de reembolso maior que zero.",
    )
    expect(refusal(requestRefund(f, { ...partial, amount: 32841 }, NOW))).toBe(
      "O valor do reembolso é maior que o saldo reembolsável (R$\u00a0328,40).",
    )
    expect(refusal(requestRefund(f, { ...partial, note: "  " }, NOW))).toBe(
      "Informe o motivo do reembolso parcial.",
    )
  })
})
