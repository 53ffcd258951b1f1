import { Effect, Layer } from "effect"
import {
  type GatewayPayment,
  GatewayPaymentNotFound,
  GatewayRefused,
  GatewayUnavailable,
  PaymentGateway,
  type PaymentRequest,
} from "../../application/ports/PaymentGateway"
import type { Cents } from "../../domain/money"
import type { PaymentStatus } from "../../domain/orders/payment"
import { sandboxInstallments } from "../../domain/pricing/installments"
import { InTransaction } from "./inMemoryEvents"

/**
 * What the gateway does with one `createPayment`: make a payment in this status, or refuse the request, or be
 * unreachable. `lost: true` makes the payment but loses the answer (a timeout after the charge): the caller
 * sees GatewayUnavailable, and the payment is there for `getPayment` and `paymentsForOrder`.
 */
export type Scripted =
  | { readonly status: PaymentStatus; readonly statusDetail?: string; readonly lost?: boolean }
  | GatewayUnavailable
  | GatewayRefused

export const unavailable = (reason = "timeout") => new GatewayUnavailable({ reason })
export const refused = (cardData: boolean, reason = "bad request") => new GatewayRefused({ reason, cardData })

const DEFAULT_DETAIL: Readonly<Record<PaymentStatus, string>> = {
  approved: "accredited",
  pending: "pending_waiting_transfer",
  in_process: "pending_review_manual",
  rejected: "cc_rejected_other_reason",
  cancelled: "by_collector",
  refunded: "refunded",
  charged_back: "settled",
}

type Method =
  | "createPayment"
  | "getPayment"
  | "paymentsForOrder"
  | "installments"
  | "cancel"
  | "refund"
  | "createPreference"

/**
 * A payment gateway that answers `createPayment` from a script (first) or a function of the request, keeps the
 * payments it made so `getPayment` and `paymentsForOrder` answer from them (tests may change their status), and
 * records every call. Like Mercado Pago, a repeated attempt id (the idempotency key) gets the same payment, and a
 * repeated refund key refunds once. Calling it inside a unit of work dies: nothing external belongs there.
 */
export function scriptedGateway(
  options: {
    readonly script?: readonly Scripted[]
    readonly answer?: (request: PaymentRequest) => Scripted
    readonly now?: () => number
    readonly maxInstallments?: number
  } = {},
) {
  const script = [...(options.script ?? [])]
  const payments: GatewayPayment[] = []
  const calls: { readonly method: Method; readonly args: readonly unknown[] }[] = []
  const failures = new Map<Method, (GatewayUnavailable | GatewayRefused)[]>()
  const refundKeys = new Set<string>()
  let seq = 0

  const call = <A, E>(method: Method, args: readonly unknown[], body: () => Effect.Effect<A, E>) =>
    Effect.gen(function* () {
      if (yield* InTransaction)
        return yield* Effect.die(new Error(`PaymentGateway.${method} called inside a unit of work`))
      calls.push({ method, args })
      // A network call: other fibers run meanwhile.
      yield* Effect.yieldNow
      const failure = failures.get(method)?.shift()
      if (failure) return yield* Effect.fail(failure as E)
      return yield* body()
    })
  const find = (id: string) => payments.find((p) => p.id === id)
  const notFound = (id: string) => Effect.fail(new GatewayPaymentNotFound({ id }))

  const make = (request: PaymentRequest, status: PaymentStatus, statusDetail?: string): GatewayPayment => {
    const card = request.card
    const payment: GatewayPayment = {
      id: `mp-${++seq}`,
      orderId: request.orderId,
      attemptId: request.attemptId,
      status,
      statusDetail: statusDetail ?? DEFAULT_DETAIL[status],
      amount: request.amount,
      installments: card?.installments ?? 1,
      paymentMethodId: card?.paymentMethodId ?? (request.method === "boleto" ? "bolbradesco" : "pix"),
      cardLastFour: card ? "4242" : null,
      approvedAt: status === "approved" ? (options.now?.() ?? 0) : null,
      pix:
        request.method === "pix"
          ? {
              qrCode: `00020126pix-${seq}`,
              qrCodeBase64: "iVBORw0KGgo=",
              ticketUrl: null,
              expiresAt: request.expiresAt,
            }
          : null,
      boleto:
        request.method === "boleto"
          ? {
              digitableLine: `23793.38128 60000.00000${seq}`,
              barcode: `2379${seq}`,
              url: `https://boleto.example/${seq}`,
              dueAt: request.expiresAt,
            }
          : null,
    }
    payments.unshift(payment)
    return payment
  }

  const service = PaymentGateway.of({
    name: "sandbox",
    publicKey: null,
    createPayment: (request) =>
      call("createPayment", [request], () => {
        const earlier = payments.find((p) => p.attemptId === request.attemptId)
        if (earlier) return Effect.succeed(earlier)
        const next = script.shift() ?? options.answer?.(request)
        if (!next)
          return Effect.die(
            new Error(`PaymentGateway.createPayment: no answer scripted for ${request.attemptId}`),
          )
        if (next instanceof GatewayUnavailable || next instanceof GatewayRefused) return Effect.fail(next)
        const payment = make(request, next.status, next.statusDetail)
        return next.lost ? Effect.fail(unavailable("answer lost")) : Effect.succeed(payment)
      }),
    getPayment: (id) =>
      call("getPayment", [id], () => {
        const payment = find(id)
        return payment ? Effect.succeed(payment) : notFound(id)
      }),
    paymentsForOrder: (orderId) =>
      call("paymentsForOrder", [orderId], () =>
        Effect.succeed(payments.filter((p) => p.orderId === orderId)),
      ),
    installments: (amount, bin) =>
      call("installments", [amount, bin], () =>
        Effect.succeed(sandboxInstallments(amount, options.maxInstallments)),
      ),
    cancel: (id) =>
      call("cancel", [id], () => {
        const payment = find(id)
        if (!payment) return notFound(id)
        if (payment.status === "pending" || payment.status === "in_process")
          setStatus(id, "cancelled", "by_collector")
        return Effect.void
      }),
    refund: (id, amount, key) =>
      call("refund", [id, amount, key], () => {
        const payment = find(id)
        if (!payment) return notFound(id)
        if (refundKeys.has(key)) return Effect.void
        refundKeys.add(key)
        setStatus(id, "refunded", "refunded")
        return Effect.void
      }),
    createPreference: (request) =>
      call("createPreference", [request], () =>
        Effect.succeed({
          id: `pref-${++seq}`,
          redirectUrl: `https://mp.example/checkout/${request.attemptId}`,
        }),
      ),
  })

  function setStatus(id: string, status: PaymentStatus, statusDetail?: string) {
    const index = payments.findIndex((p) => p.id === id)
    const payment = payments[index]
    if (!payment) throw new Error(`scriptedGateway.setStatus: no payment ${id}`)
    payments[index] = {
      ...payment,
      status,
      statusDetail: statusDetail ?? DEFAULT_DETAIL[status],
      approvedAt: status === "approved" ? (options.now?.() ?? 0) : payment.approvedAt,
    }
    return payments[index] as GatewayPayment
  }

  return {
    layer: Layer.succeed(PaymentGateway, service),
    /** Queues answers for the next `createPayment` calls. */
    script: (...answers: Scripted[]) => void script.push(...answers),
    /** The next `times` calls of `method` fail with `error` (after being recorded). */
    fail: (method: Method, error: GatewayUnavailable | GatewayRefused, times = 1) =>
      void failures.set(method, [
        ...(failures.get(method) ?? []),
        ...Array.from({ length: times }, () => error),
      ]),
    /** A payment the gateway has, as it would report it now. */
    payment: (id: string) => find(id),
    payments: () => [...payments],
    /** The payment changes at the gateway (the buyer paid the PIX, the issuer decided); answers it as reported. */
    setStatus,
    calls: (method?: Method) => calls.filter((c) => !method || c.method === method),
    createCalls: () =>
      calls.filter((c) => c.method === "createPayment").map((c) => c.args[0] as PaymentRequest),
    refunds: () =>
      calls.filter((c) => c.method === "refund").map((c) => c.args as [string, Cents | null, string]),
  }
}

export type ScriptedGateway = ReturnType<typeof scriptedGateway>
