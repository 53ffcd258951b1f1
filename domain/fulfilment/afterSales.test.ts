import { describe, expect, it } from "vitest"
import { accepted, at, paidFulfilment, refusal } from "../../tests/fakes/fulfilmentFixtures"
import {
  customerActions,
  decideRequest,
  missingCheckFrom,
  openAfterSaleRequest,
  rateDelivery,
  receiveReturn,
  resolveRequest,
  windowEnd,
} from "./afterSales"
import type { Fulfilment, Shipment } from "./fulfilment"

const SHIPPED_AT = at(2026, 11, 3, 15) // Tuesday
const DELIVERED_AT = at(2026, 11, 6, 11) // Friday

const shipment = (over: Partial<Shipment> = {}): Shipment => ({
  id: "ship-1",
  status: "delivered",
  carrier: "Correios",
  service: "PAC",
  trackingCode: "AA123456789BR",
  shippedAt: SHIPPED_AT,
  estimatedDelivery: { year: 2026, month: 11, day: 9 },
  inTransitAt: null,
  deliveredAt: DELIVERED_AT,
  endedAt: null,
  rating: null,
  review: null,
  ratedAt: null,
  ...over,
})
const delivered = (over: Partial<Fulfilment> = {}) =>
  paidFulfilment({ status: "delivered", shipments: [shipment()], ...over })
const inTransit = () =>
  paidFulfilment({ status: "in_transit", shipments: [shipment({ status: "in_transit", deliveredAt: null })] })

const withdrawal = { requestId: "q1", kind: "withdrawal" as const, description: "" }
const damage = { requestId: "q2", kind: "damage" as const, description: "A base chegou quebrada." }
const missing = { requestId: "q3", kind: "missing" as const, description: "Não recebi o pacote." }

describe("withdrawal (CDC art. 49)", () => {
  it("is open until the end of the 7th day after delivery, São Paulo time", () => {
    expect(windowEnd(DELIVERED_AT, 7)).toBe(at(2026, 11, 14, 0) - 1)
    expect(openAfterSaleRequest(delivered(), withdrawal, at(2026, 11, 13, 23, 59)).ok).toBe(true)
    expect(refusal(openAfterSaleRequest(delivered(), withdrawal, at(2026, 11, 14, 0, 0)))).toBe(
      "O prazo de 7 dias para desistir da compra terminou em 13/11/2026.",
    )
  })

  it("goes requested → approved → return received → refunded in full", () => {
    const asked = accepted(openAfterSaleRequest(delivered(), withdrawal, at(2026, 11, 8)))
    expect(asked.fulfilment.requests).toEqual([expect.objectContaining({ id: "q1", status: "requested" })])
    expect(asked.events).toEqual([
      expect.objectContaining({
        type: "AfterSaleRequested",
        payload: expect.objectContaining({ kind: "withdrawal" }),
      }),
    ])
    expect(refusal(receiveReturn(asked.fulfilment, "q1", "r1", at(2026, 11, 9)))).toBe(
      "Aprove a devolução antes de registrar o recebimento.",
    )
    const approved = accepted(
      decideRequest(asked.fulfilment, "q1", { approve: true, note: "" }, at(2026, 11, 9)),
    )
    expect(approved.fulfilment.requests[0]).toMatchObject({ status: "approved", decisionNote: null })
    expect(approved.events[0]).toMatchObject({ type: "AfterSaleDecided", payload: { approved: true } })
    const back = accepted(receiveReturn(approved.fulfilment, "q1", "r1", at(2026, 11, 16)))
    expect(back.fulfilment.status).toBe("returned")
    expect(back.fulfilment.shipments[0]).toMatchObject({ status: "returned" })
    expect(back.fulfilment.refunds).toEqual([
      expect.objectContaining({ id: "r1", amount: 32840, reason: "withdrawal", status: "pending" }),
    ])
    expect(back.events.map((e) => e.type)).toEqual(["ReturnReceived", "RefundRequested"])
    expect(refusal(receiveReturn(back.fulfilment, "q1", "r2", at(2026, 11, 17)))).toBe(
      "O recebimento desta devolução já foi registrado.",
    )
  })

  it("is refused before delivery and while another is open", () => {
    expect(refusal(openAfterSaleRequest(inTransit(), withdrawal, at(2026, 11, 8)))).toBe(
      "A desistência da compra pode ser pedida depois que o pedido for entregue.",
    )
    const asked = accepted(openAfterSaleRequest(delivered(), withdrawal, at(2026, 11, 8))).fulfilment
    expect(refusal(openAfterSaleRequest(asked, { ...withdrawal, requestId: "q9" }, at(2026, 11, 8)))).toBe(
      "Já existe uma solicitação deste tipo em andamento para este pedido.",
    )
  })

  it("needs a reason to refuse, and decides once", () => {
    const asked = accepted(openAfterSaleRequest(delivered(), withdrawal, at(2026, 11, 8))).fulfilment
    expect(refusal(decideRequest(asked, "q1", { approve: false, note: " " }, at(2026, 11, 9)))).toBe(
      "Informe o motivo da recusa.",
    )
    const rejected = accepted(
      decideRequest(asked, "q1", { approve: false, note: "Peça usada." }, at(2026, 11, 9)),
    )
    expect(rejected.fulfilment.requests[0]).toMatchObject({ status: "rejected", decisionNote: "Peça usada." })
    expect(
      refusal(decideRequest(rejected.fulfilment, "q1", { approve: true, note: "" }, at(2026, 11, 9))),
    ).toBe("Esta solicitação já foi analisada.")
    expect(refusal(decideRequest(asked, "nope", { approve: true, note: "" }, at(2026, 11, 9)))).toBe(
      "Solicitação não encontrada.",
    )
    // A rejected request no longer blocks a new one.
    expect(
      openAfterSaleRequest(rejected.fulfilment, { ...withdrawal, requestId: "q9" }, at(2026, 11, 10)).ok,
    ).toBe(true)
  })
})

describe("damaged item (spec 002 §1: within 7 days)", () => {
  it("is accepted with a description inside the window and refused after it", () => {
    const claim = accepted(openAfterSaleRequest(delivered(), damage, at(2026, 11, 12)))
    expect(claim.fulfilment.requests[0]).toMatchObject({
      kind: "damage",
      description: "A base chegou quebrada.",
    })
    expect(refusal(openAfterSaleRequest(delivered(), damage, at(2026, 11, 14, 0, 1)))).toBe(
      "O prazo de 7 dias para reclamar de produto danificado terminou em 13/11/2026.",
    )
    expect(refusal(openAfterSaleRequest(delivered(), { ...damage, description: "" }, at(2026, 11, 8)))).toBe(
      "Descreva o que aconteceu.",
    )
    expect(
      refusal(
        openAfterSaleRequest(delivered(), { ...damage, description: "x".repeat(1001) }, at(2026, 11, 8)),
      ),
    ).toBe("A descrição deve ter no máximo 1000 caracteres.")
  })

  it("is resolved once approved; a withdrawal is not 'resolved' but received", () => {
    const claim = accepted(openAfterSaleRequest(delivered(), damage, at(2026, 11, 8))).fulfilment
    expect(refusal(resolveRequest(claim, "q2", at(2026, 11, 9)))).toBe(
      "Só uma solicitação aprovada pode ser concluída.",
    )
    const approved = accepted(
      decideRequest(claim, "q2", { approve: true, note: "Enviaremos outra." }, at(2026, 11, 9)),
    )
    expect(
      accepted(resolveRequest(approved.fulfilment, "q2", at(2026, 11, 20))).fulfilment.requests[0]?.status,
    ).toBe("resolved")
    const asked = accepted(openAfterSaleRequest(delivered(), withdrawal, at(2026, 11, 8))).fulfilment
    expect(refusal(resolveRequest(asked, "q1", at(2026, 11, 9)))).toBe(
      "Uma devolução termina com o recebimento do produto.",
    )
  })
})

describe("missing parcel (spec 002 §1: after 15 business days)", () => {
  it("opens from the day after the 15th business day since shipping", () => {
    // Tue 3 Nov + 15 business days (Mon 2 Nov and Fri 20 Nov are holidays, 15 Nov a Sunday) = Wed 25 Nov.
    expect(missingCheckFrom(SHIPPED_AT)).toBe(at(2026, 11, 26, 0))
    expect(refusal(openAfterSaleRequest(inTransit(), missing, at(2026, 11, 25, 23, 59)))).toBe(
      "A verificação de extravio pode ser aberta a partir de 26/11/2026 (15 dias úteis após o envio).",
    )
    expect(openAfterSaleRequest(inTransit(), missing, at(2026, 11, 26, 0)).ok).toBe(true)
  })

  it("is only for a parcel sent and not delivered", () => {
    expect(refusal(openAfterSaleRequest(delivered(), missing, at(2026, 12, 20)))).toMatch(
      /ainda não entregues/,
    )
    expect(refusal(openAfterSaleRequest(paidFulfilment(), missing, at(2026, 12, 20)))).toMatch(
      /ainda não entregues/,
    )
  })
})

describe("rating a delivery (spec 001 §3)", () => {
  it("takes 1 to 5 stars and a review of at most 500 characters, once", () => {
    const rated = accepted(rateDelivery(delivered(), { stars: 5, review: "  Perfeita!  " }, at(2026, 11, 7)))
    expect(rated.fulfilment.shipments[0]).toMatchObject({
      rating: 5,
      review: "Perfeita!",
      ratedAt: at(2026, 11, 7),
    })
    expect(rated.events[0]).toMatchObject({ type: "DeliveryRated", payload: { rating: 5 } })
    expect(refusal(rateDelivery(rated.fulfilment, { stars: 4, review: "" }, at(2026, 11, 8)))).toBe(
      "Você já avaliou esta entrega.",
    )
    for (const stars of [0, 6, 3.5])
      expect(refusal(rateDelivery(delivered(), { stars, review: "" }, at(2026, 11, 7)))).toBe(
        "Escolha uma nota de 1 a 5 estrelas.",
      )
    expect(rateDelivery(delivered(), { stars: 1, review: "x".repeat(500) }, at(2026, 11, 7)).ok).toBe(true)
    expect(refusal(rateDelivery(delivered(), { stars: 1, review: "x".repeat(501) }, at(2026, 11, 7)))).toBe(
      "A avaliação deve ter no máximo 500 caracteres.",
    )
    expect(refusal(rateDelivery(inTransit(), { stars: 5, review: "" }, at(2026, 11, 7)))).toBe(
      "Só é possível avaliar um pedido entregue.",
    )
  })
})

describe("the customer's available actions", () => {
  it("tell the page what to offer and why not", () => {
    expect(customerActions(paidFulfilment(), at(2026, 11, 4))).toEqual({
      cancel: null,
      withdrawal: "A desistência da compra pode ser pedida depois que o pedido for entregue.",
      damage: "A reclamação de produto danificado pode ser aberta depois que o pedido for entregue.",
      missing: "A verificação de extravio só pode ser aberta para pedidos enviados e ainda não entregues.",
      rate: "Só é possível avaliar um pedido entregue.",
    })
    const actions = customerActions(delivered(), at(2026, 11, 8))
    expect(actions).toMatchObject({ withdrawal: null, damage: null, rate: null })
    expect(actions.cancel).toMatch(/já entrou em produção/)
  })
})
