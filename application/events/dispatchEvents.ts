import { Cause, Effect, Exit, Fiber } from "effect"
import { type Delivery, eventProgress, isDue } from "../../domain/delivery"
import type { RecordedEvent } from "../../domain/events"
import { afterFailure, type RetryPolicy } from "../../domain/retryPolicy"
import { Clock } from "../ports/Clock"
import { EventQueue } from "../ports/EventQueue"
import { UnitOfWork } from "../ports/UnitOfWork"
import type { EventHandler } from "./EventHandler"
import { EventReads } from "./eventReads"

export interface DispatchOptions {
  readonly batchSize: number
  /**
   * How long a claim keeps other instances away. A handler at work renews its event's lease every third of
   * it, so it may be short: a dead instance's events are taken over once it runs out.
   */
  readonly leaseMs: number
  readonly retry: RetryPolicy
  /** The jitter source, in [0, 1). */
  readonly random: () => number
  /** True once the server is stopping: the batch ends after the event in hand, the rest given back. */
  readonly stopping?: () => boolean
}

/** A failure that retrying cannot fix (e.g. a link sealed with a key this server no longer has): park at once. */
const isPermanent = (cause: Cause.Cause<unknown>) => {
  const error = Cause.squash(cause)
  return typeof error === "object" && error !== null && (error as { permanent?: unknown }).permanent === true
}

/** What an operator may read of a failure: the error's tag and message, one line, bounded. */
export function describeFailure(cause: Cause.Cause<unknown>): string {
  const error = Cause.squash(cause)
  const record = (typeof error === "object" && error !== null ? error : {}) as Record<string, unknown>
  const tag = typeof record._tag === "string" ? record._tag : error instanceof Error ? error.name : "Error"
  const detail = [record.reason, record.message].find((v) => typeof v === "string" && v.length > 0)
  const text = detail ? `${tag}: ${detail}` : typeof error === "string" ? error : tag
  return text.replace(/\s+/g, " ").slice(0, 500)
}

const applyOnce = <R>(handler: EventHandler<R>, event: RecordedEvent) =>
  Effect.gen(function* () {
    const queue = yield* EventQueue
    if (handler.mode === "transactional") {
      const uow = yield* UnitOfWork
      yield* uow.atomically(
        Effect.gen(function* () {
          if (yield* queue.markApplied(event.id, handler.name)) yield* handler.handle(event)
        }),
      )
    } else yield* handler.handle(event)
  })

const deliver = Effect.fnUntraced(function* <R>(
  handlers: readonly EventHandler<R>[],
  event: RecordedEvent,
  deliveries: readonly Delivery[],
  options: DispatchOptions,
  batchReads: Map<string, unknown>,
) {
  const queue = yield* EventQueue
  const clock = yield* Clock
  const now = yield* clock.now()
  const known = new Map(deliveries.map((d) => [d.handler, d]))
  const after: Delivery[] = []
  // External handlers' marks go with the event's settlement: one statement instead of one per handler. A crash
  // before it repeats them, which they guard against anyway (see EventHandler).
  const appliedExternally: string[] = []
  const reads = { event: new Map<string, unknown>(), batch: batchReads }
  for (const handler of handlers) {
    if (!handler.on.includes(event.type)) continue
    const current = known.get(handler.name)
    if (!isDue(current, now)) {
      if (current) after.push(current)
      continue
    }
    const exit = yield* Effect.exit(applyOnce(handler, event).pipe(Effect.provideService(EventReads, reads)))
    if (Exit.isSuccess(exit)) {
      if (handler.mode === "external") appliedExternally.push(handler.name)
      after.push({
        handler: handler.name,
        status: "applied",
        attempts: current?.attempts ?? 0,
        retryAt: null,
      })
      continue
    }
    // Interruption is the server shutting down, not the handler failing: leave it for the next claim.
    if (Cause.hasInterruptsOnly(exit.cause)) {
      for (const name of appliedExternally) yield* queue.markApplied(event.id, name)
      return yield* Effect.interrupt
    }
    const attempts = (current?.attempts ?? 0) + 1
    const decision = isPermanent(exit.cause)
      ? ({ kind: "park" } as const)
      : afterFailure(options.retry, attempts, options.random())
    const retryAt = decision.kind === "retry" ? now + decision.delayMs : null
    const error = describeFailure(exit.cause)
    yield* queue.recordFailure(event.id, handler.name, { attempts, error, retryAt })
    yield* Effect.logWarning(retryAt === null ? "event handler parked" : "event handler failed").pipe(
      Effect.annotateLogs({ eventId: event.id, type: event.type, handler: handler.name, attempts, error }),
    )
    after.push({ handler: handler.name, status: retryAt === null ? "parked" : "failed", attempts, retryAt })
  }
  yield* queue.settle(event.id, eventProgress(after, now), appliedExternally)
})

/** Renews an event's lease every third of it while its handlers work; stops if another instance took it. */
const keepLease = (eventId: string, leaseMs: number) =>
  Effect.gen(function* () {
    const queue = yield* EventQueue
    do yield* Effect.sleep(leaseMs / 3)
    while (yield* queue.renew(eventId, leaseMs))
  })

/**
 * Claims one batch of due events and runs every subscribed handler on each, oldest first; answers how many
 * events it claimed (0: nothing is due). Failures are retried with back-off and parked at the limit.
 */
export const dispatchEvents = Effect.fn("Events.dispatch")(function* <R>(
  handlers: readonly EventHandler<R>[],
  options: DispatchOptions,
) {
  const queue = yield* EventQueue
  const clock = yield* Clock
  const claimed = yield* queue.claim(options.batchSize, options.leaseMs)
  const pending = new Set(claimed.map((c) => c.event.id))
  const batchReads = new Map<string, unknown>()
  const claimedAt = yield* clock.now()
  yield* Effect.gen(function* () {
    for (const { event, deliveries } of claimed) {
      if (options.stopping?.()) break
      // Handlers start with at least half a lease left: once half the claim's has passed, each event gets a
      // fresh one first (and is left alone if another instance took it over): a slow batch never outlives it.
      const fresh = (yield* clock.now()) - claimedAt < options.leaseMs / 2
      if (fresh || (yield* queue.renew(event.id, options.leaseMs))) {
        const heartbeat = yield* Effect.forkChild(keepLease(event.id, options.leaseMs))
        yield* deliver(handlers, event, deliveries, options, batchReads).pipe(
          Effect.ensuring(Fiber.interrupt(heartbeat)),
        )
      }
      pending.delete(event.id)
    }
  }).pipe(
    // Stopping mid-batch: the events not yet started go back to the queue at once, not after the lease.
    Effect.onInterrupt(() => queue.release([...pending])),
  )
  if (pending.size > 0) yield* queue.release([...pending])
  return claimed.length
})
