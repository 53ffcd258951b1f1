import { Effect } from "effect"
import { latestPerEdition } from "../../domain/conventions/waitlistLine"
import { requireCustomer } from "../fulfilment/actors"
import { Waitlists } from "../ports/Waitlists"

/** The 'Listas de espera' tab of /perfil: the collector's own entries only, the latest in each edition's line. */
export const myWaitlists = Effect.fn("Waitlist.mine")(function* () {
  const actor = yield* requireCustomer
  return latestPerEdition(yield* (yield* Waitlists).mine(actor.id))
})
