import { createHmac } from "node:crypto"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import type { Database } from "../adapters/db/schema"
import { MercadoPagoGatewayLayer } from "../adapters/mercadopago/MercadoPagoGateway"
import { MercadoPagoSubscriptionsLayer } from "../adapters/mercadopago/MercadoPagoSubscriptions"
import type { Notify, WebhookRequest } from "../adapters/sandbox-gateway/notifier"
import { type SandboxOptions, sandboxBank } from "../adapters/sandbox-gateway/SandboxBank"
import { SandboxGatewayLayer } from "../adapters/sandbox-gateway/SandboxGateway"
import { SandboxSubscriptionsLayer } from "../adapters/sandbox-gateway/SandboxSubscriptionGateway"
import { sandboxSubscriptions } from "../adapters/sandbox-gateway/SandboxSubscriptions"
import { GatewayBilling } from "../application/ports/GatewayBilling"
import { storeNow } from "./clock"
import type { Config } from "./config"
import { authSecret } from "./secrets"

/** Whether payments go to Mercado Pago (credentials set) or to the offline sandbox. */
export const usesMercadoPago = (config: Config) => Boolean(config.MERCADOPAGO_ACCESS_TOKEN)

/**
 * The secret the webhook route checks `x-signature` with: Mercado Pago's, or for the sandbox one derived from
 * the server's own secret (stable across restarts and the same on every instance that shares AUTH_SECRET).
 */
export function webhookSecret(config: Config): string {
  if (config.MERCADOPAGO_WEBHOOK_SECRET) return config.MERCADOPAGO_WEBHOOK_SECRET
  return createHmac("sha256", authSecret(config)).update("sandbox-payment-webhooks").digest("hex")
}

/** The sandbox's settings, the same for its gateway layer and for its routes. */
export function sandboxOptions(
  config: Config,
  notify: Notify,
  extra: Partial<Omit<SandboxOptions, "publicUrl" | "webhookSecret" | "notify">> = {},
): SandboxOptions {
  return {
    publicUrl: config.publicUrl,
    webhookSecret: webhookSecret(config),
    notify,
    // The sandbox lives on the store's clock (STORE_CLOCK_START): a PIX made "on the 15th" expires on the 15th.
    ...(config.STORE_CLOCK_START ? { now: storeNow(config) } : {}),
    ...extra,
  }
}

/** The PaymentGateway layer this configuration asks for; the sandbox one needs `Db`. */
export function paymentGatewayLayer(
  config: Config,
  notify: Notify,
  extra: Partial<Omit<SandboxOptions, "publicUrl" | "webhookSecret" | "notify">> = {},
) {
  const { MERCADOPAGO_ACCESS_TOKEN: accessToken, MERCADOPAGO_PUBLIC_KEY: publicKey } = config
  if (accessToken && publicKey)
    return MercadoPagoGatewayLayer({ accessToken, publicKey, baseUrl: config.MERCADOPAGO_BASE_URL })
  return SandboxGatewayLayer(sandboxOptions(config, notify, extra))
}

/** Mercado Pago charges renewals and retries on its own schedule: the store's billing run has nothing to do. */
const nothingToBill = Layer.succeed(
  GatewayBilling,
  GatewayBilling.of({ chargeDue: () => Effect.succeed({ charged: 0, retried: 0 }) }),
)

/**
 * The SubscriptionGateway (and GatewayBilling) layer this configuration asks for, chosen like the payment
 * gateway's: Mercado Pago's preapprovals when configured, else the sandbox's, which needs `Db`.
 */
export function subscriptionGatewayLayer(
  config: Config,
  notify: Notify,
  extra: Partial<Omit<SandboxOptions, "publicUrl" | "webhookSecret" | "notify">> = {},
) {
  const { MERCADOPAGO_ACCESS_TOKEN: accessToken, MERCADOPAGO_PUBLIC_KEY: publicKey } = config
  if (accessToken && publicKey)
    return Layer.merge(
      MercadoPagoSubscriptionsLayer({ accessToken, baseUrl: config.MERCADOPAGO_BASE_URL }),
      nothingToBill,
    )
  return SandboxSubscriptionsLayer(sandboxOptions(config, notify, extra))
}

/** The sandbox bank the `/sandbox` routes work on (same database, same settings as the layer). */
export const sandboxBankFor = (config: Config, db: Kysely<Database>, notify: Notify) =>
  sandboxBank(db, sandboxOptions(config, notify))

/** The sandbox's recurring authorisations the `/sandbox/assinaturas` pages work on (same settings as the layer). */
export const sandboxSubscriptionsFor = (config: Config, db: Kysely<Database>, notify: Notify) =>
  sandboxSubscriptions(db, sandboxOptions(config, notify))

/**
 * A `notify` to hand to the layer before the Hono app exists (the app needs the runtime, the runtime needs
 * `notify`): calls fail, and are retried by the sandbox, until `bind` gives it the app's handler.
 */
export function deferredNotify() {
  let target: Notify | null = null
  const notify: Notify = (request: WebhookRequest) =>
    target ? target(request) : Promise.reject(new Error("webhook route not mounted yet"))
  const bind = (handler: Notify) => {
    target = handler
  }
  return { notify, bind }
}
