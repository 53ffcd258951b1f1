import { Hono } from "hono"
import { verifyWebhookSignature } from "../../adapters/mercadopago/webhookSignature"
import { receiveVerifiedWebhook, recordUnappliedWebhook } from "../../application/orders"
import { safeResourceId, safeTopic } from "../../domain/notifications/webhookReceipt"
import type { Logger } from "../logger"
import type { AppRuntime } from "../runtime"

/** How far a notification's timestamp may be from our clock before it is refused as a replay. */
export const WEBHOOK_TOLERANCE_MS = 10 * 60_000

export interface WebhookOptions {
  readonly runtime: AppRuntime
  readonly logger: Logger
  readonly secret: string
  readonly now: () => number
}

/**
 * Mercado Pago's notifications (and the sandbox's, signed the same way): the signature is checked, the
 * notification stored as an event, and the answer is immediate; the payment itself is fetched from the
 * gateway when the event is processed. The body is never trusted. Every notification leaves a receipt (topic,
 * resource id, whether the signature held, what became of it) for the payments screen; never a header or body.
 */
export function mercadoPagoWebhookRoutes({ runtime, logger, secret, now }: WebhookOptions) {
  return new Hono().post("/", async (c) => {
    const dataId = c.req.query("data.id") ?? c.req.query("id") ?? null
    const topic = c.req.query("type") ?? c.req.query("topic") ?? null
    const check = verifyWebhookSignature({
      secret,
      xSignature: c.req.header("x-signature"),
      xRequestId: c.req.header("x-request-id"),
      dataIdFromQuery: dataId,
      now: now(),
      toleranceMs: WEBHOOK_TOLERANCE_MS,
    })
    const shown = { topic: safeTopic(topic), dataId: safeResourceId(dataId) }
    if (!check.ok) {
      logger.warn({ reason: check.reason, topic: shown.topic }, "webhook refused")
      await runtime.runPromise(
        recordUnappliedWebhook({ ...shown, signatureValid: false, outcome: "refused", reason: check.reason }),
      )
      return c.json({ error: "Assinatura inválida" }, 401)
    }
    if (!shown.dataId || !shown.topic) {
      await runtime.runPromise(
        recordUnappliedWebhook({ ...shown, signatureValid: true, outcome: "ignored", reason: "no_resource" }),
      )
      return c.json({ received: true, ignored: true }, 200)
    }
    const requestId = c.req.header("x-request-id")?.slice(0, 128) ?? null
    await runtime.runPromise(
      receiveVerifiedWebhook({ topic: shown.topic, resourceId: shown.dataId, requestId }),
    )
    return c.json({ received: true }, 200)
  })
}
