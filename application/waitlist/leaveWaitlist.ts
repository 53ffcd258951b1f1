import { Effect } from "effect"
import { WAITLIST_MESSAGES } from "../../domain/editions/waitlistLine"
import { CharacterNotFound, InvalidInput } from "../errors"
import { UnitOfWork } from "../ports/UnitOfWork"
import { requireCustomer } from "../viewer"
import { leaveLine } from "./offerUnits"

/** 'Sair da lista': a unit the collector was holding goes to the next in line at once. */
export const leaveWaitlist = Effect.fn("Waitlist.leave")(function* (productId: string) {
  const actor = yield* requireCustomer
  const left = yield* (yield* UnitOfWork).atomically(leaveLine(actor.id, productId))
  if (left === null) return yield* new CharacterNotFound({ id: productId.slice(0, 40) })
  if (!left) return yield* new InvalidInput({ message: WAITLIST_MESSAGES.notInLine })
  return { status: "none" as const }
})
