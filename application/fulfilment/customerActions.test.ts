import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { admin, type FulfilmentWorld, fulfilmentWorld } from "../../tests/fakes/fulfilmentWorld"
import { ana, bruno, DAY } from "../../tests/fakes/ordersWorld"
import { advanceOrder } from "./advanceOrder"
import { cancelMyOrder } from "./cancelMyOrder"
import { decideAfterSale } from "./decideAfterSale"
import { getMyOrder } from "./getMyOrder"
import { openMyAfterSale } from "./openMyAfterSale"
import { rateMyDelivery } from "./rateMyDelivery"
import { receiveOrderReturn } from "./receiveOrderReturn"
import { resolveAfterSale } from "./resolveAfterSale"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

async function deliveredOrder(w: FulfilmentWorld) {
  const order = await w.paidOrder()
  await w.shipAndMaybeDeliver(
    order.id,
    { carrier: "Correios", service: "PAC", trackingCode: "AA1234567BR" },
    true,
  )
  return order
}

describe("the customer's own actions", () => {
  it("cancels before production for a full refund, once however often it is sent", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    const request = { orderId: order.id, actionKey: w.key() }
    expect((await w.ok(cancelMyOrder(request), ana)).status).toBe("cancelled")
    expect((await w.ok(cancelMyOrder(request), ana)).repeated).toBe(true)
    expect(w.eventTypes().filter((t) => t === "PaidOrderCancelled" || t === "RefundRequested")).toEqual([
      "PaidOrderCancelled",
      "RefundRequested",
    ])
    expect(w.f.audit()[0]?.actor).toEqual({ kind: "customer", id: ana.id, email: ana.email })
  })

  it("may not cancel once production started, and says why", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    await w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step: "start_production" }), admin)
    expect(await w.fails(cancelMyOrder({ orderId: order.id, actionKey: w.key() }), ana)).toMatchObject({
      _tag: "FulfilmentRefused",
      message:
        "O pedido já entrou em produção e não pode mais ser cancelado. Fale com o suporte se precisar de ajuda.",
    })
  })

  it("never reaches another customer's order: it does not exist for them", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await deliveredOrder(w)
    const attempts = (viewer: typeof bruno | null) => [
      w.fails(cancelMyOrder({ orderId: order.id, actionKey: w.key() }), viewer),
      w.fails(
        openMyAfterSale({ orderId: order.id, actionKey: w.key(), kind: "withdrawal", description: "" }),
        viewer,
      ),
      w.fails(rateMyDelivery({ orderId: order.id, actionKey: w.key(), stars: 1, review: "" }), viewer),
      w.fails(getMyOrder(order.id), viewer),
    ]
    for (const refusal of await Promise.all(attempts(bruno)))
      expect(refusal).toMatchObject({ _tag: "OrderNotFound" })
    for (const refusal of await Promise.all(attempts(null)))
      expect(refusal).toMatchObject({ _tag: "NotSignedIn" })
    expect(w.f.audit().filter((e) => e.actor.kind === "customer")).toEqual([])
  })

  it("withdraws within 7 days of delivery: requested, approved, returned, refunded in full", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await deliveredOrder(w)
    w.advance(3 * DAY)
    await w.ok(
      openMyAfterSale({ orderId: order.id, actionKey: w.key(), kind: "withdrawal", description: "Desisti." }),
      ana,
    )
    const requestId = w.f.fulfilment(order.id)?.requests[0]?.id ?? ""
    await w.ok(
      decideAfterSale({ orderId: order.id, actionKey: w.key(), requestId, approve: true, note: "" }),
      admin,
    )
    await w.ok(receiveOrderReturn({ orderId: order.id, actionKey: w.key(), requestId }), admin)
    expect(w.eventTypes().slice(-5)).toEqual([
      "AfterSaleRequested",
      "AfterSaleDecided",
      "ReturnReceived",
      "RefundRequested",
      "OrderReleased",
    ])
    expect(w.f.fulfilment(order.id)).toMatchObject({ status: "returned" })
    expect(w.f.fulfilment(order.id)?.refunds[0]?.amount).toBe(order.totals.total)
  })

  it("is told the withdrawal window closed after 7 days", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await deliveredOrder(w)
    w.advance(8 * DAY)
    const refusal = await w.fails(
      openMyAfterSale({ orderId: order.id, actionKey: w.key(), kind: "withdrawal", description: "" }),
      ana,
    )
    expect(refusal).toMatchObject({
      _tag: "FulfilmentRefused",
      message: "O prazo de 7 dias para desistir da compra terminou em 17/11/2026.",
    })
  })

  it("rates the delivery once, 1 to 5 stars", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await deliveredOrder(w)
    await w.ok(rateMyDelivery({ orderId: order.id, actionKey: w.key(), stars: 5, review: "Linda!" }), ana)
    expect(
      await w.fails(rateMyDelivery({ orderId: order.id, actionKey: w.key(), stars: 4, review: "" }), ana),
    ).toMatchObject({ message: "Você já avaliou esta entrega." })
    expect(w.f.fulfilment(order.id)?.shipments[0]).toMatchObject({ rating: 5, review: "Linda!" })
  })
})

describe("the customer's order page", () => {
  it("shows the timeline, the production tracker, the shipment and what may be done", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await deliveredOrder(w)
    const page = await w.ok(getMyOrder(order.id), ana)
    expect(page.number).toBe(order.number)
    expect(page.fulfilment?.statusLabel).toBe("Entregue")
    expect(page.fulfilment?.timeline.map((s) => s.label)).toEqual([
      "Pedido Confirmado",
      "Em Produção",
      "Produto Finalizado",
      "Postado",
      "Em Trânsito",
      "Entregue",
    ])
    expect(page.fulfilment?.shipment).toMatchObject({
      carrier: "Correios",
      trackingCode: "AA1234567BR",
      trackingUrl: "https://rastreamento.correios.com.br/app/index.php?objetos=AA1234567BR",
    })
    expect(page.fulfilment?.production[0]?.editionNumbers).toEqual(["1/500"])
    expect(page.actions).toMatchObject({ withdrawal: null, damage: null, rate: null })
    expect(page.actions?.cancel).toMatch(/já entrou em produção/)
  })

  it("shows an unpaid order without a life after payment", async () => {
    const w = fulfilmentWorld({ now: NOV_10, script: [{ status: "pending" }] })
    const { placeOrder } = await import("../orders/placeOrder")
    const pending = await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
    const page = await w.ok(getMyOrder(pending.id), ana)
    expect([page.status, page.fulfilment, page.actions, page.certificates]).toEqual([
      "awaiting_payment",
      null,
      null,
      [],
    ])
  })
})

describe("a damaged piece", () => {
  it("is reported within 7 days, approved, then resolved by an administrator", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await deliveredOrder(w)
    await w.ok(
      openMyAfterSale({
        orderId: order.id,
        actionKey: w.key(),
        kind: "damage",
        description: "A capa veio rasgada.",
      }),
      ana,
    )
    const requestId = w.f.fulfilment(order.id)?.requests[0]?.id ?? ""
    const resolve = { orderId: order.id, actionKey: w.key(), requestId }
    expect(await w.fails(resolveAfterSale(resolve), admin)).toMatchObject({
      message: "Só uma solicitação aprovada pode ser concluída.",
    })
    await w.ok(
      decideAfterSale({
        orderId: order.id,
        actionKey: w.key(),
        requestId,
        approve: true,
        note: "Enviaremos outra capa.",
      }),
      admin,
    )
    await w.ok(resolveAfterSale({ ...resolve, actionKey: w.key() }), admin)
    expect(w.f.fulfilment(order.id)?.requests[0]).toMatchObject({ kind: "damage", status: "resolved" })
    expect(await w.fails(resolveAfterSale({ ...resolve, actionKey: w.key() }), ana)).toMatchObject({
      _tag: "Forbidden",
    })
  })
})
