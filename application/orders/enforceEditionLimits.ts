import { Effect } from "effect"
import { checkEditionLimit } from "../../domain/editions/editionLimit"
import type { Order } from "../../domain/orders/order"
import { CheckoutRefused } from "../errors"
import { EditionLimits } from "../ports/EditionLimits"

/**
 * Why the order would give its collector more units of an edition than the product allows (null: it would
 * not), counting their other orders (this account's and any with the order's CPF). Exact only inside the unit
 * of work, after `reserveHeld` has locked each edition's row, so concurrent checkouts of the collector count.
 */
export const editionLimitBreach = Effect.fnUntraced(function* (order: Order) {
  const numbered = order.lines.filter((l) => l.editionSize !== null)
  if (numbered.length === 0 || order.userId === null) return null
  const editions = yield* EditionLimits
  const limits = yield* editions.limits(numbered.map((l) => l.productId))
  const collector = { userId: order.userId, cpf: order.cpf }
  for (const line of numbered) {
    const limit = limits.get(line.productId) ?? null
    if (limit === null) continue
    const held = yield* editions.held(line.productId, collector, order.id)
    const check = checkEditionLimit(limit, held, line.quantity)
    if (!check.ok) return check.message
  }
  return null
})

/** Refuses an order past a limit; the refusal rolls back everything the order took. */
export const enforceEditionLimits = Effect.fnUntraced(function* (order: Order) {
  const message = yield* editionLimitBreach(order)
  if (message !== null) return yield* new CheckoutRefused({ message })
})
