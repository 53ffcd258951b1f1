import { Effect } from "effect"
import { settleRefund } from "../../domain/fulfilment/fulfilmentState"
import type { EventHandler } from "../events"
import { Clock } from "../ports/Clock"
import type { EventOutbox } from "../ports/EventOutbox"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import { OrderStore } from "../ports/OrderStore"
import { PaymentGateway } from "../ports/PaymentGateway"
import { UnitOfWork } from "../ports/UnitOfWork"
import { saveFulfilmentChange } from "./saveFulfilmentChange"

/** Records the gateway's answer on the refund; a refund settled already (a redelivery) stays as it was. */
const settle = Effect.fnUntraced(function* (
  orderId: string,
  refundId: string,
  outcome: { readonly ok: true; readonly gatewayRefundId: string } | { readonly ok: false },
) {
  const store = yield* FulfilmentStore
  const now = yield* (yield* Clock).now()
  yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const fulfilment = (yield* store.lock(orderId))?.fulfilment
      if (!fulfilment) return
      const change = settleRefund(fulfilment, refundId, outcome, now)
      if (!change.ok) return
      yield* saveFulfilmentChange(fulfilment, change)
    }),
  )
})

/**
 * Makes a recorded refund at the payment gateway (Mercado Pago or the sandbox), outside any transaction. The
 * refund's id is the gateway's idempotency key, so a redelivered event gives the money back once; an unreachable
 * gateway fails the delivery, which the dispatcher retries; a refusal marks the refund failed for an
 * administrator to see (its amount becomes refundable again).
 */
export const refundThroughGatewayHandler: EventHandler<
  PaymentGateway | FulfilmentStore | OrderStore | UnitOfWork | EventOutbox | Clock
> = {
  name: "fulfilment.refund",
  on: ["RefundRequested"],
  mode: "external",
  handle: (event) =>
    Effect.gen(function* () {
      if (event.type !== "RefundRequested") return
      const { orderId, refundId } = event.payload
      const found = yield* (yield* FulfilmentStore).get(orderId)
      const refund = found?.fulfilment?.refunds.find((r) => r.id === refundId)
      if (!found || refund?.status !== "pending") return
      const paidWith = found.order.paidAttemptId
      const attempt = paidWith ? yield* (yield* OrderStore).getAttempt(paidWith) : null
      if (!attempt?.gatewayPaymentId) return yield* settle(orderId, refundId, { ok: false })
      const key = `refund-${refundId}`
      const outcome = yield* (yield* PaymentGateway)
        .refund(attempt.gatewayPaymentId, refund.amount, key)
        .pipe(
          Effect.as({ ok: true, gatewayRefundId: key } as const),
          Effect.catchTags({
            GatewayRefused: () => Effect.succeed({ ok: false } as const),
            GatewayPaymentNotFound: () => Effect.succeed({ ok: false } as const),
          }),
        )
      yield* settle(orderId, refundId, outcome)
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
