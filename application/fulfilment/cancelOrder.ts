import { Effect } from "effect"
import { cancelPaidOrder } from "../../domain/fulfilment/fulfilmentState"
import { requireOrderManager } from "./actors"
import { runOrderAction } from "./runOrderAction"

export interface CancelInput {
  readonly orderId: string
  readonly actionKey: string
}

/** An administrator calls a paid order off until it leaves; everything paid is refunded. */
export const cancelOrder = Effect.fn("Fulfilment.cancelOrder")(function* (input: CancelInput) {
  const actor = yield* requireOrderManager
  return yield* runOrderAction({ ...input, action: "cancel", actor }, (f, { now, newId }) =>
    cancelPaidOrder(f, "admin", newId, now),
  )
})
