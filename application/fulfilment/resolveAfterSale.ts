import { Effect } from "effect"
import { resolveRequest } from "../../domain/fulfilment/afterSales"
import { requireOrderManager } from "./actors"
import { runOrderAction } from "./runOrderAction"

/** An approved damaged-item or missing-parcel request is settled (a replacement sent, a partial refund made). */
export const resolveAfterSale = Effect.fn("Fulfilment.resolveAfterSale")(function* (input: {
  readonly orderId: string
  readonly actionKey: string
  readonly requestId: string
}) {
  const actor = yield* requireOrderManager
  const { orderId, actionKey, requestId } = input
  return yield* runOrderAction(
    { orderId, actionKey, action: "resolve_request", actor, details: { requestId } },
    (f, { now }) => resolveRequest(f, requestId, now),
  )
})
