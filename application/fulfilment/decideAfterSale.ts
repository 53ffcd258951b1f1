import { Effect } from "effect"
import { decideRequest } from "../../domain/fulfilment/afterSales"
import { requireOrderManager } from "./actors"
import { runOrderAction } from "./runOrderAction"

/** An administrator approves or refuses a request (a refusal says why, for the customer). */
export const decideAfterSale = Effect.fn("Fulfilment.decideAfterSale")(function* (input: {
  readonly orderId: string
  readonly actionKey: string
  readonly requestId: string
  readonly approve: boolean
  readonly note: string
}) {
  const actor = yield* requireOrderManager
  const { orderId, actionKey, requestId, approve, note } = input
  return yield* runOrderAction(
    {
      orderId,
      actionKey,
      action: approve ? "approve_request" : "reject_request",
      actor,
      details: { requestId, note },
    },
    (f, { now }) => decideRequest(f, requestId, { approve, note }, now),
  )
})
