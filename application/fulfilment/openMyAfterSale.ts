import { Effect } from "effect"
import { openAfterSaleRequest } from "../../domain/fulfilment/afterSales"
import type { RequestKind } from "../../domain/fulfilment/fulfilment"
import { requireCustomer } from "../viewer"
import { runOrderAction } from "./runOrderAction"

/** The customer asks to withdraw (CDC art. 49), reports a damaged piece, or a parcel that never came. */
export const openMyAfterSale = Effect.fn("Fulfilment.openMyAfterSale")(function* (input: {
  readonly orderId: string
  readonly actionKey: string
  readonly kind: RequestKind
  readonly description: string
}) {
  const actor = yield* requireCustomer
  const { orderId, actionKey, kind, description } = input
  return yield* runOrderAction(
    { orderId, actionKey, action: `request_${kind}`, actor, details: { kind } },
    (f, { now, newId }) => openAfterSaleRequest(f, { requestId: newId, kind, description }, now),
  )
})
