import { Effect } from "effect"
import { gatewayExpiry } from "../../domain/orders/deadlines"
import type { Order } from "../../domain/orders/order"
import { paymentDescriptionOf, paymentItemsOf, STATEMENT_DESCRIPTOR } from "../../domain/orders/paymentItems"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { PaymentFailed } from "../errors"
import { Clock } from "../ports/Clock"
import { OrderStore, type StoredAttempt } from "../ports/OrderStore"
import { PaymentCallbacks } from "../ports/PaymentCallbacks"
import { type CardDetails, type Payer, PaymentGateway } from "../ports/PaymentGateway"
import { applyGatewayPaymentState } from "./applyGatewayPayment"
import { markNotSubmitted } from "./markNotSubmitted"
import { UNANSWERED_CLAIM_MS } from "./recoverInterruptedPayments"

/** How long a duplicate request waits for the request that took the attempt to the gateway. */
const WAIT_FOR_OTHER_MS = 15_000
const POLL_MS = 100

/** An order and its first attempt as the request that placed them has just written them, the attempt claimed. */
export interface PlacedPayment {
  readonly order: Order
  readonly attempt: StoredAttempt
}

/** The payer as the gateway needs it: the name on the delivery address, the account's e-mail, the order's CPF. */
/** Who pays: the signed-in account holder, whatever name the parcel is addressed to (a gift's recipient). */
export interface AccountHolder {
  readonly email: string
  readonly name: string
}

/**
 * The payer the gateway (and a boleto) names: the account holder with the CPF given at checkout; the parcel's
 * recipient stays on the shipment. The delivery address stands in as the billing address, which the boleto needs.
 */
export function payerOf(order: Order, holder: AccountHolder): Payer {
  const [first = "", ...rest] = (holder.name.trim() || order.address.name).split(/\s+/)
  return {
    email: holder.email,
    firstName: first,
    lastName: rest.join(" ") || first,
    cpf: order.cpf,
    address: {
      zipCode: order.address.zipCode,
      street: order.address.street,
      number: order.address.number,
      neighborhood: order.address.neighborhood,
      city: order.address.city,
      state: order.address.state,
    },
  }
}

/**
 * Takes an attempt to the gateway, once: of concurrent requests for one attempt only the one that claims it
 * calls the gateway, the others wait for its answer (then the attempt's state is stored; callers read it with
 * the order). The idempotency key is the attempt id, so even a retry after a crash (which takes over the dead
 * request's claim) cannot charge twice.
 * Answers with the applied state when this request took the attempt to the gateway and got its answer.
 */
export const submitPayment = Effect.fn("Orders.submitPayment")(function* (
  attemptId: string,
  card: CardDetails | null,
  holder: AccountHolder,
  placed: PlacedPayment | null = null,
) {
  const store = yield* OrderStore
  const now = yield* (yield* Clock).now()
  // A claim left unanswered past the longest a live request holds one died with its process (or its answer was
  // lost): this request sends the attempt again under the same idempotency key, so the gateway answers with the
  // payment the first request made, if it made one, and never charges twice. A card retry brings its token (unused
  // if the first request never arrived).
  const attempt =
    placed?.attempt.id === attemptId
      ? placed.attempt
      : ((yield* store.claimAttempt(attemptId, now)) ?? (yield* takeOverLostClaim(attemptId, card, now)))
  if (!attempt) return yield* awaitOutcome(attemptId)
  const order = placed?.order.id === attempt.orderId ? placed.order : yield* store.get(attempt.orderId)
  if (!order) return yield* Effect.die(new Error(`attempt ${attemptId} without its order`))
  const gateway = yield* PaymentGateway
  const callbacks = yield* PaymentCallbacks
  // Never the characters' names, whatever the reveal (paymentItemOfLine says why): Mercado Pago keeps them.
  const items = paymentItemsOf(order)

  if (attempt.method === "checkout_pro") {
    const preference = yield* gateway
      .createPreference({
        attemptId,
        orderId: order.id,
        items,
        extraCharge: order.totals.total - order.totals.subtotal,
        statementDescriptor: STATEMENT_DESCRIPTOR,
        payerEmail: holder.email,
        backUrl: callbacks.returnUrl(order.id),
        notificationUrl: callbacks.notificationUrl,
        expiresAt: order.payBy,
      })
      .pipe(
        Effect.catch(() => Effect.fail(new PaymentFailed({ message: PAYMENT_MESSAGES.preferenceFailed }))),
      )
    yield* store.saveAttempt({ ...attempt, redirectUrl: preference.redirectUrl, updatedAt: now })
    return
  }

  const answer = yield* gateway
    .createPayment({
      attemptId,
      orderId: order.id,
      description: paymentDescriptionOf(items, order.number),
      amount: attempt.amount,
      items,
      statementDescriptor: STATEMENT_DESCRIPTOR,
      method: attempt.method,
      card,
      payer: payerOf(order, holder),
      expiresAt: gatewayExpiry(attempt.method, now),
      notificationUrl: callbacks.notificationUrl,
    })
    .pipe(Effect.result)
  if (answer._tag === "Success") return yield* applyGatewayPaymentState(answer.success)
  const failure = answer.failure
  if (failure._tag === "GatewayRefused") {
    // No payment exists: the attempt is over, and the order is free to be paid another way.
    yield* markNotSubmitted(attemptId, failure.cardData ? "invalid_card_data" : "refused_by_gateway")
    return yield* new PaymentFailed({
      message: failure.cardData ? PAYMENT_MESSAGES.invalidCard : PAYMENT_MESSAGES.processFailed,
    })
  }
  // Unknown outcome: the attempt stays claimed and reconciliation asks the gateway what became of it.
  yield* Effect.logWarning("payment gateway unavailable").pipe(
    Effect.annotateLogs({ attemptId, reason: failure.reason }),
  )
  return yield* new PaymentFailed({ message: PAYMENT_MESSAGES.gatewayUnavailable })
})

/** The attempt, claimed by this request, if its claim was lost and this request can send it (a card needs its token). */
const takeOverLostClaim = Effect.fnUntraced(function* (
  attemptId: string,
  card: CardDetails | null,
  now: number,
) {
  const store = yield* OrderStore
  const known = yield* store.getAttempt(attemptId)
  if (!known || (known.method === "card" && !card)) return null
  return yield* store.reclaimAttempt(attemptId, now - UNANSWERED_CLAIM_MS, now)
})

/**
 * The answer of the request that is taking this attempt to the gateway. A claim older than the wait is not
 * going to answer any more (it timed out or its process died): reconciliation settles it, so this returns.
 */
const awaitOutcome = Effect.fnUntraced(function* (attemptId: string) {
  const store = yield* OrderStore
  const clock = yield* Clock
  for (;;) {
    const attempt = yield* store.getAttempt(attemptId)
    if (attempt?.status !== "new" || attempt.redirectUrl) return
    if ((yield* clock.now()) - (attempt.submittedAt ?? 0) > WAIT_FOR_OTHER_MS) return
    yield* Effect.sleep(POLL_MS)
  }
})
