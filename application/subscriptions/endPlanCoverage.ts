import { Effect } from "effect"
import { cancelPaidOrder } from "../../domain/fulfilment/fulfilmentState"
import { inLockOrder } from "../../domain/lockOrder"
import { monthOfInstant } from "../../domain/subscriptions/coverage"
import type { EventHandler } from "../events"
import { saveFulfilmentChange } from "../fulfilment"
import { Clock } from "../ports/Clock"
import { EditionStock } from "../ports/EditionStock"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import { Ids } from "../ports/Ids"
import { type PlanMonth, PlanMonths } from "../ports/PlanMonths"
import { UnitOfWork } from "../ports/UnitOfWork"

/**
 * A prepaid plan's order was called off (cancelled, or all of it refunded): its coverage ends. A month whose
 * shipment is in production or beyond stays (the collector keeps it); the others go with their entitlement:
 * a month not yet begun gives back the unit held for it, and a month order still awaiting production is
 * cancelled. Runs again harmlessly: the months it removed are no longer there.
 */
export const endPlanCoverage = Effect.fn("Subscriptions.endPlanCoverage")(function* (orderId: string) {
  const prepaid = (yield* (yield* PlanMonths).of(orderId)).filter((m) => m.sourceKind === "prepaid")
  return yield* endMonths(prepaid, true)
})

/**
 * A subscription cancelled with its account: its months with no shipment yet go, a month not yet begun giving
 * back the unit held for it (the account's rows would otherwise take the hold with them). Months already made
 * into orders ship.
 */
export const endUnbegunMonths = Effect.fn("Subscriptions.endUnbegunMonths")(function* (
  subscriptionId: string,
) {
  const months = yield* (yield* PlanMonths).of(subscriptionId)
  return yield* endMonths(
    months.filter((m) => m.orderId === null),
    false,
  )
})

const endMonths = Effect.fnUntraced(function* (ending: readonly PlanMonth[], cancelUnproduced: boolean) {
  if (ending.length === 0) return { removed: 0 }
  const months = yield* PlanMonths
  const now = yield* (yield* Clock).now()
  const ids = yield* Ids
  const current = monthOfInstant(now)
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const store = yield* FulfilmentStore
      const stock = yield* EditionStock
      let removed = 0
      // Months without a held unit (a shipment's order to lock) first, then each held edition in lock order.
      for (const { sourceId, month } of inLockOrder(ending, (m) => m.heldProductId ?? "")) {
        const row = yield* months.lock(sourceId, month)
        if (!row) continue
        if (row.orderId) {
          if (!cancelUnproduced) continue
          const fulfilment = (yield* store.lock(row.orderId))?.fulfilment
          if (fulfilment?.status !== "awaiting_production") continue
          const change = cancelPaidOrder(fulfilment, "admin", yield* ids.uuid(), now)
          if (!change.ok) continue
          yield* saveFulfilmentChange(fulfilment, change)
        } else if (row.heldProductId && row.month > current) yield* stock.release(row.heldProductId, 1)
        yield* months.remove(sourceId, month)
        removed++
      }
      return { removed }
    }),
  )
})

/** The fulfilment's calling off of a paid order, for the orders that are prepaid plans (others have no months). */
export const endPlanCoverageHandler: EventHandler<Effect.Services<ReturnType<typeof endPlanCoverage>>> = {
  name: "subscriptions.endPlanCoverage",
  on: ["OrderReleased"],
  // One transaction of its own; a redelivery finds the removed months gone and the cancelled orders cancelled.
  mode: "external",
  handle: (event) =>
    event.type === "OrderReleased" ? Effect.asVoid(endPlanCoverage(event.payload.orderId)) : Effect.void,
}
