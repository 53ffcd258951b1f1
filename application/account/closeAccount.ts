import { Effect } from "effect"
import { cancelPaidOrder } from "../../domain/fulfilment/fulfilmentState"
import { markCancelled } from "../../domain/orders/orderState"
import { cancelWithAccount } from "../../domain/subscriptions/subscription"
import { endTradesOfClosingAccount } from "../community"
import { runOrderAction } from "../fulfilment"
import { askGateway, cancelOpenPayment, endUnpaidOrder } from "../orders"
import { OrderStore } from "../ports/OrderStore"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import {
  endPlanCoverage,
  endUnbegunMonths,
  refundUnbegunMonths,
  transitionSubscription,
} from "../subscriptions"
import { openItemsOf } from "./openItems"

export interface ClosingAccount {
  readonly id: string
  readonly email: string
}

/**
 * Before an account goes, what it still has open ends by the deletion rule (domain/accounts/accountDeletion.ts), each
 * through the path the store already ends it by, so a unit goes back exactly once: subscriptions stop at the
 * gateway first (when it fails, nothing is deleted and the collector may try again), a month paid ahead with no
 * shipment yet refunded; unpaid orders are cancelled there and here, letting their units go; paid orders not yet
 * in production, and prepaid plans, are called off with their refund, the units coming back from their `OrderReleased`. What ships is left to ship.
 * Answers what was open and what became of it, for the last e-mail. Runs again harmlessly.
 */
export const closeAccount = Effect.fn("Account.close")(function* (account: ClosingAccount) {
  const items = yield* openItemsOf(account.id)
  const actor = { kind: "customer", id: account.id, email: account.email } as const
  for (const item of items) {
    if (item.outcome === "end_subscription") {
      const current = yield* (yield* SubscriptionStore).get(item.id)
      if (!current) continue
      yield* transitionSubscription(current, "cancel", cancelWithAccount)
      yield* refundUnbegunMonths(item.id)
      yield* endUnbegunMonths(item.id)
    } else if (item.outcome === "cancel_unpaid") {
      const asked = yield* askGateway(yield* (yield* OrderStore).get(item.id))
      if (asked) yield* cancelOpenPayment(asked.latest)
      yield* endUnpaidOrder(item.id, markCancelled)
    }
  }
  // An unpaid order the gateway reported paid meanwhile is read again, and called off as a paid one.
  for (const item of yield* openItemsOf(account.id))
    if (item.outcome === "cancel_refund" || item.outcome === "end_plan") {
      yield* runOrderAction(
        { orderId: item.id, action: "cancel", actor, actionKey: `account-deletion:${item.id}` },
        (f, { now, newId }) =>
          cancelPaidOrder(f, item.outcome === "end_plan" ? "admin" : "customer", newId, now),
      )
      if (item.outcome === "end_plan") yield* endPlanCoverage(item.id)
    }
  // Last, after every step that may fail: the other collector is told the account is gone only when it goes.
  yield* endTradesOfClosingAccount(account.id)
  return items.map(({ label, outcome }) => ({ label, outcome }))
})
