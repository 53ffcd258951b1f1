import { Effect } from "effect"
import { ordersOfCustomer } from "../orders"
import { requireCustomer } from "./access"

/** The orders a signed-in customer may attach to a ticket on the support form, each named by what it bought. */
export const listMyOrdersForSupport = Effect.fn("Support.listMyOrdersForSupport")(function* () {
  const viewer = yield* requireCustomer
  return (yield* ordersOfCustomer(viewer.id)).map((o) => ({
    id: o.id,
    number: o.number,
    createdAt: o.placedAt,
    label: o.firstItemName,
  }))
})
