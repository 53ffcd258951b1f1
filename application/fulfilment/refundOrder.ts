import { Effect } from "effect"
import { refundable } from "../../domain/fulfilment/fulfilment"
import { requestRefund } from "../../domain/fulfilment/fulfilmentState"
import type { Cents } from "../../domain/money"
import { requireOrderManager } from "./actors"
import { runOrderAction } from "./runOrderAction"

/**
 * Gives money back through the payment gateway: `amount` centavos, or all that is left when null. The refund is
 * recorded here and made by its event's handler, outside the transaction (the gateway is the outside world).
 */
export const refundOrder = Effect.fn("Fulfilment.refundOrder")(function* (input: {
  readonly orderId: string
  readonly actionKey: string
  readonly amount: Cents | null
  readonly note: string
}) {
  const actor = yield* requireOrderManager
  const { orderId, actionKey, amount, note } = input
  return yield* runOrderAction(
    { orderId, actionKey, action: "refund", actor, details: { amount, note } },
    (f, { now, newId }) =>
      requestRefund(f, { refundId: newId, amount: amount ?? refundable(f), reason: "partial", note }, now),
  )
})
