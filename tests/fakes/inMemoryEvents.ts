import { Context, Effect, Exit, Layer, Semaphore } from "effect"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import type { DomainEvent } from "../../domain/events"

/** Whether the running fiber is inside `UnitOfWork.atomically` (so a port call joins that transaction). */
export const InTransaction = Context.Reference<boolean>("tests/fakes/InTransaction", {
  defaultValue: () => false,
})

/** In-memory state that takes part in the unit of work: `snapshot` answers how to put it back on rollback. */
export interface Transactional {
  snapshot(): () => void
}

/**
 * An outbox and unit of work in memory, with the real one's promises: events recorded inside `atomically`
 * are kept only if the work succeeds, the `participants`' state rolls back with them, and transactions run one
 * at a time (as if every row they touch were locked), while a port call outside any transaction waits for the
 * open one and is its own atomic write. `write` is how in-memory ports honour this.
 */
export function inMemoryEvents(participants: readonly Transactional[] = []) {
  const committed: DomainEvent[] = []
  const mutex = Semaphore.makeUnsafe(1)
  // Only one transaction is open at a time (the mutex), so one buffer is enough.
  let open: DomainEvent[] | null = null

  const write = <A>(change: () => A): Effect.Effect<A> =>
    Effect.gen(function* () {
      // Lets concurrent fibers interleave between port calls, as they would between queries.
      yield* Effect.yieldNow
      if (yield* InTransaction) return change()
      return yield* mutex.withPermit(Effect.sync(change))
    })

  const atomically = <A, E, R>(work: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.gen(function* () {
      if (yield* InTransaction) return yield* work
      return yield* mutex.withPermit(
        Effect.suspend(() => {
          const restores = participants.map((p) => p.snapshot())
          const recorded: DomainEvent[] = []
          open = recorded
          return work.pipe(
            Effect.provideService(InTransaction, true),
            Effect.onExit((exit) =>
              Effect.sync(() => {
                open = null
                if (Exit.isSuccess(exit)) committed.push(...recorded)
                else for (const restore of restores) restore()
              }),
            ),
          )
        }),
      )
    })

  const layer = Layer.mergeAll(
    Layer.succeed(
      EventOutbox,
      EventOutbox.of({ record: (events) => write(() => void (open ?? committed).push(...events)) }),
    ),
    Layer.succeed(UnitOfWork, UnitOfWork.of({ atomically })),
  )
  return { committed, layer, write }
}
