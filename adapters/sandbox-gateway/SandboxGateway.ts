import { Effect, Layer } from "effect"
import { PaymentGateway } from "../../application/ports/PaymentGateway"
import { sandboxInstallments } from "../../domain/orders/installments"
import { Db } from "../db/DatabaseService"
import { type SandboxBank, type SandboxOptions, sandboxBank } from "./SandboxBank"

/** The port over a sandbox bank. The sandbox has no outage of its own, so it never fails as unavailable. */
export function sandboxGateway(bank: SandboxBank): PaymentGateway["Service"] {
  return PaymentGateway.of({
    name: "sandbox",
    publicKey: null,
    createPayment: bank.createPayment,
    getPayment: bank.getPayment,
    paymentsForOrder: bank.paymentsForOrder,
    // Mercado Pago's table depends on the card; the sandbox has one table for every card.
    installments: (amount) => Effect.succeed(sandboxInstallments(amount)),
    cancel: bank.cancel,
    refund: bank.refund,
    createPreference: bank.createPreference,
  })
}

/** The offline default payment gateway, on the store's database. */
export const SandboxGatewayLayer = (options: SandboxOptions) =>
  Layer.effect(
    PaymentGateway,
    Effect.gen(function* () {
      const { db } = yield* Db
      return sandboxGateway(sandboxBank(db, options))
    }),
  )
