import { Context, type Effect } from "effect"
import type { Delivery, EventProgress } from "../../domain/delivery"
import type { RecordedEvent } from "../../domain/events"

export interface ClaimedEvent {
  readonly event: RecordedEvent
  /** What each handler has done with it so far (a handler with no entry has not run yet). */
  readonly deliveries: readonly Delivery[]
}

export interface HandlerFailure {
  readonly attempts: number
  /** A short description of the failure, safe to show an operator (no secrets, no personal data). */
  readonly error: string
  /** Epoch ms of the next attempt, or null to park it. */
  readonly retryAt: number | null
}

export interface ParkedDelivery {
  readonly eventId: string
  readonly type: string
  readonly aggregateId: string
  readonly handler: string
  readonly attempts: number
  readonly lastError: string | null
  readonly occurredAt: number
  readonly parkedAt: number
}

/** The dispatcher's side of the outbox: claims due events and keeps, per handler, what happened. */
export class EventQueue extends Context.Service<
  EventQueue,
  {
    /**
     * Leases up to `limit` due events of types and versions this build knows to this instance for `leaseMs`;
     * another instance skips them meanwhile and takes them over only if the lease runs out (the holder died
     * mid-batch). Due-ness and leases use the database's clock, so instances with drifting clocks agree.
     */
    claim(limit: number, leaseMs: number): Effect.Effect<readonly ClaimedEvent[]>
    /** Extends this instance's lease on one event before working on it; false when the lease was lost. */
    renew(eventId: string, leaseMs: number): Effect.Effect<boolean>
    /** Gives back this instance's leases on events it will not work on now (the server is stopping). */
    release(eventIds: readonly string[]): Effect.Effect<void>
    /**
     * Marks the (event, handler) pair applied; false when it already was. Inside `atomically` it commits with
     * the handler's own changes, which is what makes a redelivered event change nothing.
     */
    markApplied(eventId: string, handler: string): Effect.Effect<boolean>
    recordFailure(eventId: string, handler: string, failure: HandlerFailure): Effect.Effect<void>
    /**
     * Sets the event's status from its deliveries and ends the lease, if this instance still holds it; marks
     * the external handlers that ran in this pass applied, in the same statement (whatever the lease).
     */
    settle(eventId: string, progress: EventProgress, applied: readonly string[]): Effect.Effect<void>
    parked(limit: number): Effect.Effect<readonly ParkedDelivery[]>
    /**
     * Puts a parked delivery back in the queue with a fresh count of attempts; false when nothing was parked
     * or a dispatcher holds the event right now (try again in a moment).
     */
    requeue(eventId: string, handler: string, now: number): Effect.Effect<boolean>
    /** Wakes every instance's dispatcher when some event is due (a back-off ran out, a lease expired). */
    wakeIfDue(): Effect.Effect<void>
    /** Deletes finished events older than the instant, with their deliveries; answers how many. */
    purgeFinished(before: number): Effect.Effect<number>
  }
>()("store/application/EventQueue") {}
