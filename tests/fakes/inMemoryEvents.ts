import { Effect, Exit, Layer } from "effect"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import type { DomainEvent } from "../../domain/events"

/**
 * An outbox and unit of work in memory, with the real one's promise: events recorded inside `atomically`
 * are kept only if the work succeeds.
 */
export function inMemoryEvents() {
  const committed: DomainEvent[] = []
  const open: DomainEvent[][] = []
  const layer = Layer.mergeAll(
    Layer.succeed(
      EventOutbox,
      EventOutbox.of({
        record: (events) => Effect.sync(() => void (open.at(-1) ?? committed).push(...events)),
      }),
    ),
    Layer.succeed(
      UnitOfWork,
      UnitOfWork.of({
        atomically: (work) =>
          Effect.suspend(() => {
            if (open.length > 0) return work
            open.push([])
            return Effect.onExit(work, (exit) =>
              Effect.sync(() => {
                const recorded = open.pop() ?? []
                if (Exit.isSuccess(exit)) committed.push(...recorded)
              }),
            )
          }),
      }),
    ),
  )
  return { committed, layer }
}
