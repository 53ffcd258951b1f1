import { Effect } from "effect"
import { disclosedPiece } from "../../domain/catalog/characterDisclosure"
import { latestPerEdition } from "../../domain/editions/waitlistLine"
import { Clock } from "../ports/Clock"
import { Waitlists } from "../ports/Waitlists"
import { requireCustomer } from "../viewer"

/** The 'Listas de espera' tab of /perfil: the collector's own entries only, the latest in each edition's line. */
export const myWaitlists = Effect.fn("Waitlist.mine")(function* () {
  const actor = yield* requireCustomer
  const now = yield* (yield* Clock).now()
  return latestPerEdition(yield* (yield* Waitlists).mine(actor.id)).map(({ reveal, ...entry }) => ({
    ...entry,
    characterName: disclosedPiece({ name: entry.characterName }, reveal, now).name,
  }))
})
