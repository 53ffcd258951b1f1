import { Effect } from "effect"
import { recordAdminChange, requireStaff } from "../admin"
import { InvalidInput } from "../errors"
import { Clock } from "../ports/Clock"
import { EventQueue } from "../ports/EventQueue"

/** Operating the outbox is a setting of the store: administrators only (checked here and on the procedure). */
const requireOperator = requireStaff("manage_settings")

/** Deliveries that gave up after every retry, newest first, for an operator to look at. */
export const listParkedEvents = Effect.fn("Events.listParked")(function* (limit = 100) {
  yield* requireOperator
  return yield* (yield* EventQueue).parked(Math.max(1, Math.min(Math.trunc(limit), 500)))
})

/**
 * Puts a parked delivery back in the queue: the handler runs again at once, with a fresh count of attempts.
 * The audit entry is written after the re-queue, which is atomic on its own (it must see a dispatcher's lease).
 */
export const requeueParkedEvent = Effect.fn("Events.requeueParked")(function* (
  eventId: string,
  handler: string,
) {
  const actor = yield* requireOperator
  const now = yield* (yield* Clock).now()
  const requeued = yield* (yield* EventQueue).requeue(eventId, handler, now)
  if (!requeued)
    return yield* new InvalidInput({ message: "Este evento não está parado para este processador" })
  yield* recordAdminChange({
    actor,
    subjectType: "event",
    subjectId: eventId,
    subjectLabel: `Evento ${eventId} · ${handler}`,
    action: "requeue",
    before: { status: "parked" },
    after: { status: "pending" },
  })
  return { requeued }
})
