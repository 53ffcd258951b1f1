import { Effect } from "effect"
import { leave, WAITLIST_MESSAGES } from "../../domain/conventions/waitlistLine"
import { CharacterNotFound, InvalidInput } from "../errors"
import { requireCustomer } from "../fulfilment/actors"
import { Clock } from "../ports/Clock"
import { UnitOfWork } from "../ports/UnitOfWork"
import { Waitlists } from "../ports/Waitlists"
import { purchaseWindowHours, recordOffers } from "./offerUnits"

/** 'Sair da lista': a unit the collector was holding goes to the next in line at once. */
export const leaveWaitlist = Effect.fn("Waitlist.leave")(function* (productId: string) {
  const actor = yield* requireCustomer
  const now = yield* (yield* Clock).now()
  const hours = yield* purchaseWindowHours
  const left = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const made = yield* (yield* Waitlists).update(productId, now, (line) =>
        leave(line, actor.id, now, hours),
      )
      if (made?.value) yield* recordOffers(productId, made.value)
      return made
    }),
  )
  if (!left) return yield* new CharacterNotFound({ id: productId.slice(0, 40) })
  if (!left.value) return yield* new InvalidInput({ message: WAITLIST_MESSAGES.notInLine })
  return { status: "none" as const }
})
