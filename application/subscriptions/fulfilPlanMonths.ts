import { Effect } from "effect"
import { monthOfInstant, shiftMonth } from "../../domain/subscriptions/coverage"
import { Clock } from "../ports/Clock"
import { PlanMonths } from "../ports/PlanMonths"
import { shipPlanMonth } from "./shipPlanMonth"

const BATCH = 100
/** A month still unshipped this long after it began (no character, no address) is left to the team. */
const LOOK_BACK_MONTHS = 3

/**
 * The monthly fulfilment: every covered month that has begun gets its shipment. Run daily (and on the first of
 * each month), it also catches a month paid ahead (bimonthly, prepaid) and any shipment a failure left behind.
 */
export const fulfilPlanMonths = Effect.fn("Subscriptions.fulfilPlanMonths")(function* () {
  const now = yield* (yield* Clock).now()
  const month = monthOfInstant(now)
  const due = yield* (yield* PlanMonths).unshipped(shiftMonth(month, -LOOK_BACK_MONTHS), month, BATCH)
  let shipped = 0
  for (const row of due) if (yield* shipPlanMonth(row)) shipped++
  return { due: due.length, shipped }
})
