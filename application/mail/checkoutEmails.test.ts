import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import type { RecordedEvent } from "../../domain/events"
import { type FulfilmentWorld, fulfilmentWorld } from "../../tests/fakes/fulfilmentWorld"
import { type InMemoryMailbox, inMemoryMailbox } from "../../tests/fakes/inMemoryMailbox"
import { placeOrder } from "../orders/placeOrder"
import { PaymentGateway } from "../ports/PaymentGateway"
import { orderEmailsHandler } from "./orderEmails"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

/**
 * The dispatcher as it runs beside the checkout: it hands every event committed so far, once, to the order
 * e-mails.
 */
function dispatcher(w: FulfilmentWorld, mail: InMemoryMailbox) {
  let delivered = 0
  return Effect.gen(function* () {
    for (; delivered < w.events.length; delivered++) {
      const event = w.events[delivered]
      const recorded = { ...event, id: `evt-${delivered}`, occurredAt: w.now() } as RecordedEvent
      yield* orderEmailsHandler.handle(recorded).pipe(Effect.provide(mail.layer))
    }
  })
}

/** The gateway, with the dispatcher getting its turn while the payment is at the gateway. */
const dispatchingDuringCharge = (w: FulfilmentWorld, dispatch: ReturnType<typeof dispatcher>) =>
  Layer.effect(
    PaymentGateway,
    Effect.gen(function* () {
      const gateway = yield* PaymentGateway
      const store = yield* Effect.context<Effect.Services<typeof dispatch>>()
      return PaymentGateway.of({
        ...gateway,
        createPayment: (request) =>
          dispatch.pipe(Effect.provide(store), Effect.orDie, Effect.andThen(gateway.createPayment(request))),
      })
    }),
  ).pipe(Layer.provide(w.gateway.layer))

const checkout = async (w: FulfilmentWorld, mail: InMemoryMailbox, method: "card" | "pix") => {
  const dispatch = dispatcher(w, mail)
  const order = await w.ok(
    placeOrder(w.input(method === "pix" ? { payment: { method: "pix" } } : {})).pipe(
      Effect.provide(dispatchingDuringCharge(w, dispatch)),
    ),
  )
  await w.ok(dispatch)
  return order
}

describe("the e-mails of a checkout, whenever the dispatcher reads the order", () => {
  it("a card approved at once gets its approval, with the tracking code, and nothing asking to pay", async () => {
    const w = fulfilmentWorld({ now: NOV_10, script: [{ status: "approved" }] })
    const mail = inMemoryMailbox()
    const order = await checkout(w, mail, "card")
    // The dispatcher did read OrderPlaced before the approval committed.
    expect(w.eventTypes()).toEqual(["OrderPlaced", "PaymentApproved"])
    expect(mail.sent.map((m) => m.subject)).toEqual([
      `Pagamento aprovado do pedido ${order.number} — Legendarium`,
    ])
    expect(mail.sent[0]?.text).toContain(`Código de rastreamento:\n${order.trackingCode}`)
    expect(mail.sent[0]?.text).not.toContain("concluir o pagamento")
  })

  it("a card refused at once is told so, once", async () => {
    const w = fulfilmentWorld({ now: NOV_10, script: [{ status: "rejected" }] })
    const mail = inMemoryMailbox()
    const order = await checkout(w, mail, "card")
    expect(mail.sent.map((m) => m.subject)).toEqual([
      `Pagamento não aprovado do pedido ${order.number} — Legendarium`,
    ])
  })

  it("a PIX still gets the receipt, with the tracking code, then the code to pay", async () => {
    const w = fulfilmentWorld({ now: NOV_10, script: [{ status: "pending" }] })
    const mail = inMemoryMailbox()
    const order = await checkout(w, mail, "pix")
    expect(mail.sent.map((m) => m.subject)).toEqual([
      `Recebemos seu pedido ${order.number} — Legendarium`,
      `Pague seu pedido ${order.number} com PIX — Legendarium`,
    ])
    expect(mail.sent[0]?.text).toContain(`Código de rastreamento:\n${order.trackingCode}`)
  })
})
