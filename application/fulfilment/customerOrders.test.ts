import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { certificatesFor } from "../../domain/fulfilment/certificate"
import { admin, type FulfilmentWorld, fulfilmentWorld } from "../../tests/fakes/fulfilmentWorld"
import { bruno, DAY } from "../../tests/fakes/ordersWorld"
import { CertificateRegistry } from "../ports/CertificateRegistry"
import { type AdvanceStep, advanceOrder } from "./advanceOrder"
import { getMyOrder } from "./getMyOrder"
import { openMyAfterSale } from "./openMyAfterSale"
import { rateMyDelivery } from "./rateMyDelivery"
import { shipOrder } from "./shipOrder"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

async function paidAndCertified(w: FulfilmentWorld) {
  const order = await w.paidOrder()
  await w.ok(
    Effect.gen(function* () {
      const registry = yield* CertificateRegistry
      yield* registry.issue(
        certificatesFor(w.db.order(order.id)!, "Ana Maria de Souza", ["AAAAA-BBBBB-CCCCC-DDDDD"], NOV_10),
      )
    }),
  )
  return order
}

const step = (w: FulfilmentWorld, orderId: string, s: AdvanceStep) =>
  w.ok(advanceOrder({ orderId, actionKey: w.key(), step: s }), admin)

/** Production, shipping by SEDEX and delivery, each by an administrator, a day apart. */
async function deliver(w: FulfilmentWorld, orderId: string) {
  await step(w, orderId, "start_production")
  w.advance(DAY)
  await step(w, orderId, "mark_produced")
  w.advance(DAY)
  await w.ok(
    shipOrder({
      orderId,
      actionKey: w.key(),
      carrier: "Correios",
      service: "SEDEX",
      trackingCode: "AA123456789BR",
    }),
    admin,
  )
  w.advance(DAY)
  await step(w, orderId, "mark_delivered")
}

const customerEvents = (w: FulfilmentWorld) =>
  w.eventTypes().filter((t) => !["OrderPlaced", "PaymentApproved"].includes(t))

describe("the customer's order page", () => {
  it("links each numbered unit to its certificate, with the payment and the steps still ahead", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await paidAndCertified(w)
    const view = await w.ok(getMyOrder(order.id))
    expect(view.number).toBe(order.number)
    expect(view.payment?.status).toBe("approved")
    expect(view.address.city).toBe("São Paulo")
    expect(view.fulfilment?.production[0]?.editionNumbers).toEqual([`${order.lines[0]?.serials[0]}/500`])
    expect(view.certificates).toEqual([
      expect.objectContaining({
        code: "AAAAA-BBBBB-CCCCC-DDDDD",
        path: "/certificado/AAAAA-BBBBB-CCCCC-DDDDD",
      }),
    ])
    expect(view.fulfilment?.timeline.map((s) => [s.label, s.state])).toEqual([
      ["Pedido Confirmado", "current"],
      ["Em Produção", "pending"],
      ["Produto Finalizado", "pending"],
      ["Postado", "pending"],
      ["Em Trânsito", "pending"],
      ["Entrega Prevista", "pending"],
      ["Entregue", "pending"],
    ])
    expect(view.actions?.cancel).toBeNull()
    expect(view.actions?.withdrawal).toBe(
      "A desistência da compra pode ser pedida depois que o pedido for entregue.",
    )
  })
})

describe("after delivery", () => {
  it("reports damage with a description; another customer cannot", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    await deliver(w, order.id)
    const damage = { orderId: order.id, kind: "damage" as const }
    expect(
      await w.fails(openMyAfterSale({ ...damage, actionKey: w.key(), description: "  " })),
    ).toMatchObject({
      message: "Descreva o que aconteceu.",
    })
    expect(
      (await w.fails(openMyAfterSale({ ...damage, actionKey: w.key(), description: "Quebrou" }), bruno))._tag,
    ).toBe("OrderNotFound")
    await w.ok(openMyAfterSale({ ...damage, actionKey: w.key(), description: "A capa chegou rasgada." }))
    expect(w.f.fulfilment(order.id)?.requests[0]).toMatchObject({
      kind: "damage",
      description: "A capa chegou rasgada.",
    })
  })

  it("refuses a rating before delivery, outside 1 to 5 stars or over 500 characters", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    const rate = (stars: number, review = "") =>
      rateMyDelivery({ orderId: order.id, actionKey: w.key(), stars, review })
    expect(await w.fails(rate(5))).toMatchObject({ message: "Só é possível avaliar um pedido entregue." })
    await deliver(w, order.id)
    expect(await w.fails(rate(6))).toMatchObject({ message: "Escolha uma nota de 1 a 5 estrelas." })
    expect(await w.fails(rate(4, "x".repeat(501)))).toMatchObject({
      message: "A avaliação deve ter no máximo 500 caracteres.",
    })
    await w.ok(rate(4, "Chegou bem embalado."))
    expect(await w.fails(rate(5))).toMatchObject({ message: "Você já avaliou esta entrega." })
    expect(w.f.fulfilment(order.id)?.shipments[0]).toMatchObject({
      rating: 4,
      review: "Chegou bem embalado.",
    })
    expect(customerEvents(w).at(-1)).toBe("DeliveryRated")
  })
})

describe("a parcel that does not arrive", () => {
  it("may be reported missing from the 16th business day after it left", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    await step(w, order.id, "start_production")
    await step(w, order.id, "mark_produced")
    await w.ok(
      shipOrder({
        orderId: order.id,
        actionKey: w.key(),
        carrier: "Jadlog",
        service: ".Package",
        trackingCode: "JD000123456",
      }),
      admin,
    )
    const missing = () =>
      openMyAfterSale({ orderId: order.id, actionKey: w.key(), kind: "missing", description: "Não chegou." })
    w.advance(10 * DAY)
    const early = await w.fails(missing())
    expect((early as { message: string }).message).toMatch(
      /^A verificação de extravio pode ser aberta a partir de \d{2}\/\d{2}\/\d{4} \(15 dias úteis após o envio\)\.$/,
    )
    w.advance(15 * DAY)
    expect(await w.ok(missing())).toMatchObject({ repeated: false })
    expect(w.f.fulfilment(order.id)?.requests[0]).toMatchObject({ kind: "missing", status: "requested" })
  })
})
