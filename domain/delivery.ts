/**
 * Where one event stands with each handler subscribed to it. The event is finished when every handler has
 * applied it; it waits for the earliest retry while one is failing; it is parked when the only handlers left
 * have given up, until an operator re-queues them.
 */
export type DeliveryStatus = "pending" | "applied" | "failed" | "parked"

export interface Delivery {
  readonly handler: string
  readonly status: DeliveryStatus
  /** Failures so far. */
  readonly attempts: number
  /** Epoch ms before which a failed delivery is not retried; null when not failed. */
  readonly retryAt: number | null
}

export type EventProgress =
  | { readonly status: "done" }
  | { readonly status: "parked"; readonly parkedHandlers: readonly string[] }
  | { readonly status: "pending"; readonly retryAt: number }

export function eventProgress(deliveries: readonly Delivery[], now: number): EventProgress {
  const waiting = deliveries.filter((d) => d.status === "pending" || d.status === "failed")
  if (waiting.length > 0)
    return {
      status: "pending",
      retryAt: Math.min(...waiting.map((d) => (d.status === "pending" ? now : (d.retryAt ?? now)))),
    }
  const parked = deliveries.filter((d) => d.status === "parked").map((d) => d.handler)
  return parked.length > 0 ? { status: "parked", parkedHandlers: parked } : { status: "done" }
}

/** Whether a handler should run now: not yet applied, not parked, and past its back-off. */
export function isDue(delivery: Delivery | undefined, now: number): boolean {
  if (!delivery || delivery.status === "pending") return true
  if (delivery.status !== "failed") return false
  return (delivery.retryAt ?? 0) <= now
}
