import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { domainEvent, type RecordedEvent } from "../../domain/events"
import type { Order } from "../../domain/orders/order"
import { fixedClock, settingsLayer } from "../../tests/fakes/inMemoryCatalog"
import { inMemoryMailbox } from "../../tests/fakes/inMemoryMailbox"
import { anAttempt, anOrder, aPaidOrder, BOLETO, PIX_CODE } from "../../tests/fakes/orderFixtures"
import { strictFake } from "../../tests/fakes/strict"
import { AccountData } from "../ports/AccountData"
import { OrderStore, type StoredAttempt } from "../ports/OrderStore"
import { orderEmailsHandler } from "./orderEmails"

const NOW = Date.UTC(2026, 10, 20, 13, 5)
const ref = { orderId: "order-1", userId: "user-1" }
let nextId = 0
const recorded = (event: ReturnType<typeof domainEvent>, id = String(++nextId)): RecordedEvent => ({
  ...event,
  id,
  occurredAt: NOW,
})

const placed = () =>
  recorded(domainEvent("OrderPlaced", "order-1", { ...ref, number: "LG-2026-000123", total: 56841 }))
const instructions = (method: "pix" | "boleto" = "pix") =>
  recorded(
    domainEvent("PaymentInstructionsIssued", "order-1", {
      ...ref,
      paymentId: "attempt-1",
      method,
      amount: 56841,
    }),
  )
const approved = () =>
  recorded(
    domainEvent("PaymentApproved", "order-1", {
      ...ref,
      paymentId: "attempt-1",
      method: "card",
      amount: 56841,
      installments: 3,
    }),
  )
const rejected = (statusDetail: string | null = "cc_rejected_insufficient_amount") =>
  recorded(
    domainEvent("PaymentRejected", "order-1", {
      ...ref,
      paymentId: "attempt-1",
      method: "card",
      statusDetail,
    }),
  )
const expired = () => recorded(domainEvent("OrderExpired", "order-1", { ...ref, heldUnits: true }))

/** The store as the handler finds it: one order and its attempts, Ana's account, a mailer and its log. */
function world(
  options: {
    order?: Order | null
    attempts?: readonly StoredAttempt[]
    contact?: { email: string; name: string } | null
    smtpDown?: boolean
  } = {},
) {
  const mail = inMemoryMailbox({ smtpDown: options.smtpDown, topics: false })
  const order = options.order === undefined ? anOrder() : options.order
  const attempts = options.attempts ?? [anAttempt()]
  const layer = Layer.mergeAll(
    mail.layer,
    fixedClock(NOW),
    settingsLayer({ supportEmail: "ajuda@legendarium.com.br" }),
    Layer.succeed(
      OrderStore,
      strictFake<OrderStore["Service"]>("OrderStore", {
        get: (id) => Effect.succeed(order && order.id === id ? order : null),
        getAttempt: (id) => Effect.succeed(attempts.find((a) => a.id === id) ?? null),
      }),
    ),
    Layer.succeed(
      AccountData,
      strictFake<AccountData["Service"]>("AccountData", {
        contactOf: (userId) =>
          Effect.succeed(
            userId === "user-1"
              ? options.contact === undefined
                ? { email: "ana@example.com", name: "Ana" }
                : options.contact
              : null,
          ),
      }),
    ),
  )
  const templates = () => mail.attempts().map((entry) => `${entry.template} ${entry.status}`)
  return { sent: mail.sent, templates, layer }
}

const handle = (event: RecordedEvent, w: ReturnType<typeof world>) =>
  Effect.runPromiseExit(orderEmailsHandler.handle(event).pipe(Effect.provide(w.layer)))

describe("order e-mails", () => {
  it("listens to the order events, as an external handler", () => {
    expect(orderEmailsHandler.name).toBe("mail.orders")
    expect(orderEmailsHandler.mode).toBe("external")
    expect([...orderEmailsHandler.on]).toEqual([
      "OrderPlaced",
      "PaymentInstructionsIssued",
      "PaymentApproved",
      "PaymentRejected",
      "PaymentInterrupted",
      "OrderExpired",
    ])
  })

  it("tells the customer the order was received, at the account's address", async () => {
    const w = world()
    const exit = await handle(placed(), w)
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(w.sent).toHaveLength(1)
    expect(w.sent[0]!.to).toBe("ana@example.com")
    expect(w.sent[0]!.subject).toBe("Recebemos seu pedido LG-2026-000123 — Legendarium")
    expect(w.sent[0]!.text).toContain("Olá, Ana!")
    expect(w.sent[0]!.text).toContain("ajuda@legendarium.com.br")
    expect(w.templates()).toEqual(["order-received sent"])
  })

  it("says nothing of receipt once the payment's outcome is known (a card paid at once gets one e-mail)", async () => {
    for (const status of ["paid", "rejected"] as const) {
      const w = world({ order: status === "paid" ? aPaidOrder() : anOrder({ status }) })
      const exit = await handle(placed(), w)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(w.sent).toHaveLength(0)
    }
  })

  it("says nothing of receipt for a card still at the gateway: its approval, committed after, is the news", async () => {
    // The dispatcher may claim OrderPlaced between the order's commit and the card's approval: the order then
    // still awaits payment, and the approval has not been written yet.
    const inFlight = anAttempt({
      method: "card",
      status: "new",
      statusDetail: null,
      gatewayPaymentId: null,
      paymentMethodId: "visa",
      pix: null,
    })
    const w = world({ attempts: [inFlight] })
    const exit = await handle(placed(), w)
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(w.sent).toEqual([])
    // Then the approval commits, and the customer gets one e-mail: the approval, with the order's code.
    const later = world({
      order: aPaidOrder(),
      attempts: [{ ...inFlight, status: "approved", gatewayPaymentId: "mp-1" }],
    })
    await handle(approved(), later)
    expect(later.templates()).toEqual(["payment-approved sent"])
  })

  it("gives the order's tracking code, and where to use it, when the order is received and when it is paid", async () => {
    const received = world()
    await handle(placed(), received)
    const paid = world({ order: aPaidOrder() })
    await handle(approved(), paid)
    for (const message of [...received.sent, ...paid.sent]) {
      expect(message.text).toContain("Código de rastreamento:\n8R1CG2-G03G02")
      expect(message.text).toContain("https://loja.example/rastrear?codigo=8R1CG2-G03G02")
      expect(message.html).toContain("8R1CG2-G03G02")
    }
    expect(received.sent).toHaveLength(1)
    expect(paid.sent).toHaveLength(1)
  })

  it("never names a character before its reveal, even beside the tracking code", async () => {
    const mystery = {
      revealAt: NOW + 24 * 60 * 60_000,
      edition: { year: 2026, month: 12 },
      mysteryImageUrl: "/img/mystery.jpg",
    }
    const hidden = (order: Order): Order => ({
      ...order,
      lines: order.lines.map((line) => (line.productId === "p-goku" ? { ...line, reveal: mystery } : line)),
    })
    const received = world({ order: hidden(anOrder()) })
    await handle(placed(), received)
    const paid = world({ order: hidden(aPaidOrder()) })
    await handle(approved(), paid)
    expect([...received.sent, ...paid.sent]).toHaveLength(2)
    for (const message of [...received.sent, ...paid.sent]) {
      expect(message.text).toContain("8R1CG2-G03G02")
      expect(`${message.subject} ${message.text} ${message.html}`).not.toContain("Goku")
      expect(message.text).toContain("Personagem misterioso")
    }
  })

  it("sends a redelivered event once", async () => {
    const w = world()
    const event = placed()
    await handle(event, w)
    const again = await handle(event, w)
    expect(Exit.isSuccess(again)).toBe(true)
    expect(w.sent).toHaveLength(1)
  })

  it("sends the PIX copia e cola of the attempt the event names", async () => {
    const w = world()
    await handle(instructions(), w)
    expect(w.sent[0]!.subject).toBe("Pague seu pedido LG-2026-000123 com PIX — Legendarium")
    expect(w.sent[0]!.text).toContain(PIX_CODE)
    expect(w.sent[0]!.text).toContain("https://loja.example/payment-success?pedido=order-1")
    expect(w.templates()).toEqual(["payment-pix sent"])
  })

  it("sends a boleto's digitable line and link", async () => {
    const w = world({ attempts: [anAttempt({ method: "boleto", pix: null, boleto: BOLETO })] })
    await handle(instructions("boleto"), w)
    expect(w.sent[0]!.subject).toBe("Boleto do pedido LG-2026-000123 — Legendarium")
    expect(w.sent[0]!.text).toContain(BOLETO.digitableLine)
    expect(w.sent[0]!.text).toContain(BOLETO.url)
    expect(w.templates()).toEqual(["payment-boleto sent"])
  })

  it("sends nothing for instructions of an attempt with neither PIX nor boleto", async () => {
    const w = world({ attempts: [anAttempt({ pix: null, boleto: null })] })
    const exit = await handle(instructions(), w)
    expect(Exit.isSuccess(exit)).toBe(true)
    expect(w.sent).toEqual([])
    expect(w.templates()).toEqual([])
  })

  it("sends no instructions for an order already paid, or one the customer paid another way", async () => {
    const paid = world({ order: aPaidOrder() })
    await handle(instructions(), paid)
    const switched = world({ order: anOrder({ currentAttemptId: "attempt-2" }) })
    await handle(instructions(), switched)
    expect([...paid.sent, ...switched.sent]).toEqual([])
  })

  it("confirms the payment with the edition numbers and the ship date", async () => {
    const w = world({ order: aPaidOrder() })
    await handle(approved(), w)
    expect(w.sent[0]!.subject).toBe("Pagamento aprovado do pedido LG-2026-000123 — Legendarium")
    expect(w.sent[0]!.text).toContain("edição nº 37/500")
    expect(w.sent[0]!.text).toContain("Seu pedido será enviado em 30/11/2026.")
    expect(w.sent[0]!.text).toContain("cartão de crédito em 3x")
    expect(w.templates()).toEqual(["payment-approved sent"])
  })

  it("tells why a payment was refused and how to pay again", async () => {
    const w = world({
      order: anOrder({ status: "rejected" }),
      attempts: [anAttempt({ method: "card", status: "rejected", pix: null })],
    })
    await handle(rejected(), w)
    expect(w.sent[0]!.subject).toBe("Pagamento não aprovado do pedido LG-2026-000123 — Legendarium")
    expect(w.sent[0]!.text).toContain("O cartão não tem limite suficiente.")
    expect(w.sent[0]!.text).toContain(
      "Tentar pagar novamente:\nhttps://loja.example/payment-success?pedido=order-1",
    )
    expect(w.templates()).toEqual(["payment-rejected sent"])
  })

  it("tells of a payment that never reached the gateway truthfully: nothing charged, nothing refused", async () => {
    const interrupted = () =>
      recorded(
        domainEvent("PaymentInterrupted", "order-1", { ...ref, paymentId: "attempt-1", method: "card" }),
      )
    const w = world({
      order: anOrder({ status: "awaiting_payment" }),
      attempts: [
        anAttempt({ method: "card", status: "interrupted", statusDetail: "not_submitted", pix: null }),
      ],
    })
    await handle(interrupted(), w)
    expect(w.sent[0]!.subject).toBe("Finalize o pagamento do pedido LG-2026-000123 — Legendarium")
    expect(w.sent[0]!.text).toContain("Nenhuma cobrança foi feita. Tente pagar novamente.")
    expect(w.sent[0]!.text).toContain("Pagar agora:\nhttps://loja.example/payment-success?pedido=order-1")
    expect(w.sent[0]!.text).not.toMatch(/recusad|não aprovado/i)
    expect(w.templates()).toEqual(["payment-interrupted sent"])

    const retried = world({ order: anOrder({ currentAttemptId: "attempt-2" }) })
    await handle(interrupted(), retried)
    expect(retried.sent).toEqual([])
  })

  it("keeps quiet about a refusal the customer has moved past, or a PIX cancelled because it expired", async () => {
    const retried = world({ order: anOrder({ currentAttemptId: "attempt-2" }) })
    await handle(rejected(), retried)
    const cancelled = world({
      order: anOrder({ status: "rejected" }),
      attempts: [anAttempt({ status: "cancelled", statusDetail: "expired" })],
    })
    await handle(rejected("expired"), cancelled)
    const ended = world({ order: anOrder({ status: "expired" }) })
    await handle(rejected(), ended)
    expect([...retried.sent, ...cancelled.sent, ...ended.sent]).toEqual([])
  })

  it("tells the customer an order expired, unless a late payment revived it", async () => {
    const w = world({ order: anOrder({ status: "expired" }) })
    await handle(expired(), w)
    expect(w.sent[0]!.subject).toBe("Pedido LG-2026-000123 encerrado — Legendarium")
    expect(w.sent[0]!.text).toContain("https://loja.example/colecoes")
    const revived = world({ order: aPaidOrder() })
    await handle(expired(), revived)
    expect(revived.sent).toEqual([])
  })

  it("writes to no one when the order or the account is gone", async () => {
    const noOrder = world({ order: null })
    const noAccount = world({ contact: null })
    expect(Exit.isSuccess(await handle(placed(), noOrder))).toBe(true)
    expect(Exit.isSuccess(await handle(placed(), noAccount))).toBe(true)
    expect([...noOrder.sent, ...noAccount.sent]).toEqual([])
  })

  it("fails, and logs the failure, when the SMTP server is down, so the dispatcher retries", async () => {
    const down = world({ smtpDown: true })
    const event = placed()
    const exit = await handle(event, down)
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("MailDeliveryFailed")
    expect(down.templates()).toEqual(["order-received failed"])
  })

  it("ignores events it does not write about", async () => {
    const w = world()
    await handle(recorded(domainEvent("OrderCancelled", "order-1", { ...ref, heldUnits: true })), w)
    expect(w.sent).toEqual([])
  })
})
