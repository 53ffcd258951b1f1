import { Effect } from "effect"
import { InvalidInput } from "../errors"
import { Clock } from "../ports/Clock"
import { EventQueue } from "../ports/EventQueue"

/** Deliveries that gave up after every retry, newest first, for an operator to look at. */
export const listParkedEvents = Effect.fn("Events.listParked")(function* (limit = 100) {
  return yield* (yield* EventQueue).parked(Math.max(1, Math.min(Math.trunc(limit), 500)))
})

/** Puts a parked delivery back in the queue: the handler runs again at once, with a fresh count of attempts. */
export const requeueParkedEvent = Effect.fn("Events.requeueParked")(function* (
  eventId: string,
  handler: string,
) {
  const now = yield* (yield* Clock).now()
  const requeued = yield* (yield* EventQueue).requeue(eventId, handler, now)
  if (!requeued)
    return yield* new InvalidInput({ message: "Este evento não está parado para este processador" })
  return { requeued }
})
