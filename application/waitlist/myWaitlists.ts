import { Effect } from "effect"
import { requireCustomer } from "../fulfilment/actors"
import { Waitlists } from "../ports/Waitlists"

/** The 'Listas de espera' tab of /perfil: the collector's own entries only. */
export const myWaitlists = Effect.fn("Waitlist.mine")(function* () {
  const actor = yield* requireCustomer
  return yield* (yield* Waitlists).mine(actor.id)
})
