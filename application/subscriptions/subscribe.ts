import { Effect } from "effect"
import { validateCpf } from "../../domain/orders/cpf"
import { DELIVERY_ADDRESS_REQUIRED } from "../../domain/subscriptions/firstMonth"
import { findRecurringPlan, recurringPlanPrice } from "../../domain/subscriptions/plans"
import { cancel, SYSTEM_CANCEL_REASONS, startSubscription } from "../../domain/subscriptions/subscription"
import { limitRequests } from "../abuse"
import { PlanNotFound, SignInToSubscribe, SubscriptionFailed, SubscriptionRefused } from "../errors"
import { AddressBook } from "../ports/AddressBook"
import { Clock } from "../ports/Clock"
import { CurrentUser } from "../ports/CurrentUser"
import { EventOutbox } from "../ports/EventOutbox"
import { Ids } from "../ports/Ids"
import { PaymentCallbacks } from "../ports/PaymentCallbacks"
import { PlanMonths } from "../ports/PlanMonths"
import { StoreSite } from "../ports/StoreSite"
import { SubscriptionGateway } from "../ports/SubscriptionGateway"
import { type StoredSubscription, SubscriptionStore } from "../ports/SubscriptionStore"
import { UnitOfWork } from "../ports/UnitOfWork"
import { applyRecurringCharge } from "./applyRecurringCharge"
import { pricedCollection } from "./recurringPlans"

export interface SubscribeInput {
  readonly collectionId: string
  readonly planId: string
  /** One per attempt, made by the browser: a repeated request answers with the same subscription. */
  readonly idempotencyKey: string
  readonly cpf: string
  /** The delivery address the dialog showed (one of the collector's); null: none confirmed. */
  readonly addressId: string | null
  readonly card: {
    readonly token: string
    readonly paymentMethodId: string
    readonly issuerId: string | null
  }
}

const SUBSCRIBE_LIMIT = {
  bucket: "subscriptions",
  max: 10,
  windowMs: 10 * 60_000,
  message: "Muitas tentativas de assinatura. Aguarde alguns minutos e tente novamente.",
}

export const ALREADY_SUBSCRIBED = "Você já tem uma assinatura desta coleção. Gerencie-a em Minha Assinatura."

const answer = (s: StoredSubscription) => ({ subscriptionId: s.id, status: s.status })

/**
 * Subscribes the collector to a recurring plan of a collection. The subscription commits (pending) before the
 * gateway is called, so there is never an authorisation without a subscription; the same key always answers
 * with the same subscription and reaches the gateway once. The first charge, when the gateway has made it
 * already, is applied before answering.
 */
export const subscribe = Effect.fn("Subscriptions.subscribe")(function* (input: SubscribeInput) {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new SignInToSubscribe()
  const store = yield* SubscriptionStore
  const existing = yield* store.findByKey(viewer.id, input.idempotencyKey)
  if (existing) return answer(existing)

  yield* limitRequests(SUBSCRIBE_LIMIT)
  const plan = findRecurringPlan(input.planId)
  if (!plan) return yield* new PlanNotFound()
  const cpf = validateCpf(input.cpf)
  if (!cpf.ok) return yield* new SubscriptionRefused({ message: cpf.message, field: "cpf" })
  // The parcels need somewhere to go: the dialog confirms the address before the charge.
  if (!input.addressId || !(yield* (yield* AddressBook).get(viewer.id, input.addressId)))
    return yield* new SubscriptionRefused({ message: DELIVERY_ADDRESS_REQUIRED, field: "addressId" })
  const { collection, unitPrice } = yield* pricedCollection(input.collectionId)
  const live = (yield* store.listForUser(viewer.id)).find(
    (s) => s.collectionId === collection.id && s.status !== "cancelled",
  )
  // A twin request of this one got there first: same answer.
  if (live?.idempotencyKey === input.idempotencyKey) return answer(live)
  if (live) return yield* new SubscriptionRefused({ message: ALREADY_SUBSCRIBED })

  const now = yield* (yield* Clock).now()
  const started = startSubscription({
    id: yield* (yield* Ids).uuid(),
    userId: viewer.id,
    collectionId: collection.id,
    planId: plan.id,
    frequencyMonths: plan.frequencyMonths,
    amount: recurringPlanPrice(plan, unitPrice),
    paymentMethodId: input.card.paymentMethodId,
    now,
  })
  if (!started.ok) return yield* Effect.die(new Error(started.reason))
  const subscription: StoredSubscription = {
    ...started.subscription,
    idempotencyKey: input.idempotencyKey,
    cpf: cpf.cpf,
    updatedAt: now,
  }
  const inserted = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      // First, so a concurrent twin waits here on the key and then finds this subscription.
      if (!(yield* store.insertIfNew(subscription))) return false
      yield* (yield* EventOutbox).record(started.events)
      return true
    }),
  )
  if (inserted) {
    const months = yield* PlanMonths
    const settings = yield* months.settings(subscription.id)
    yield* months.saveSettings(subscription.id, viewer.id, { ...settings, addressId: input.addressId })
  }
  if (!inserted) {
    // A twin of this request, else another sign-up to the collection that got there first.
    const twin = yield* store.findByKey(viewer.id, input.idempotencyKey)
    if (!twin) return yield* new SubscriptionRefused({ message: ALREADY_SUBSCRIBED })
    return answer(twin)
  }

  const site = yield* StoreSite
  const preapproval = yield* (yield* SubscriptionGateway)
    .createPreapproval({
      subscriptionId: subscription.id,
      reason: `${site.name} — ${plan.name} — ${collection.name}`,
      amount: subscription.amount,
      frequencyMonths: plan.frequencyMonths,
      payerEmail: viewer.email,
      cardToken: input.card.token,
      backUrl: `${site.publicUrl}/assinatura`,
      notificationUrl: (yield* PaymentCallbacks).notificationUrl,
    })
    .pipe(
      // A timeout may hide a preapproval made: the gateway answers the same subscription id with the same one.
      Effect.retry({ times: 1, while: (error) => error._tag === "GatewayUnavailable" }),
      Effect.catchTags({
        GatewayRefused: (refused) =>
          Effect.flatMap(endUnauthorised(subscription.id), () =>
            Effect.fail(
              new SubscriptionFailed({ action: "create", detail: refused.reason, unavailable: false }),
            ),
          ),
        // Still unreachable: the sign-up ends here (the collector tries again with a new key); an authorisation
        // made after all is cancelled when its webhook arrives (subscriptionNotifiedHandler).
        GatewayUnavailable: () =>
          Effect.flatMap(endUnauthorised(subscription.id), () =>
            Effect.fail(new SubscriptionFailed({ action: "process", unavailable: true })),
          ),
      }),
    )
  yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const current = yield* store.lock(subscription.id)
      if (current && current.preapprovalId === null)
        yield* store.save({
          ...current,
          preapprovalId: preapproval.id,
          cardLastFour: preapproval.cardLastFour ?? current.cardLastFour,
          paymentMethodId: preapproval.paymentMethodId ?? current.paymentMethodId,
          updatedAt: yield* (yield* Clock).now(),
        })
    }),
  )
  // The first charge may be made already (the sandbox charges at once): the answer says whether it was approved.
  const charges = yield* (yield* SubscriptionGateway)
    .chargesFor(preapproval.id)
    .pipe(Effect.catch(() => Effect.succeed([])))
  for (const charge of [...charges].reverse()) yield* applyRecurringCharge(charge)
  const stored = yield* store.get(subscription.id)
  return answer(stored ?? subscription)
})

/** A subscription the gateway never authorised ends at once, so the collector can try again with a new key. */
const endUnauthorised = Effect.fnUntraced(function* (id: string) {
  const store = yield* SubscriptionStore
  yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const current = yield* store.lock(id)
      if (!current) return
      const now = yield* (yield* Clock).now()
      const ended = cancel(current, SYSTEM_CANCEL_REASONS.firstChargeRefused, now)
      if (!ended.ok) return
      yield* store.save({ ...current, ...ended.subscription, updatedAt: now })
      yield* (yield* EventOutbox).record(ended.events)
    }),
  )
})
