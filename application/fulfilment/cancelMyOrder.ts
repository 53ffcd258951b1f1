import { Effect } from "effect"
import { cancelPaidOrder } from "../../domain/fulfilment/fulfilmentState"
import { requireCustomer } from "../viewer"
import type { CancelInput } from "./cancelOrder"
import { runOrderAction } from "./runOrderAction"

/** The customer calls their own order off before production starts, for a full refund. */
export const cancelMyOrder = Effect.fn("Fulfilment.cancelMyOrder")(function* (input: CancelInput) {
  const actor = yield* requireCustomer
  return yield* runOrderAction({ ...input, action: "cancel", actor }, (f, { now, newId }) =>
    cancelPaidOrder(f, "customer", newId, now),
  )
})
