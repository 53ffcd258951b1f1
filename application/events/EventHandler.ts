import type { Effect } from "effect"
import type { EventType, RecordedEvent } from "../../domain/events"

/**
 * Something the store does when an event happens. Every handler is applied at most once per event:
 * - `transactional`: its database changes commit together with the mark that it ran, so a redelivered event
 *   changes nothing. It must not call the outside world.
 * - `external`: it talks to the outside world (SMTP, HTTP) and runs outside any transaction. A crash between
 *   its call and the mark can repeat the call, so it guards itself (the mail log is keyed by event and template).
 */
export interface EventHandler<R = never> {
  /** Stable: deliveries are recorded under this name. */
  readonly name: string
  readonly on: readonly EventType[]
  readonly mode: "transactional" | "external"
  readonly handle: (event: RecordedEvent) => Effect.Effect<void, unknown, R>
}
