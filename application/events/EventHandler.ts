import type { Effect } from "effect"
import type { EventType, RecordedEvent } from "../../domain/events"

/**
 * Something the store does when an event happens. Every handler is applied at most once per event:
 * - `transactional`: its database changes commit together with the mark that it ran, so a redelivered event
 *   changes nothing. It must not call the outside world.
 * - `external`: it runs outside any transaction, because it talks to the outside world (SMTP, HTTP) or because
 *   its one change is idempotent by itself, and is marked applied with the event's settlement. A crash before
 *   the mark repeats it, so it guards itself (the mail log is keyed by event and template; a unit's certificate
 *   is unique).
 */
export interface EventHandler<R = never> {
  /** Stable: deliveries are recorded under this name. */
  readonly name: string
  readonly on: readonly EventType[]
  readonly mode: "transactional" | "external"
  readonly handle: (event: RecordedEvent) => Effect.Effect<void, unknown, R>
}
