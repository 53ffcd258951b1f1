import { describe, expect, it } from "vitest"
import { accepted, at, PAID_AT, paidFulfilment } from "../../tests/fakes/fulfilmentFixtures"
import type { OrderLine } from "../orders/order"
import {
  cancelPaidOrder,
  markDelivered,
  markInTransit,
  markProduced,
  settleRefund,
  ship,
  startProduction,
} from "./fulfilmentState"
import { customerTimeline, deliveryEstimate, productionTracker, shipDateText } from "./timeline"

const SHIP = { shipmentId: "s1", carrier: "Correios", service: "SEDEX", trackingCode: "AA123456789BR" }
const started = accepted(startProduction(paidFulfilment(), at(2026, 11, 5, 9, 15))).fulfilment
const produced = accepted(markProduced(started, at(2026, 11, 25, 16))).fulfilment
const shipped = accepted(ship(produced, SHIP, at(2026, 11, 30, 11, 40))).fulfilment
const moving = accepted(markInTransit(shipped, at(2026, 12, 1, 8))).fulfilment
const delivered = accepted(markDelivered(moving, at(2026, 12, 2, 14, 5))).fulfilment

const states = (steps: ReturnType<typeof customerTimeline>) => steps.map((s) => `${s.label}:${s.state}`)

describe("the customer's timeline (spec 002 §4 labels)", () => {
  it("shows every label, with the one reached last as current", () => {
    const steps = customerTimeline(started)
    expect(states(steps)).toEqual([
      "Pedido Confirmado:completed",
      "Em Produção:current",
      "Produto Finalizado:pending",
      "Postado:pending",
      "Em Trânsito:pending",
      "Entrega Prevista:pending",
      "Entregue:pending",
    ])
    expect(steps[0]).toMatchObject({ at: PAID_AT, date: "03/11/2026", time: "10:00" })
    expect(steps[1]).toMatchObject({ date: "05/11/2026", time: "09:15" })
    expect(steps[2]).toMatchObject({ at: null, date: null, time: null })
  })

  it("estimates delivery from the batch day before shipping, and from the ship date after", () => {
    // Batch day Monday 30 Nov + 2 business days.
    expect(deliveryEstimate(started)).toEqual({ year: 2026, month: 12, day: 2 })
    expect(customerTimeline(started)[5]).toMatchObject({ date: "02/12/2026", time: null })
    const late = accepted(ship(produced, SHIP, at(2026, 12, 3, 10))).fulfilment
    expect(deliveryEstimate(late)).toEqual({ year: 2026, month: 12, day: 7 })
  })

  it("names the carrier once shipped, and completes everything when delivered", () => {
    expect(customerTimeline(shipped)[3]).toMatchObject({
      state: "current",
      description: "Pedido postado via Correios (SEDEX), código AA123456789BR.",
      time: "11:40",
    })
    expect(states(customerTimeline(moving)).slice(3)).toEqual([
      "Postado:completed",
      "Em Trânsito:current",
      "Entrega Prevista:pending",
      "Entregue:pending",
    ])
    const done = customerTimeline(delivered)
    expect(done.every((s) => s.state === "completed")).toBe(true)
    expect(done.at(-1)).toMatchObject({ label: "Entregue", date: "02/12/2026", time: "14:05" })
  })

  it("drops the estimate once delivered: only the day it really arrived is shown", () => {
    const early = accepted(markDelivered(moving, at(2026, 12, 1, 17))).fulfilment
    const steps = customerTimeline(early)
    expect(steps.map((s) => s.label)).not.toContain("Entrega Prevista")
    expect(steps.at(-1)).toMatchObject({ label: "Entregue", date: "01/12/2026", state: "completed" })
  })

  it("completes a step the order went past without recording it, inventing no time", () => {
    const straight = accepted(markDelivered(shipped, at(2026, 12, 1, 17))).fulfilment
    expect(states(customerTimeline(straight)).slice(3)).toEqual([
      "Postado:completed",
      "Em Trânsito:completed",
      "Entregue:completed",
    ])
    expect(customerTimeline(straight)[4]).toMatchObject({ at: null, date: null, time: null })
  })

  it("ends a cancelled order with what it reached, then the cancellation and the refund", () => {
    const cancelled = accepted(
      cancelPaidOrder(paidFulfilment(), "customer", "r1", at(2026, 11, 4)),
    ).fulfilment
    expect(states(customerTimeline(cancelled))).toEqual([
      "Pedido Confirmado:completed",
      "Pedido Cancelado:completed",
    ])
    const refunded = accepted(
      settleRefund(cancelled, "r1", { ok: true, gatewayRefundId: "g" }, at(2026, 11, 5)),
    )
    expect(states(customerTimeline(refunded.fulfilment))).toEqual([
      "Pedido Confirmado:completed",
      "Pedido Cancelado:completed",
      "Reembolsado:completed",
    ])
  })
})

describe("the production tracker", () => {
  const line = (over: Partial<OrderLine>): OrderLine => ({
    productId: "p1",
    name: "Goku",
    collectionId: "c1",
    collectionName: "Anime Legends",
    imageUrl: "/goku.jpg",
    unitPrice: 29990,
    quantity: 2,
    editionSize: 500,
    serials: [37, 38],
    ...over,
  })

  it("gives each line its stage, edition numbers and the day it leaves", () => {
    const lines = [line({}), line({ name: "Vegeta", editionSize: null, serials: [], quantity: 1 })]
    expect(productionTracker(started, lines)).toEqual([
      {
        position: 0,
        name: "Goku",
        stage: "in_production",
        stageLabel: "Em produção",
        expectedShipDate: { year: 2026, month: 11, day: 30 },
        shipDateText: "envio previsto em 30/11/2026",
        editionNumbers: ["37/500", "38/500"],
      },
      expect.objectContaining({ position: 1, name: "Vegeta", editionNumbers: [] }),
    ])
    const late = accepted(ship(produced, SHIP, at(2026, 12, 3, 10))).fulfilment
    expect(productionTracker(late, lines)[0]).toMatchObject({
      stage: "shipped",
      stageLabel: "Enviado",
      expectedShipDate: { year: 2026, month: 12, day: 3 },
    })
  })

  it("says the day it left once shipped, the same for the order and each line, and nothing 'previsto'", () => {
    const early = accepted(ship(produced, SHIP, at(2026, 11, 26, 10))).fulfilment
    const arrived = accepted(markDelivered(early, at(2026, 11, 27, 15))).fulfilment
    expect(shipDateText(started)).toBe("envio previsto em 30/11/2026")
    expect(shipDateText(arrived)).toBe("enviado em 26/11/2026")
    expect(productionTracker(arrived, [line({})])[0]).toMatchObject({
      stageLabel: "Entregue",
      shipDateText: "enviado em 26/11/2026",
    })
  })
})

describe("a prepaid plan's timeline", () => {
  it("is confirmed, then active: no production or posting steps of its own", () => {
    const steps = customerTimeline(paidFulfilment({ status: "plan_active" }))
    expect(steps.map((s) => [s.key, s.label, s.state])).toEqual([
      ["confirmed", "Pedido Confirmado", "completed"],
      ["plan_active", "Plano Ativo", "current"],
    ])
    expect(steps[0]?.at).toBe(PAID_AT)
  })
})
