import { Effect } from "effect"
import { CurrentUser } from "../ports/CurrentUser"
import { CustomerDetails } from "../ports/CustomerDetails"
import { EditionLimits } from "../ports/EditionLimits"

/**
 * The editions the signed-in collector already holds up to their limit (by account and CPF), sorted; none for a
 * visitor. Like the subscribed collections, the catalogue's shared HTML gets this viewer's view on top: their
 * buy buttons say they have the piece instead of offering what the server would refuse.
 */
export const listHeldEditions = Effect.fn("Account.listHeldEditions")(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return [] as string[]
  const { cpf } = yield* (yield* CustomerDetails).get(viewer.id)
  return [...(yield* (yield* EditionLimits).atLimit({ userId: viewer.id, cpf }))].sort()
})
