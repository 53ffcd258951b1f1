import { Effect } from "effect"
import { receiveReturn } from "../../domain/fulfilment/afterSales"
import { requireOrderManager } from "./actors"
import { runOrderAction } from "./runOrderAction"

/** The withdrawn parcel arrived back: the order is returned and refunded in full. */
export const receiveOrderReturn = Effect.fn("Fulfilment.receiveOrderReturn")(function* (input: {
  readonly orderId: string
  readonly actionKey: string
  readonly requestId: string
}) {
  const actor = yield* requireOrderManager
  const { orderId, actionKey, requestId } = input
  return yield* runOrderAction(
    { orderId, actionKey, action: "receive_return", actor, details: { requestId } },
    (f, { now, newId }) => receiveReturn(f, requestId, newId, now),
  )
})
