import { Effect } from "effect"
import { rateDelivery } from "../../domain/fulfilment/afterSales"
import { requireCustomer } from "../viewer"
import { runOrderAction } from "./runOrderAction"

/** The customer rates their delivery 1 to 5, with a review of up to 500 characters (spec 001 §3). */
export const rateMyDelivery = Effect.fn("Fulfilment.rateMyDelivery")(function* (input: {
  readonly orderId: string
  readonly actionKey: string
  readonly stars: number
  readonly review: string
}) {
  const actor = yield* requireCustomer
  const { orderId, actionKey, stars, review } = input
  return yield* runOrderAction(
    { orderId, actionKey, action: "rate", actor, details: { stars } },
    (f, { now }) => rateDelivery(f, { stars, review }, now),
  )
})
