import { Effect } from "effect"
import { joinRefusal, viewerPlace, WAITLIST_MESSAGES } from "../../domain/editions/waitlistLine"
import { limitRequests } from "../abuse"
import { editionLimitProblems } from "../cart"
import { CharacterNotFound, InvalidInput } from "../errors"
import { Clock } from "../ports/Clock"
import { Waitlists } from "../ports/Waitlists"
import { requireCustomer } from "../viewer"

const HOUR = 3_600_000

/**
 * 'Entrar na lista de espera': only for a numbered edition sold out to the public, once per collector, and not
 * for one who already has the edition's limit in their orders (an offer they could not buy would only keep the
 * unit from the next in line).
 */
export const joinWaitlist = Effect.fn("Waitlist.join")(function* (productId: string) {
  const actor = yield* requireCustomer
  yield* limitRequests({
    bucket: "waitlist-join",
    max: 20,
    windowMs: HOUR,
    message: WAITLIST_MESSAGES.tooMany,
  })
  const atLimit = (yield* editionLimitProblems([{ productId, quantity: 1 }])).get(productId)
  if (atLimit) return yield* new InvalidInput({ message: atLimit })
  const now = yield* (yield* Clock).now()
  const joined = yield* (yield* Waitlists).update(productId, now, (line) => {
    const refusal = joinRefusal(line, actor.id)
    return refusal
      ? { value: refusal, changes: [] }
      : { value: null, join: { userId: actor.id }, changes: [] }
  })
  if (!joined) return yield* new CharacterNotFound({ id: productId.slice(0, 40) })
  if (joined.value) return yield* new InvalidInput({ message: joined.value })
  const line = yield* (yield* Waitlists).line(productId)
  return line ? viewerPlace(line, actor.id, now) : { status: "none" as const }
})
