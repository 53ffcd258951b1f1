import { Effect, Fiber, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { MailDeliveryFailed, Mailer } from "../../application/ports/Mailer"
import {
  GatewayPaymentNotFound,
  GatewayRefused,
  GatewayUnavailable,
  PaymentGateway,
} from "../../application/ports/PaymentGateway"
import { ShippingQuoteSources, ShippingSourceFailed } from "../../application/ports/ShippingQuoteSource"
import { inMemoryServiceHealth } from "../../tests/fakes/inMemoryServiceHealth"
import { strictFake } from "../../tests/fakes/strict"
import { MeasuredMailerLayer, MeasuredPaymentGatewayLayer, MeasuredShippingSourcesLayer } from "./measured"

/** Latency comes from this counter: each fake call "takes" what it adds. */
function scriptedClock() {
  let elapsed = 0
  return {
    clock: { elapsed: () => elapsed, now: () => Date.UTC(2026, 10, 27, 12) },
    take: (ms: number) => {
      elapsed += ms
    },
  }
}

const QUOTE = {
  originCep: "01001000",
  destinationCep: "20040002",
  parcel: { lengthCm: 20, widthCm: 15, heightCm: 10, weightKg: 1 },
  insuranceValue: 29_990,
}

describe("the measuring decorators", () => {
  it("count a payment gateway that was unreachable as failed, and its answers (even refusals) as ok", async () => {
    const { clock, take } = scriptedClock()
    const health = inMemoryServiceHealth()
    const inner = strictFake<PaymentGateway["Service"]>("PaymentGateway", {
      name: "sandbox",
      publicKey: null,
      installments: () => Effect.sync(() => take(120)).pipe(Effect.as([])),
      getPayment: (id) =>
        Effect.sync(() => take(50)).pipe(Effect.andThen(Effect.fail(new GatewayPaymentNotFound({ id })))),
      createPayment: () =>
        Effect.sync(() => take(30)).pipe(
          Effect.andThen(Effect.fail(new GatewayRefused({ reason: "cc_rejected", cardData: true }))),
        ),
      cancel: () =>
        Effect.sync(() => take(4000)).pipe(
          Effect.andThen(Effect.fail(new GatewayUnavailable({ reason: "503" }))),
        ),
    })
    const layer = MeasuredPaymentGatewayLayer(clock).pipe(
      Layer.provide(Layer.succeed(PaymentGateway, inner)),
      Layer.provideMerge(health.layer),
    )
    await Effect.runPromise(
      Effect.gen(function* () {
        const gateway = yield* PaymentGateway
        expect(gateway.name).toBe("sandbox")
        yield* gateway.installments(29_990, null)
        yield* Effect.exit(gateway.getPayment("p1"))
        yield* Effect.exit(gateway.createPayment({} as never))
        yield* Effect.exit(gateway.cancel("p1"))
      }).pipe(Effect.provide(layer)),
    )
    expect(health.samples.map((s) => [s.service, s.source, s.ok, s.latencyMs])).toEqual([
      ["payments", "traffic", true, 120],
      ["payments", "traffic", true, 50],
      ["payments", "traffic", true, 30],
      ["payments", "traffic", false, 4000],
    ])
    // Nothing about the request or the customer is kept.
    expect(Object.keys(health.samples[0] ?? {}).sort()).toEqual(
      ["at", "degraded", "latencyMs", "ok", "service", "source"].sort(),
    )
  })

  it("count a failed quote source as degraded when another follows it, and as failed when it is the last", async () => {
    const { clock, take } = scriptedClock()
    const health = inMemoryServiceHealth()
    const down = (source: string) => () =>
      Effect.sync(() => take(4000)).pipe(
        Effect.andThen(Effect.fail(new ShippingSourceFailed({ source, reason: "timeout" }))),
      )
    const sources = Layer.succeed(
      ShippingQuoteSources,
      ShippingQuoteSources.of({
        sources: [
          { name: "Melhor Envio", quote: down("Melhor Envio") },
          { name: "Tabela oficial", quote: down("Tabela oficial") },
        ],
      }),
    )
    const layer = MeasuredShippingSourcesLayer(clock).pipe(
      Layer.provide(sources),
      Layer.provideMerge(health.layer),
    )
    await Effect.runPromise(
      Effect.gen(function* () {
        const { sources } = yield* ShippingQuoteSources
        expect(sources.map((s) => s.name)).toEqual(["Melhor Envio", "Tabela oficial"])
        for (const source of sources) yield* Effect.exit(source.quote(QUOTE))
      }).pipe(Effect.provide(layer)),
    )
    expect(health.samples.map((s) => [s.service, s.ok, s.degraded, s.latencyMs])).toEqual([
      ["shipping", true, true, 4000],
      ["shipping", false, false, 4000],
    ])
  })

  it("count every message that did not leave as an e-mail failure, and not a send that was interrupted", async () => {
    const { clock } = scriptedClock()
    const health = inMemoryServiceHealth()
    let mode: "fail" | "hang" = "fail"
    const mailer = Layer.succeed(
      Mailer,
      Mailer.of({
        send: () =>
          mode === "fail" ? Effect.fail(new MailDeliveryFailed({ reason: "ECONNREFUSED" })) : Effect.never,
      }),
    )
    const layer = MeasuredMailerLayer(clock).pipe(Layer.provide(mailer), Layer.provideMerge(health.layer))
    const message = { to: "ana@example.com", subject: "Oi", html: "<p>Oi</p>", text: "Oi" }
    await Effect.runPromise(
      Effect.gen(function* () {
        const mail = yield* Mailer
        yield* Effect.exit(mail.send(message))
        mode = "hang"
        const fiber = yield* Effect.forkChild(mail.send(message))
        yield* Effect.yieldNow
        yield* Fiber.interrupt(fiber)
      }).pipe(Effect.provide(layer)),
    )
    expect(health.samples).toHaveLength(1)
    expect(health.samples[0]).toMatchObject({ service: "email", ok: false })
    expect(JSON.stringify(health.samples)).not.toContain("ana@example.com")
  })
})
