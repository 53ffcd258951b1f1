import { Effect } from "effect"
import { SupportDesk } from "../ports/SupportDesk"
import { requireCustomer } from "./access"

/** The orders a signed-in customer may attach to a ticket on the support form. */
export const listMyOrdersForSupport = Effect.fn("Support.listMyOrdersForSupport")(function* () {
  const viewer = yield* requireCustomer
  return yield* (yield* SupportDesk).ordersOf(viewer.id)
})
