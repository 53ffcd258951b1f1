import { Effect } from "effect"
import { toSaoPauloCivil } from "../../domain/calendar"
import { revealFactsOf } from "../../domain/catalog/characterDisclosure"
import { domainEvent } from "../../domain/events"
import { COUPON_MESSAGES } from "../../domain/orders/coupon"
import { validateCpf } from "../../domain/orders/cpf"
import { payByFor } from "../../domain/orders/deadlines"
import { EDITION_MESSAGES } from "../../domain/orders/editions"
import {
  type Order,
  type OrderLine,
  orderAsCustomerSees,
  type PaymentMethod,
} from "../../domain/orders/order"
import { orderNumber, trackingCodeFrom } from "../../domain/orders/orderNumber"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { isOfferedInstallment } from "../../domain/pricing/installments"
import { totalsForMethod } from "../../domain/pricing/pixCheckout"
import { limitRequests } from "../abuse"
import { CheckoutRefused, PaymentFailed } from "../errors"
import { CartStore } from "../ports/CartStore"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { CustomerDetails } from "../ports/CustomerDetails"
import { EditionStock } from "../ports/EditionStock"
import { EventOutbox } from "../ports/EventOutbox"
import { Ids } from "../ports/Ids"
import { OrderStore, type StoredAttempt } from "../ports/OrderStore"
import type { CardDetails } from "../ports/PaymentGateway"
import { StoreSettings } from "../ports/StoreSettings"
import { UnitOfWork } from "../ports/UnitOfWork"
import { requireViewer } from "../viewer"
import { cardInstallments } from "./cardInstallments"
import { enforceEditionLimits } from "./enforceEditionLimits"
import { type CheckoutChoice, priceCheckout } from "./priceCheckout"
import { reserveHeld } from "./releaseHeld"
import { type AccountHolder, type PlacedPayment, submitPayment } from "./submitPayment"
import { orderView, paymentView } from "./views"

export type PaymentChoice =
  | { readonly method: "card"; readonly card: CardDetails }
  | { readonly method: Exclude<PaymentMethod, "card"> }

export interface PlaceOrderInput extends CheckoutChoice {
  /** One per attempt, made by the browser: a repeated request returns the same order and charges once. */
  readonly idempotencyKey: string
  readonly cpf: string
  readonly payment: PaymentChoice
}

const ORDER_LIMIT = {
  bucket: "orders",
  max: 20,
  windowMs: 10 * 60_000,
  message: "Muitas tentativas de pedido. Aguarde alguns minutos e tente novamente.",
}

/** Refuses an installment count the card step does not offer for this amount (the card total, no PIX discount). */
export const checkInstallments = Effect.fnUntraced(function* (payment: PaymentChoice, amount: number) {
  if (payment.method !== "card") return
  const options = yield* cardInstallments(amount, null).pipe(
    Effect.catch(() => Effect.fail(new PaymentFailed({ message: PAYMENT_MESSAGES.gatewayUnavailable }))),
  )
  if (!isOfferedInstallment(options, payment.card.installments))
    return yield* new CheckoutRefused({ message: PAYMENT_MESSAGES.installments, field: "installments" })
})

export const newAttempt = (
  id: string,
  orderId: string,
  key: string,
  payment: PaymentChoice,
  amount: number,
  now: number,
): StoredAttempt => ({
  id,
  orderId,
  idempotencyKey: key,
  method: payment.method,
  amount,
  installments: payment.method === "card" ? payment.card.installments : 1,
  status: "new",
  statusDetail: null,
  gatewayPaymentId: null,
  paymentMethodId: payment.method === "card" ? payment.card.paymentMethodId : null,
  cardLastFour: null,
  pix: null,
  boleto: null,
  redirectUrl: null,
  submittedAt: null,
  createdAt: now,
  updatedAt: now,
})

/**
 * Places the customer's cart (or the prepaid plan chosen at `/checkout?collection=&period=`) as an order and
 * pays it. The order (with its edition units and coupon use) commits
 * before the gateway is called, so there is never a payment without an order; the same idempotency key always
 * answers with the same order and reaches the gateway once.
 */
export const placeOrder = Effect.fn("Orders.placeOrder")(function* (input: PlaceOrderInput) {
  const viewer = yield* requireViewer
  const store = yield* OrderStore
  const existing = yield* store.findByKey(viewer.id, input.idempotencyKey)
  if (existing) return yield* resume(existing.id, input, viewer)

  yield* limitRequests(ORDER_LIMIT)
  const cpf = validateCpf(input.cpf)
  if (!cpf.ok) return yield* new CheckoutRefused({ message: cpf.message, field: "cpf" })
  const priced = yield* priceCheckout(input, true)
  if (!priced.shipping)
    return yield* new CheckoutRefused({ message: "Escolha uma opção de frete", field: "shipping" })
  // A code refused now (the cart's is then off the cart) is told before any order exists, never left out quietly.
  if (priced.couponError) return yield* new CheckoutRefused({ message: priced.couponError, field: "coupon" })
  if (priced.coins.error) return yield* new CheckoutRefused({ message: priced.coins.error, field: "coins" })
  yield* checkInstallments(input.payment, priced.totals.total)
  // The store's PIX discount now, kept on every order so a later switch to PIX keeps these terms.
  const pixDiscountBasisPoints = (yield* (yield* StoreSettings).get()).conventions.priceTerms
    .pixDiscountBasisPoints

  const ids = yield* Ids
  const now = yield* (yield* Clock).now()
  const orderId = yield* ids.uuid()
  const attemptId = yield* ids.uuid()
  const productIds = priced.lines.map((l) => l.productId)
  const sizes = yield* (yield* EditionStock).sizes(productIds)
  // The order records the character itself, as staff produce and pack it, even when the cart showed its
  // mystery: the customer reads it through the reveal rule (orderAsCustomerSees) on every page and e-mail.
  const characters = yield* (yield* CatalogRepository).findCharacters(productIds)
  const lines: OrderLine[] = priced.lines.map((l) => {
    const character = characters.get(l.productId)?.character
    return {
      productId: l.productId,
      name: character?.name ?? l.name,
      collectionId: l.collectionId,
      collectionName: l.collectionName,
      imageUrl: character?.imageUrl ?? l.imageUrl,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      editionSize: sizes.get(l.productId) ?? null,
      serials: [],
      reveal: character ? revealFactsOf(character) : null,
    }
  })
  const draft: Omit<Order, "number"> = {
    id: orderId,
    trackingCode: trackingCodeFrom(yield* ids.randomBytes(8)),
    userId: viewer.id,
    // A prepaid plan: its price, months and collection frozen on the order (the plan's row may change later).
    kind: priced.plan ? "plan" : "purchase",
    plan: priced.plan
      ? {
          planId: priced.plan.planId,
          name: priced.plan.name,
          months: priced.plan.months,
          collectionId: priced.plan.collectionId,
          collectionName: priced.plan.collectionName,
          discountPercent: priced.plan.discountPercent,
        }
      : null,
    status: "awaiting_payment",
    lines,
    totals: totalsForMethod(priced, input.payment.method, pixDiscountBasisPoints),
    coinsUsed: priced.coins.coins,
    pixDiscountBasisPoints,
    couponId: priced.coupon?.id ?? null,
    couponCode: priced.coupon?.code ?? null,
    shipping: {
      optionId: priced.shipping.id,
      name: priced.shipping.name,
      provider: priced.shipping.provider,
      price: priced.shipping.price,
      days: priced.shipping.days,
    },
    address: priced.address,
    cpf: cpf.cpf,
    shipsOn: null,
    placedAt: now,
    paidAt: null,
    currentAttemptId: attemptId,
    paidAttemptId: null,
    payBy: payByFor(input.payment.method, now),
  }

  const placed = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const order: Order = {
        ...draft,
        number: orderNumber(toSaoPauloCivil(now).year, yield* store.nextSequence()),
      }
      // Claimed for the gateway by this request as it is written (a claim would be one more statement): a twin
      // request with this key finds it taken and waits for this one's answer.
      const attempt: StoredAttempt = {
        ...newAttempt(attemptId, order.id, input.idempotencyKey, input.payment, order.totals.total, now),
        submittedAt: now,
      }
      // First, so a concurrent twin waits here on the key and then finds this order.
      if (!(yield* store.insertIfNew(order, input.idempotencyKey, attempt))) return null
      yield* (yield* CustomerDetails).save(viewer.id, { cpf: cpf.cpf })
      yield* (yield* EventOutbox).record([
        domainEvent("OrderPlaced", order.id, {
          orderId: order.id,
          userId: viewer.id,
          number: order.number,
          total: order.totals.total,
        }),
      ])
      // Last, so the product's row (every buyer of an edition queues on it) is locked only until the commit.
      const held = yield* reserveHeld(order)

      if (!held.ok)
        return yield* new CheckoutRefused({
          message:
            "coupon" in held
              ? COUPON_MESSAGES.exhausted
              : held.left === 0
                ? EDITION_MESSAGES.soldOut(held.productName)
                : EDITION_MESSAGES.notEnough(held.productName, held.left),
          ...("coupon" in held ? { field: "coupon" } : {}),
        })
      yield* enforceEditionLimits(order)
      // The order took the cart's coupon: it is used, and leaves the cart with the order's commit.
      if (!priced.plan) yield* (yield* CartStore).setCoupon(viewer.id, null)
      return { order, attempt }
    }),
  )
  if (placed) return yield* pay(placed.order.id, attemptId, input, viewer, placed)
  const order = yield* store.findByKey(viewer.id, input.idempotencyKey)
  if (!order) return yield* Effect.die(new Error("order vanished after its key was taken"))
  return yield* resume(order.id, input, viewer)
})

/** Pays the order's attempt of this key (once, whoever asks), then answers with the order's payment state. */
const resume = Effect.fnUntraced(function* (orderId: string, input: PlaceOrderInput, holder: AccountHolder) {
  const attempt = yield* (yield* OrderStore).findAttemptByKey(orderId, input.idempotencyKey)
  if (attempt) return yield* pay(orderId, attempt.id, input, holder)
  return yield* paymentView(orderId)
})

/** `placed`: the order and claimed attempt this request has just written, which need not be read again. */
const pay = Effect.fnUntraced(function* (
  orderId: string,
  attemptId: string,
  input: PlaceOrderInput,
  holder: AccountHolder,
  placed: PlacedPayment | null = null,
) {
  const card = input.payment.method === "card" ? input.payment.card : null
  const applied = yield* submitPayment(attemptId, card, holder, placed)
  // The order is the customer's own (found by their key): what the payment left needs no second read.
  if (applied && "order" in applied && applied.order.id === orderId)
    return orderView(orderAsCustomerSees(applied.order, yield* (yield* Clock).now()), applied.attempt)
  return yield* paymentView(orderId)
})
