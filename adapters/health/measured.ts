import { Cause, Effect, Exit, Layer } from "effect"
import { Mailer } from "../../application/ports/Mailer"
import { PaymentGateway } from "../../application/ports/PaymentGateway"
import { ServiceHealthLog } from "../../application/ports/ServiceHealthLog"
import { ShippingQuoteSources } from "../../application/ports/ShippingQuoteSource"
import type { ServiceName } from "../../domain/serviceHealth"

/** Monotonic milliseconds for latency, wall-clock milliseconds for when; tests pass scripted ones. */
export interface MeasureClock {
  readonly elapsed: () => number
  readonly now: () => number
}
const SYSTEM: MeasureClock = { elapsed: () => performance.now(), now: () => Date.now() }

/** How a finished call counts for its service. An interrupted call (the customer left) is not counted. */
type Verdict = "ok" | "failed" | "degraded"

/**
 * Runs `call` and records its service, outcome and latency: nothing about the request (no customer, no
 * amount, no address) goes into the sample.
 */
function measuredCall<A, E, R>(
  log: ServiceHealthLog["Service"],
  clock: MeasureClock,
  service: ServiceName,
  call: Effect.Effect<A, E, R>,
  judge: (exit: Exit.Exit<A, E>) => Verdict,
): Effect.Effect<A, E, R> {
  return Effect.suspend(() => {
    const started = clock.elapsed()
    return Effect.onExit(call, (exit) => {
      if (Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)) return Effect.void
      const verdict = judge(exit)
      return log.record({
        service,
        source: "traffic",
        ok: verdict !== "failed",
        degraded: verdict === "degraded",
        latencyMs: clock.elapsed() - started,
        at: clock.now(),
      })
    })
  })
}

/** Every failure (typed or a defect) counts. */
const anyFailure = <A, E>(exit: Exit.Exit<A, E>): Verdict => (Exit.isSuccess(exit) ? "ok" : "failed")

/**
 * Mercado Pago (or the sandbox) counts as failed only when it could not be reached or broke: a refused card,
 * invalid data or an unknown payment are answers, and the service was up to give them.
 */
const gatewayVerdict = <A>(exit: Exit.Exit<A, { readonly _tag: string }>): Verdict => {
  if (Exit.isSuccess(exit)) return "ok"
  const error = Cause.findErrorOption(exit.cause)
  return error._tag === "Some" && error.value._tag !== "GatewayUnavailable" ? "ok" : "failed"
}

/** Decorates the PaymentGateway below it ("Pagamentos"). */
export const MeasuredPaymentGatewayLayer = (clock: MeasureClock = SYSTEM) =>
  Layer.effect(
    PaymentGateway,
    Effect.gen(function* () {
      const inner = yield* PaymentGateway
      const log = yield* ServiceHealthLog
      const m = <A, E extends { readonly _tag: string }>(call: Effect.Effect<A, E>) =>
        measuredCall(log, clock, "payments", call, gatewayVerdict)
      return PaymentGateway.of({
        name: inner.name,
        publicKey: inner.publicKey,
        createPayment: (request) => m(inner.createPayment(request)),
        getPayment: (id) => m(inner.getPayment(id)),
        paymentsForOrder: (orderId) => m(inner.paymentsForOrder(orderId)),
        installments: (amount, bin) => m(inner.installments(amount, bin)),
        cancel: (id) => m(inner.cancel(id)),
        refund: (id, amount, key) => m(inner.refund(id, amount, key)),
        createPreference: (request) => m(inner.createPreference(request)),
      })
    }),
  )

/**
 * Decorates the shipping quote sources below it ("Cálculo de frete"). A source that fails while another
 * follows it in the chain is counted as degraded (slow): the customer still gets a quote from the next one.
 * Only the last source failing is a failure.
 */
export const MeasuredShippingSourcesLayer = (clock: MeasureClock = SYSTEM) =>
  Layer.effect(
    ShippingQuoteSources,
    Effect.gen(function* () {
      const { sources } = yield* ShippingQuoteSources
      const log = yield* ServiceHealthLog
      return ShippingQuoteSources.of({
        sources: sources.map((source, index) => {
          const last = index === sources.length - 1
          return {
            name: source.name,
            quote: (request) =>
              measuredCall(log, clock, "shipping", source.quote(request), (exit) =>
                Exit.isSuccess(exit) ? "ok" : last ? "failed" : "degraded",
              ),
          }
        }),
      })
    }),
  )

/** Decorates the Mailer below it ("E-mail"): every message that did not leave is a failure. */
export const MeasuredMailerLayer = (clock: MeasureClock = SYSTEM) =>
  Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const inner = yield* Mailer
      const log = yield* ServiceHealthLog
      return Mailer.of({
        send: (message) => measuredCall(log, clock, "email", inner.send(message), anyFailure),
      })
    }),
  )
