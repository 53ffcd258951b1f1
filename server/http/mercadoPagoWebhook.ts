import { Hono } from "hono"
import { verifyWebhookSignature } from "../../adapters/mercadopago/webhookSignature"
import { receivePaymentNotification } from "../../application/orders/paymentNotifications"
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
 * gateway when the event is processed. The body is never trusted.
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
    if (!check.ok) {
      logger.warn({ reason: check.reason, topic }, "webhook refused")
      return c.json({ error: "Assinatura inválida" }, 401)
    }
    if (!dataId || !topic || !/^[\w-]{1,64}$/.test(dataId))
      return c.json({ received: true, ignored: true }, 200)
    await runtime.runPromise(
      receivePaymentNotification({
        topic,
        resourceId: dataId,
        requestId: c.req.header("x-request-id") ?? null,
      }),
    )
    return c.json({ received: true }, 200)
  })
}
