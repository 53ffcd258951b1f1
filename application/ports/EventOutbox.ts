import { Context, type Effect } from "effect"
import type { DomainEvent } from "../../domain/events"

/**
 * Records events for the dispatcher. Inside `UnitOfWork.atomically` they commit with the change they
 * describe, and are never seen if it rolls back; outside, the recording is its own atomic write.
 */
export class EventOutbox extends Context.Service<
  EventOutbox,
  {
    record(events: readonly DomainEvent[]): Effect.Effect<void>
  }
>()("store/application/EventOutbox") {}
