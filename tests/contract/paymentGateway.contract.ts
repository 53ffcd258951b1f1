import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type {
  GatewayPayment,
  PaymentGateway,
  PaymentRequest,
  PreferenceRequest,
} from "../../application/ports/PaymentGateway"
import { gatewayExpiry } from "../../domain/orders/deadlines"
import { A_PAYMENT_ITEM, ITEMS_AND_DESCRIPTOR } from "../fakes/paymentItems"

/** What the contract needs from each implementation besides the port itself. */
export interface GatewayHarness {
  readonly gateway: PaymentGateway["Service"]
  /** A fresh single-use token for the Mastercard test card, made the way the browser makes one. */
  cardToken(holderName: string): Promise<string>
  /** The buyer pays a pending PIX or boleto (the sandbox's button, the fake's control endpoint). */
  pay(paymentId: string): Promise<void>
  /** Takes the gateway down until the returned function is called; null when it has no outage to simulate. */
  readonly outage: (() => () => void) | null
  /** The buyer pays on a preference's Checkout Pro page: "paid", or "expired" when the page had closed. */
  payPreference(preferenceId: string): Promise<"paid" | "expired">
  /** Moves the gateway's clock `ms` ahead until the returned function is called. */
  later(ms: number): () => void
}

const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
const failure = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(Effect.flip(effect))

const PAYER: PaymentRequest["payer"] = {
  email: "comprador@example.com",
  firstName: "Maria",
  lastName: "Silva",
  cpf: "12345678909",
  address: {
    zipCode: "01001000",
    street: "Praça da Sé",
    number: "100",
    neighborhood: "Sé",
    city: "São Paulo",
    state: "SP",
  },
}

/** The port's promises, held by Mercado Pago's adapter (on the fake) and by the sandbox alike. */
export function paymentGatewayContract(setup: () => GatewayHarness) {
  const h = () => setup()

  const request = (over: Partial<PaymentRequest> = {}): PaymentRequest => ({
    attemptId: randomUUID(),
    orderId: randomUUID(),
    description: "Pedido LEG-0001: Dragão Ancestral",
    amount: 29990,
    method: "pix",
    card: null,
    payer: PAYER,
    expiresAt: null,
    notificationUrl: "https://loja.example/api/webhooks/mercadopago",
    ...ITEMS_AND_DESCRIPTOR,
    ...over,
  })

  const cardRequest = async (holder: string, over: Partial<PaymentRequest> = {}, installments = 1) =>
    request({
      method: "card",
      card: { token: await h().cardToken(holder), installments, paymentMethodId: "master", issuerId: null },
      ...over,
    })

  const pay = async (holder: string, installments = 1, over: Partial<PaymentRequest> = {}) =>
    run(h().gateway.createPayment(await cardRequest(holder, over, installments)))

  describe("installments", () => {
    it("offers 1x to 12x, no interest up to 3x, each option adding up to its total", async () => {
      const options = await run(h().gateway.installments(29990, "503143"))
      expect(options.map((o) => o.installments)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
      const three = options.find((o) => o.installments === 3)!
      expect(three).toMatchObject({ totalAmount: 29990, rate: 0 })
      expect(Math.abs(three.installmentAmount * 3 - three.totalAmount)).toBeLessThanOrEqual(2)
      for (const o of options) {
        expect(Number.isInteger(o.installmentAmount) && Number.isInteger(o.totalAmount)).toBe(true)
        expect(o.totalAmount).toBeGreaterThanOrEqual(29990)
        expect(o.message).toMatch(/R\$/)
      }
      expect(options.at(-1)!.totalAmount).toBeGreaterThan(29990)
    })
  })

  describe("cards", () => {
    it("approves APRO in 3x, with the amount to the centavo", async () => {
      const req = await cardRequest("APRO", { amount: 33333 }, 3)
      const payment = await run(h().gateway.createPayment(req))
      expect(payment).toMatchObject({
        orderId: req.orderId,
        attemptId: req.attemptId,
        status: "approved",
        statusDetail: "accredited",
        amount: 33333,
        installments: 3,
        paymentMethodId: "master",
        cardLastFour: "6351",
        pix: null,
        boleto: null,
      })
      expect(payment.approvedAt).toEqual(expect.any(Number))
      expect(await run(h().gateway.getPayment(payment.id))).toEqual(payment)
    })

    it.each([
      ["OTHE", "cc_rejected_other_reason"],
      ["CALL", "cc_rejected_call_for_authorize"],
      ["FUND", "cc_rejected_insufficient_amount"],
      ["SECU", "cc_rejected_bad_filled_security_code"],
      ["EXPI", "cc_rejected_bad_filled_date"],
      ["FORM", "cc_rejected_bad_filled_other"],
    ])("rejects %s with %s", async (holder, detail) => {
      const payment = await pay(holder)
      expect(payment).toMatchObject({ status: "rejected", statusDetail: detail, approvedAt: null })
    })

    it("leaves CONT in process (pending_contingency)", async () => {
      expect(await pay("CONT")).toMatchObject({ status: "in_process", statusDetail: "pending_contingency" })
    })

    it("refuses an unknown token as a card-data problem, and creates nothing", async () => {
      const req = request({
        method: "card",
        card: {
          token: "ffffffffffffffffffffffffffffffff",
          installments: 1,
          paymentMethodId: "master",
          issuerId: null,
        },
      })
      const error = await failure(h().gateway.createPayment(req))
      expect(error).toMatchObject({ _tag: "GatewayRefused", cardData: true })
      expect(await run(h().gateway.paymentsForOrder(req.orderId))).toEqual([])
    })

    it("takes a token once: a second attempt with it is refused", async () => {
      const first = await cardRequest("APRO")
      await run(h().gateway.createPayment(first))
      const again = { ...first, attemptId: randomUUID() }
      expect(await failure(h().gateway.createPayment(again))).toMatchObject({
        _tag: "GatewayRefused",
        cardData: true,
      })
    })
  })

  describe("PIX and boleto", () => {
    it("issues a PIX code (copia e cola and QR image) and approves it when paid", async () => {
      // The expiry the store sends (a minute over the order's window, so it arrives at least 30 minutes ahead).
      const req = request({ method: "pix", amount: 15050, expiresAt: gatewayExpiry("pix", Date.now()) })
      const payment = await run(h().gateway.createPayment(req))
      expect(payment).toMatchObject({
        status: "pending",
        statusDetail: "pending_waiting_transfer",
        paymentMethodId: "pix",
        amount: 15050,
        boleto: null,
      })
      expect(payment.pix!.qrCode).toMatch(/^000201/)
      expect(payment.pix!.qrCode).toContain("br.gov.bcb.pix")
      expect(Buffer.from(payment.pix!.qrCodeBase64, "base64").subarray(0, 4).toString("hex")).toBe("89504e47")
      expect(payment.pix!.expiresAt).toEqual(expect.any(Number))

      await h().pay(payment.id)
      const paid = await run(h().gateway.getPayment(payment.id))
      expect(paid).toMatchObject({ status: "approved", statusDetail: "accredited" })
      expect(paid.approvedAt).toEqual(expect.any(Number))
    })

    it("refuses a PIX code that would expire under 30 minutes or over 30 days after the request", async () => {
      for (const expiresAt of [Date.now() + 29 * 60_000, Date.now() + 31 * 86_400_000]) {
        const error = await failure(h().gateway.createPayment(request({ method: "pix", expiresAt })))
        expect(error).toMatchObject({ _tag: "GatewayRefused", cardData: false })
      }
      const accepted = await run(
        h().gateway.createPayment(request({ method: "pix", expiresAt: Date.now() + 29 * 86_400_000 })),
      )
      expect(accepted.status).toBe("pending")
    })

    it("issues a boleto with its digitable line, barcode and page", async () => {
      const payment = await run(h().gateway.createPayment(request({ method: "boleto", amount: 129900 })))
      expect(payment).toMatchObject({
        status: "pending",
        statusDetail: "pending_waiting_payment",
        paymentMethodId: "bolbradesco",
        pix: null,
      })
      expect(payment.boleto!.digitableLine.replace(/\D/g, "")).toMatch(/^\d{47}$/)
      expect(payment.boleto!.barcode).toMatch(/^\d{44}$/)
      expect(payment.boleto!.url).toMatch(/^https?:\/\//)
      expect(payment.boleto!.dueAt).toEqual(expect.any(Number))
    })

    it("refuses a boleto without the payer's address", async () => {
      const payer = { ...PAYER, address: { ...PAYER.address, street: "" } }
      const error = await failure(h().gateway.createPayment(request({ method: "boleto", payer })))
      expect(error).toMatchObject({ _tag: "GatewayRefused", cardData: false })
    })
  })

  describe("idempotency", () => {
    it("returns the same payment for the same attempt, even with the token already spent", async () => {
      const req = await cardRequest("APRO")
      const first = await run(h().gateway.createPayment(req))
      const second = await run(h().gateway.createPayment(req))
      expect(second.id).toBe(first.id)
      expect(await run(h().gateway.paymentsForOrder(req.orderId))).toHaveLength(1)
    })

    it("makes one payment out of ten concurrent calls with one attempt id", async () => {
      // A few rounds, since a race shows only when the calls really overlap.
      for (const method of ["pix", "boleto", "pix"] as const) {
        const req = request({ method })
        const all = await Promise.all(Array.from({ length: 10 }, () => run(h().gateway.createPayment(req))))
        expect(new Set(all.map((p) => p.id)).size).toBe(1)
        expect(await run(h().gateway.paymentsForOrder(req.orderId))).toHaveLength(1)
      }
    })

    it("pays once with one card token spent by ten concurrent calls, under one attempt id or ten", async () => {
      const req = await cardRequest("APRO")
      const same = await Promise.all(Array.from({ length: 10 }, () => run(h().gateway.createPayment(req))))
      expect(new Set(same.map((p) => p.id)).size).toBe(1)
      expect(same[0]).toMatchObject({ status: "approved", attemptId: req.attemptId })

      const shared = await cardRequest("APRO")
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () =>
          run(Effect.result(h().gateway.createPayment({ ...shared, attemptId: randomUUID() }))),
        ),
      )
      expect(outcomes.filter((o) => o._tag === "Success")).toHaveLength(1)
      for (const o of outcomes)
        if (o._tag === "Failure") expect(o.failure).toMatchObject({ _tag: "GatewayRefused", cardData: true })
      expect(await run(h().gateway.paymentsForOrder(shared.orderId))).toHaveLength(1)
    })
  })

  describe("reading payments", () => {
    it("finds an order's payments, newest first, and no one else's", async () => {
      const orderId = randomUUID()
      const rejected = await pay("FUND", 1, { orderId })
      const pix = await run(h().gateway.createPayment(request({ orderId })))
      await run(h().gateway.createPayment(request()))
      const found = await run(h().gateway.paymentsForOrder(orderId))
      expect(found.map((p: GatewayPayment) => p.id)).toEqual([pix.id, rejected.id])
      expect(found[1]).toMatchObject({ status: "rejected", attemptId: rejected.attemptId })
    })

    it("says when a payment does not exist", async () => {
      expect(await failure(h().gateway.getPayment("999999999999"))).toMatchObject({
        _tag: "GatewayPaymentNotFound",
        id: "999999999999",
      })
    })
  })

  describe("cancel", () => {
    it("cancels a pending PIX, and leaves a final payment as it is", async () => {
      const pix = await run(h().gateway.createPayment(request()))
      await run(h().gateway.cancel(pix.id))
      expect(await run(h().gateway.getPayment(pix.id))).toMatchObject({ status: "cancelled" })
      await run(h().gateway.cancel(pix.id))

      const approved = await pay("APRO")
      await run(h().gateway.cancel(approved.id))
      expect(await run(h().gateway.getPayment(approved.id))).toMatchObject({ status: "approved" })
    })

    it("says when the payment to cancel does not exist", async () => {
      expect(await failure(h().gateway.cancel("999999999999"))).toMatchObject({
        _tag: "GatewayPaymentNotFound",
      })
    })
  })

  describe("refund", () => {
    it("refunds part, then the rest, once per idempotency key", async () => {
      const payment = await pay("APRO", 1, { amount: 10000 })
      await run(h().gateway.refund(payment.id, 2500, "refund-a"))
      await run(h().gateway.refund(payment.id, 2500, "refund-a"))
      expect(await run(h().gateway.getPayment(payment.id))).toMatchObject({ status: "approved" })
      await run(h().gateway.refund(payment.id, null, "refund-b"))
      expect(await run(h().gateway.getPayment(payment.id))).toMatchObject({ status: "refunded" })
      await run(h().gateway.refund(payment.id, null, "refund-b"))
    })

    it("refuses to refund what was never approved, or more than was paid", async () => {
      const rejected = await pay("OTHE")
      expect(await failure(h().gateway.refund(rejected.id, null, randomUUID()))).toMatchObject({
        _tag: "GatewayRefused",
      })
      const approved = await pay("APRO", 1, { amount: 5000 })
      expect(await failure(h().gateway.refund(approved.id, 5001, randomUUID()))).toMatchObject({
        _tag: "GatewayRefused",
      })
      expect(await failure(h().gateway.refund("999999999999", null, randomUUID()))).toMatchObject({
        _tag: "GatewayPaymentNotFound",
      })
    })
  })

  describe("items and statement text", () => {
    it("refuses a statement text over Mercado Pago's 13 characters, or one a card statement cannot print", async () => {
      for (const statementDescriptor of ["LEGENDARIUM COLECIONAVEIS", "LOJA SÃO JOÃO"]) {
        const req = request({ statementDescriptor })
        expect(await failure(h().gateway.createPayment(req))).toMatchObject({
          _tag: "GatewayRefused",
          cardData: false,
        })
        expect(await run(h().gateway.paymentsForOrder(req.orderId))).toEqual([])
      }
      expect(
        await run(h().gateway.createPayment(request({ statementDescriptor: "LEGENDARIUM 1" }))),
      ).toMatchObject({ status: "pending" })
    })

    it("refuses an item without a title, a whole positive quantity or a price", async () => {
      for (const item of [
        { ...A_PAYMENT_ITEM, title: " " },
        { ...A_PAYMENT_ITEM, quantity: 0 },
        { ...A_PAYMENT_ITEM, quantity: 1.5 },
        { ...A_PAYMENT_ITEM, unitPrice: -1 },
      ]) {
        const req = request({ method: "boleto", items: [A_PAYMENT_ITEM, item] })
        expect(await failure(h().gateway.createPayment(req))).toMatchObject({ _tag: "GatewayRefused" })
        expect(await run(h().gateway.paymentsForOrder(req.orderId))).toEqual([])
      }
    })
  })

  describe("Checkout Pro", () => {
    const preferenceRequest = (over: Partial<PreferenceRequest> = {}): PreferenceRequest => ({
      attemptId: randomUUID(),
      orderId: randomUUID(),
      items: [{ ...A_PAYMENT_ITEM, quantity: 2, unitPrice: 14995 }],
      extraCharge: 2410,
      statementDescriptor: ITEMS_AND_DESCRIPTOR.statementDescriptor,
      payerEmail: PAYER.email,
      backUrl: "https://loja.example/pedidos/1",
      notificationUrl: "https://loja.example/api/webhooks/mercadopago",
      expiresAt: Date.now() + 86_400_000,
      ...over,
    })

    it("creates a preference with an address to send the buyer to", async () => {
      const preference = await run(h().gateway.createPreference(preferenceRequest()))
      expect(preference.id).toBeTruthy()
      expect(preference.redirectUrl).toMatch(/^https?:\/\//)
    })

    it("refuses a preference without items, or with an item without a title, or a long statement text", async () => {
      for (const over of [
        { items: [], extraCharge: 0 },
        { items: [{ ...A_PAYMENT_ITEM, title: "" }] },
        { items: [{ ...A_PAYMENT_ITEM, quantity: 0 }] },
        { statementDescriptor: "LEGENDARIUM COLECIONAVEIS" },
      ])
        expect(await failure(h().gateway.createPreference(preferenceRequest(over)))).toMatchObject({
          _tag: "GatewayRefused",
        })
    })

    it("takes a payment on the page until it closes at the order's deadline, and none after", async () => {
      const late = preferenceRequest({ expiresAt: Date.now() + 3_600_000 })
      const closed = await run(h().gateway.createPreference(late))
      const restore = h().later(2 * 3_600_000)
      try {
        expect(await h().payPreference(closed.id)).toBe("expired")
      } finally {
        restore()
      }
      expect(await run(h().gateway.paymentsForOrder(late.orderId))).toEqual([])

      const onTime = preferenceRequest({ expiresAt: Date.now() + 3_600_000 })
      const open = await run(h().gateway.createPreference(onTime))
      expect(await h().payPreference(open.id)).toBe("paid")
      expect(await run(h().gateway.paymentsForOrder(onTime.orderId))).toMatchObject([
        {
          status: "approved",
          amount: 2 * 14995 + 2410,
          attemptId: onTime.attemptId,
          orderId: onTime.orderId,
        },
      ])
    })
  })

  describe("outage", () => {
    it("reports an unreachable gateway as unavailable (nothing is known to have happened)", async ({
      skip,
    }) => {
      const outage = h().outage
      if (!outage) return skip("this gateway has no outage to simulate")
      const req = request()
      const restore = outage()
      try {
        expect(await failure(h().gateway.createPayment(req))).toMatchObject({ _tag: "GatewayUnavailable" })
        expect(await failure(h().gateway.getPayment("1"))).toMatchObject({ _tag: "GatewayUnavailable" })
        expect(await failure(h().gateway.paymentsForOrder(req.orderId))).toMatchObject({
          _tag: "GatewayUnavailable",
        })
      } finally {
        restore()
      }
      // Once it is back, the same attempt goes through.
      expect(await run(h().gateway.createPayment(req))).toMatchObject({ status: "pending" })
    })
  })
}
