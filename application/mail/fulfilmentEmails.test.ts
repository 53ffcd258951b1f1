import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import type { RecordedEvent } from "../../domain/events"
import { admin, type FulfilmentWorld, fulfilmentWorld, moderator } from "../../tests/fakes/fulfilmentWorld"
import { type InMemoryMailbox, inMemoryMailbox } from "../../tests/fakes/inMemoryMailbox"
import { ana, DAY } from "../../tests/fakes/ordersWorld"
import { advanceOrder } from "../fulfilment/advanceOrder"
import { cancelMyOrder } from "../fulfilment/cancelMyOrder"
import { decideAfterSale } from "../fulfilment/decideAfterSale"
import { openMyAfterSale } from "../fulfilment/openMyAfterSale"
import { refundThroughGatewayHandler } from "../fulfilment/refundThroughGateway"
import { shipOrder } from "../fulfilment/shipOrder"
import { fulfilmentEmailsHandler } from "./fulfilmentEmails"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

/** Delivers every committed event to the handler, each one `times` times (a dispatcher redelivering). */
async function dispatch(w: FulfilmentWorld, mail: InMemoryMailbox, times = 2) {
  for (const [index, event] of w.events.entries()) {
    const recorded = { ...event, id: `evt-${index}`, occurredAt: w.now() } as RecordedEvent
    for (let i = 0; i < times; i++)
      await w.ok(fulfilmentEmailsHandler.handle(recorded).pipe(Effect.provide(mail.layer)))
  }
}

const subjects = (mail: InMemoryMailbox) => mail.sent.map((m) => m.subject)

describe("after-payment e-mails", () => {
  it("tell the customer each step once, however often an action or its event is repeated", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const mail = inMemoryMailbox()
    const order = await w.paidOrder()
    const start = { orderId: order.id, actionKey: w.key(), step: "start_production" as const }
    await w.ok(advanceOrder(start), admin)
    await w.ok(advanceOrder(start), admin)
    await w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step: "mark_produced" }), admin)
    const ship = { orderId: order.id, carrier: "Correios", service: "SEDEX", trackingCode: "AA123456789BR" }
    await Promise.all([
      w.run(shipOrder({ ...ship, actionKey: w.key() }), admin),
      w.run(shipOrder({ ...ship, actionKey: w.key() }), moderator),
    ])
    await w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step: "mark_delivered" }), admin)
    await dispatch(w, mail)
    expect(subjects(mail)).toEqual([
      `Seu pedido ${order.number} está em produção — Legendarium`,
      `Seu pedido ${order.number} foi enviado — Legendarium`,
      `Pedido ${order.number} entregue — Legendarium`,
    ])
    const shipped = mail.sent[1]
    expect(shipped?.to).toBe(ana.email)
    expect(shipped?.text).toContain(`Código de rastreamento:\n${order.trackingCode}`)
    expect(shipped?.text).toContain("Código da transportadora (Correios):\nAA123456789BR")
    expect(shipped?.text).toContain(`https://loja.example/rastrear?codigo=${order.trackingCode}`)
    expect(shipped?.text).toContain(
      "https://rastreamento.correios.com.br/app/index.php?objetos=AA123456789BR",
    )
    expect(mail.sent[2]?.text).toContain("Avaliar minha entrega")
    expect(mail.sent[0]?.text).toContain(`https://loja.example/perfil/pedidos/${order.id}`)
  })

  it("tell of a cancellation, then of the refund once the gateway made it", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const mail = inMemoryMailbox()
    const order = await w.paidOrder()
    await w.ok(cancelMyOrder({ orderId: order.id, actionKey: w.key() }), ana)
    const requested = w.events.find((e) => e.type === "RefundRequested")
    await w.ok(
      refundThroughGatewayHandler.handle({ ...requested, id: "r", occurredAt: w.now() } as RecordedEvent),
    )
    await dispatch(w, mail)
    expect(subjects(mail)).toEqual([
      `Pedido ${order.number} cancelado — Legendarium`,
      `Reembolso do pedido ${order.number} — Legendarium`,
    ])
    expect(mail.sent[1]?.text).toContain("Reembolso concluído")
  })

  it("acknowledge a withdrawal and tell when it is approved", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const mail = inMemoryMailbox()
    const order = await w.paidOrder()
    await w.shipAndMaybeDeliver(
      order.id,
      { carrier: "Jadlog", service: ".Package", trackingCode: "JD0001" },
      true,
    )
    w.advance(2 * DAY)
    await w.ok(
      openMyAfterSale({ orderId: order.id, actionKey: w.key(), kind: "withdrawal", description: "" }),
      ana,
    )
    const requestId = w.f.fulfilment(order.id)?.requests[0]?.id ?? ""
    await w.ok(
      decideAfterSale({
        orderId: order.id,
        actionKey: w.key(),
        requestId,
        approve: true,
        note: "Use o código de postagem 123.",
      }),
      admin,
    )
    await dispatch(w, mail, 1)
    expect(subjects(mail).slice(-2)).toEqual([
      `Recebemos seu pedido de devolução — ${order.number}`,
      `Devolução aprovada — pedido ${order.number}`,
    ])
    expect(mail.sent.at(-1)?.text).toContain("Use o código de postagem 123.")
  })
})
