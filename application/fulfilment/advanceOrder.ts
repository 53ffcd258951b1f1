import { Effect } from "effect"
import type { Fulfilment, FulfilmentChange } from "../../domain/fulfilment/fulfilment"
import {
  markDelivered,
  markInTransit,
  markProduced,
  markShipmentFailed,
  startProduction,
} from "../../domain/fulfilment/fulfilmentState"
import { requireOrderManager } from "./actors"
import { runOrderAction } from "./runOrderAction"

/** The steps an administrator takes with nothing more to say than "done". */
export const ADVANCE_STEPS = {
  start_production: startProduction,
  mark_produced: markProduced,
  mark_in_transit: markInTransit,
  mark_delivered: markDelivered,
  mark_delivery_failed: markShipmentFailed,
} as const satisfies Record<string, (f: Fulfilment, now: number) => FulfilmentChange>

export type AdvanceStep = keyof typeof ADVANCE_STEPS

/** Start production, mark produced, in transit, delivered, or the carrier's failure to deliver. */
export const advanceOrder = Effect.fn("Fulfilment.advanceOrder")(function* (input: {
  readonly orderId: string
  readonly actionKey: string
  readonly step: AdvanceStep
}) {
  const actor = yield* requireOrderManager
  return yield* runOrderAction(
    { orderId: input.orderId, actionKey: input.actionKey, action: input.step, actor },
    (f, { now }) => ADVANCE_STEPS[input.step](f, now),
  )
})
