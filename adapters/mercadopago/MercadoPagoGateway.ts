import { Effect, Layer } from "effect"
import {
  GatewayPaymentNotFound,
  GatewayRefused,
  GatewayUnavailable,
  PaymentGateway,
} from "../../application/ports/PaymentGateway"
import { isFinalPaymentStatus } from "../../domain/orders/payment"
import { apiFailure, type MercadoPagoConnection, mercadoPagoCaller, unreadable } from "./caller"
import {
  cancelBody,
  concernsCard,
  parseInstallments,
  parsePayment,
  parsePreference,
  parseSearch,
  paymentBody,
  preferenceBody,
  refundBody,
  toReais,
} from "./wire"

export interface MercadoPagoOptions extends MercadoPagoConnection {
  readonly publicKey: string
}

/**
 * Mercado Pago's REST API behind the payment port, spoken over our own fetch (http.ts) and typed by the SDK's
 * published request and response types (wire.ts). Not through the `mercadopago` SDK's client: its API address is a
 * fixed constant, so no local fake (tests/fakes/mercadopago) or proxy can stand in for Mercado Pago, and the
 * options of one call are merged into the shared config, so an idempotency key given to one write leaks into the
 * writes after it.
 */
export function mercadoPagoGateway(options: MercadoPagoOptions): PaymentGateway["Service"] {
  const call = mercadoPagoCaller(options)
  const paymentPath = (id: string) => `/v1/payments/${encodeURIComponent(id)}`

  const readPayment = (body: unknown) => {
    const payment = parsePayment(body)
    if (!payment) return Effect.fail(unreadable("payment"))
    const { createdAt: _, ...rest } = payment
    return Effect.succeed(rest)
  }
  const getPayment = Effect.fnUntraced(function* (id: string) {
    const result = yield* call("GET", paymentPath(id))
    if (result.kind === "ok") return yield* readPayment(result.body)
    // A malformed id is answered 400: no such payment either way.
    if (result.status === 404 || result.status === 400) return yield* new GatewayPaymentNotFound({ id })
    return yield* new GatewayUnavailable({ reason: apiFailure(result) })
  })

  return PaymentGateway.of({
    name: "mercadopago",
    publicKey: options.publicKey,

    createPayment: Effect.fnUntraced(function* (request) {
      const result = yield* call("POST", "/v1/payments", {
        body: paymentBody(request),
        // The attempt id: a retry after a timeout finds the payment the first call made instead of a second one.
        idempotencyKey: request.attemptId,
        // Mercado Pago's documented header for the buyer's device fingerprint, which helps a card get approved.
        ...(request.card?.deviceSessionId
          ? { headers: { "X-meli-session-id": request.card.deviceSessionId } }
          : {}),
        secrets: [request.card?.token],
      })
      if (result.kind === "ok") return yield* readPayment(result.body)
      return yield* new GatewayRefused({
        reason: apiFailure(result),
        cardData: request.method === "card" && concernsCard(result.error),
      })
    }),

    getPayment,

    paymentsForOrder: Effect.fnUntraced(function* (orderId) {
      const query = new URLSearchParams({
        external_reference: orderId,
        sort: "date_created",
        criteria: "desc",
      })
      const result = yield* call("GET", `/v1/payments/search?${query}`)
      if (result.kind === "error") return yield* new GatewayUnavailable({ reason: apiFailure(result) })
      const payments = parseSearch(result.body)
      return payments ?? (yield* unreadable("search"))
    }),

    installments: Effect.fnUntraced(function* (amount, bin) {
      const query = new URLSearchParams({ amount: String(toReais(amount)) })
      // Mercado Pago needs a card (bin) or a brand; before the card is typed, the most common brand's table
      // stands in, and the choice is asked again once the bin is known.
      if (bin) query.set("bin", bin.replace(/\D/g, "").slice(0, 8))
      else query.set("payment_method_id", "master")
      const result = yield* call("GET", `/v1/payment_methods/installments?${query}`)
      // An unknown bin is answered 4xx: no option for that card.
      if (result.kind === "error") return []
      const options = parseInstallments(result.body)
      return options ?? (yield* unreadable("installments"))
    }),

    cancel: Effect.fnUntraced(function* (id) {
      const result = yield* call("PUT", paymentPath(id), { body: cancelBody })
      if (result.kind === "ok") return
      if (result.status === 404) return yield* new GatewayPaymentNotFound({ id })
      // Mercado Pago refuses to cancel a payment that is already final: that is what we wanted anyway.
      const payment = yield* getPayment(id)
      if (!isFinalPaymentStatus(payment.status))
        return yield* new GatewayUnavailable({ reason: apiFailure(result) })
    }),

    refund: Effect.fnUntraced(function* (id, amount, idempotencyKey) {
      const result = yield* call("POST", `${paymentPath(id)}/refunds`, {
        body: refundBody(amount),
        idempotencyKey,
      })
      if (result.kind === "ok") return
      if (result.status === 404) return yield* new GatewayPaymentNotFound({ id })
      return yield* new GatewayRefused({ reason: apiFailure(result), cardData: false })
    }),

    createPreference: Effect.fnUntraced(function* (request) {
      const result = yield* call("POST", "/checkout/preferences", {
        body: preferenceBody(request),
        idempotencyKey: request.attemptId,
      })
      if (result.kind === "error")
        return yield* new GatewayRefused({ reason: apiFailure(result), cardData: false })
      const preference = parsePreference(result.body)
      return preference ?? (yield* unreadable("preference"))
    }),
  })
}

export const MercadoPagoGatewayLayer = (options: MercadoPagoOptions) =>
  Layer.succeed(PaymentGateway, mercadoPagoGateway(options))
