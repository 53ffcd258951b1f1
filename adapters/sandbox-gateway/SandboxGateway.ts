import { Effect, Layer } from "effect"
import { PaymentGateway } from "../../application/ports/PaymentGateway"
import { StoreSettings } from "../../application/ports/StoreSettings"
import { MAX_INSTALLMENTS, SANDBOX_INTEREST, sandboxInstallments } from "../../domain/pricing/installments"
import { Db } from "../db/DatabaseService"
import { type SandboxBank, type SandboxOptions, sandboxBank } from "./SandboxBank"

/**
 * The port over a sandbox bank. The sandbox has no outage of its own, so it never fails as unavailable.
 * `freeUpTo`: how many instalments the account pays the interest of, like a Mercado Pago account's setting.
 */
export function sandboxGateway(
  bank: SandboxBank,
  freeUpTo: Effect.Effect<number> = Effect.succeed(SANDBOX_INTEREST.freeUpTo),
): PaymentGateway["Service"] {
  return PaymentGateway.of({
    name: "sandbox",
    publicKey: null,
    createPayment: bank.createPayment,
    getPayment: bank.getPayment,
    paymentsForOrder: bank.paymentsForOrder,
    // Mercado Pago's table depends on the card; the sandbox has one table for every card.
    installments: (amount) =>
      Effect.map(freeUpTo, (free) => sandboxInstallments(amount, MAX_INSTALLMENTS, free)),
    cancel: bank.cancel,
    refund: bank.refund,
    createPreference: bank.createPreference,
  })
}

/**
 * The offline default payment gateway, on the store's database: an account configured with the store's
 * interest-free setting, so the card step offers what the prices promise.
 */
export const SandboxGatewayLayer = (options: SandboxOptions) =>
  Layer.effect(
    PaymentGateway,
    Effect.gen(function* () {
      const { db } = yield* Db
      const settings = yield* StoreSettings
      const freeUpTo = Effect.map(settings.get(), (s) => s.conventions.priceTerms.interestFreeInstallments)
      return sandboxGateway(sandboxBank(db, options), freeUpTo)
    }),
  )
