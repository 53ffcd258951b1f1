import { Effect } from "effect"
import { ship } from "../../domain/fulfilment/fulfilmentState"
import { requireOrderManager } from "./actors"
import { runOrderAction } from "./runOrderAction"

export interface ShipOrderInput {
  readonly orderId: string
  readonly actionKey: string
  readonly carrier: string
  readonly service: string
  readonly trackingCode: string
}

/** Hands a produced order to the carrier; the customer is told once, with the code and the carrier's link. */
export const shipOrder = Effect.fn("Fulfilment.shipOrder")(function* (input: ShipOrderInput) {
  const actor = yield* requireOrderManager
  const { orderId, actionKey, ...details } = input
  return yield* runOrderAction({ orderId, actionKey, action: "ship", actor, details }, (f, { now, newId }) =>
    ship(f, { shipmentId: newId, ...details }, now),
  )
})
