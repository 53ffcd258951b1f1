import { randomUUID } from "node:crypto"
import { signWebhook } from "../mercadopago/webhookSignature"

/** An HTTP request the sandbox hands to the store's webhook route (in-process, through the real route). */
export interface WebhookRequest {
  /** Path and query, e.g. "/api/webhooks/mercadopago?data.id=90000000001&type=payment". */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  /** JSON text. */
  readonly body: string
}

/** Delivers a notification; a rejection or a non-2xx status counts as a failed delivery. */
export type Notify = (request: WebhookRequest) => Promise<{ readonly status: number }>

export interface NotifierOptions {
  readonly notify: Notify
  readonly webhookSecret: string
  readonly now: () => number
  /** Waits between attempts; the first attempt is immediate. */
  readonly retryDelaysMs: readonly number[]
  readonly onGiveUp?: (paymentId: string, error: unknown) => void
}

export const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000] as const

/** What a notification is about, in Mercado Pago's words (the `type` of the query and the body). */
export type NotificationTopic = "payment" | "subscription_preapproval" | "subscription_authorized_payment"

/** The path of the notification URL with Mercado Pago's query (`data.id`, `type`) added. */
function webhookPath(notificationUrl: string, resourceId: string, topic: NotificationTopic): string {
  const url = new URL(notificationUrl, "http://sandbox.invalid")
  url.searchParams.set("data.id", resourceId)
  url.searchParams.set("type", topic)
  return `${url.pathname}${url.search}`
}

/**
 * Sends Mercado Pago-shaped, signed notifications (`payment`, and the subscription topics). Delivery happens in the background and is retried
 * a few times, since a status change must not go unnoticed because the store was busy; the store also polls
 * pending payments, so a notification lost for good only delays the news.
 */
export function webhookNotifier(options: NotifierOptions) {
  const inFlight = new Set<Promise<void>>()
  let sequence = 0

  const attempt = async (request: WebhookRequest) => {
    const answer = await options.notify(request)
    if (answer.status < 200 || answer.status >= 300) throw new Error(`webhook answered HTTP ${answer.status}`)
  }

  const deliver = async (
    paymentId: string,
    notificationUrl: string,
    action: string,
    topic: NotificationTopic,
  ) => {
    const notificationId = `${options.now()}${String(++sequence).padStart(4, "0")}`
    let lastError: unknown = null
    for (let i = 0; i <= options.retryDelaysMs.length; i++) {
      if (i > 0) await sleep(options.retryDelaysMs[i - 1] as number)
      // Signed afresh at each attempt, as Mercado Pago does, so a late retry is not refused as stale.
      const now = options.now()
      const headers = signWebhook({
        secret: options.webhookSecret,
        dataId: paymentId,
        requestId: randomUUID(),
        now,
      })
      const body = JSON.stringify({
        id: notificationId,
        live_mode: false,
        type: topic,
        date_created: new Date(now).toISOString(),
        user_id: "sandbox",
        api_version: "v1",
        action,
        data: { id: paymentId },
      })
      try {
        await attempt({
          path: webhookPath(notificationUrl, paymentId, topic),
          headers: { "content-type": "application/json", ...headers },
          body,
        })
        return
      } catch (error) {
        lastError = error
      }
    }
    options.onGiveUp?.(paymentId, lastError)
  }

  return {
    /** Starts delivering; never throws and never waits for the store. */
    send(
      resourceId: string,
      notificationUrl: string,
      action: "payment.created" | "payment.updated" | "created" | "updated",
      topic: NotificationTopic = "payment",
    ) {
      const delivery = deliver(resourceId, notificationUrl, action, topic).finally(() =>
        inFlight.delete(delivery),
      )
      inFlight.add(delivery)
    },
    /** Resolves when every delivery started so far has succeeded or given up (tests, shutdown). */
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight])
    },
  }
}

export type WebhookNotifier = ReturnType<typeof webhookNotifier>

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    // Unref'd: a pending retry must not keep a stopping process alive.
    setTimeout(resolve, ms).unref?.()
  })
