import { Effect } from "effect"
import type { Cart } from "../../domain/cart/cart"
import { checkEditionLimit } from "../../domain/editions/editionLimit"
import { CheckoutRefused } from "../errors"
import { CurrentUser } from "../ports/CurrentUser"
import { CustomerDetails } from "../ports/CustomerDetails"
import { EditionLimits } from "../ports/EditionLimits"

/** A limited edition's line: how many units this collector may still have, and the refusal when it asks more. */
export interface EditionLimitCheck {
  readonly room: number
  readonly problem: string | null
}

/**
 * The lines of a cart whose edition has a per-collector limit, checked. A visitor holds nothing yet; a
 * signed-in collector's orders are counted by their account and by the CPF they last checked out with (the
 * order itself counts by the CPF typed then, under the edition's lock).
 */
export const editionLimitChecks = Effect.fnUntraced(function* (cart: Cart) {
  const checks = new Map<string, EditionLimitCheck>()
  if (cart.length === 0) return checks
  const editions = yield* EditionLimits
  const limits = yield* editions.limits(cart.map((l) => l.productId))
  const limited = cart.filter((l) => (limits.get(l.productId) ?? null) !== null)
  if (limited.length === 0) return checks
  const { viewer } = yield* CurrentUser
  const collector = viewer
    ? { userId: viewer.id, cpf: (yield* (yield* CustomerDetails).get(viewer.id)).cpf }
    : null
  for (const line of limited) {
    const limit = limits.get(line.productId) ?? null
    const held = collector ? yield* editions.held(line.productId, collector) : 0
    const check = checkEditionLimit(limit, held, line.quantity)
    checks.set(line.productId, {
      room: Math.max(0, (limit ?? 0) - held),
      problem: check.ok ? null : check.message,
    })
  }
  return checks
})

/** Which lines of a cart would take a collector past an edition's limit, with the pt-BR text to show. */
export const editionLimitProblems = (cart: Cart) =>
  editionLimitChecks(cart).pipe(
    Effect.map(
      (checks) =>
        new Map([...checks].flatMap(([id, c]) => (c.problem === null ? [] : [[id, c.problem] as const]))),
    ),
  )

/** Refuses a cart change that raises a line past the collector's limit; lowering a line is always allowed. */
export const refuseBeyondLimit = Effect.fnUntraced(function* (before: Cart, after: Cart) {
  const raised = after.filter(
    (l) => l.quantity > (before.find((b) => b.productId === l.productId)?.quantity ?? 0),
  )
  const problems = yield* editionLimitProblems(raised)
  const [message] = problems.values()
  if (message) return yield* new CheckoutRefused({ message })
})
