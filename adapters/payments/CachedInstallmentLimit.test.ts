import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { InstallmentLimit } from "../../application/ports/InstallmentLimit"
import { GatewayUnavailable, PaymentGateway } from "../../application/ports/PaymentGateway"
import { MAX_INSTALLMENTS, sandboxInstallments } from "../../domain/pricing/installments"
import { strictFake } from "../../tests/fakes/strict"
import { CachedInstallmentLimitLayer, REFERENCE_AMOUNT_CENTS } from "./CachedInstallmentLimit"

/** A gateway whose table pays the interest up to `freeUpTo`, or is down; it counts the tables asked for. */
function gateway(answers: (number | "down")[]) {
  const asked: number[] = []
  const layer = Layer.succeed(
    PaymentGateway,
    strictFake<PaymentGateway["Service"]>("PaymentGateway", {
      installments: (amount) => {
        asked.push(amount)
        const answer = answers.shift() ?? "down"
        return answer === "down"
          ? Effect.fail(new GatewayUnavailable({ reason: "down" }))
          : Effect.succeed(sandboxInstallments(amount, MAX_INSTALLMENTS, answer))
      },
    }),
  )
  return { layer, asked }
}

describe("CachedInstallmentLimit", () => {
  it("reads the interest-free limit from the gateway's table once, for every page view until it expires", async () => {
    let now = 0
    const g = gateway([10, 6])
    const limit = await Effect.runPromise(
      Effect.gen(function* () {
        const service = yield* InstallmentLimit
        const first = yield* service.interestFreeUpTo()
        const again = yield* service.interestFreeUpTo()
        now += 11 * 60_000
        const later = yield* service.interestFreeUpTo()
        return [first, again, later]
      }).pipe(
        Effect.provide(CachedInstallmentLimitLayer(10 * 60_000, () => now).pipe(Layer.provide(g.layer))),
      ),
    )
    expect(limit).toEqual([10, 10, 6])
    expect(g.asked).toEqual([REFERENCE_AMOUNT_CENTS, REFERENCE_AMOUNT_CENTS])
  })

  it("answers null while the gateway is down, and does not ask again on every view", async () => {
    const g = gateway(["down"])
    const limit = await Effect.runPromise(
      Effect.gen(function* () {
        const service = yield* InstallmentLimit
        return [yield* service.interestFreeUpTo(), yield* service.interestFreeUpTo()]
      }).pipe(Effect.provide(CachedInstallmentLimitLayer(10 * 60_000, () => 0).pipe(Layer.provide(g.layer)))),
    )
    expect(limit).toEqual([null, null])
    expect(g.asked).toHaveLength(1)
  })
})
