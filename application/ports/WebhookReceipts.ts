import { Context, type Effect } from "effect"
import type { WebhookOutcome } from "../../domain/notifications/webhookReceipt"

/** One webhook as received: what it named and what became of it. Never its body, headers or signature. */
export interface WebhookReceipt {
  readonly topic: string | null
  readonly dataId: string | null
  readonly requestId: string | null
  readonly signatureValid: boolean
  readonly outcome: WebhookOutcome
  readonly reason: string | null
  readonly receivedAt: number
}

/** The log of received webhooks, which the payments screen shows. */
export class WebhookReceipts extends Context.Service<
  WebhookReceipts,
  {
    /**
     * Stores a receipt. An `applied` one that repeats an applied delivery (same topic, resource and request id)
     * is stored as `duplicate` instead; the answer is the outcome kept. Joins the ambient unit of work.
     */
    record(receipt: WebhookReceipt): Effect.Effect<WebhookOutcome>
  }
>()("store/application/WebhookReceipts") {}
