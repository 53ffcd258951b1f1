import { Effect } from "effect"
import { type CivilDate, formatDateBR, monthYearLabelPtBR, toSaoPauloCivil } from "../../domain/calendar"
import type { Character } from "../../domain/catalog/catalog"
import { disclosedFace, isRevealed } from "../../domain/catalog/characterDisclosure"
import { FULFILMENT_STATUS_LABEL, liveShipment } from "../../domain/fulfilment/fulfilment"
import { PAYMENT_METHOD_LABEL, type PaymentMethod } from "../../domain/orders/order"
import { PAYMENT_STATUS_LABEL } from "../../domain/orders/payment"
import { cardOnlyRejectionReason } from "../../domain/orders/paymentMessages"
import { shipDate } from "../../domain/shipping/schedule"
import { type Month, monthKey, parseMonth } from "../../domain/subscriptions/coverage"
import { DUNNING_PAUSE_MESSAGE } from "../../domain/subscriptions/dunning"
import { findRecurringPlan, pricedRecurringPlan } from "../../domain/subscriptions/plans"
import {
  nextBillingDate,
  SUBSCRIPTION_STATUS_LABEL,
  type SubscriptionStatus,
} from "../../domain/subscriptions/subscription"
import { shipmentView } from "../fulfilment"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import { OrderStore } from "../ports/OrderStore"
import { type PlanMonth, PlanMonths } from "../ports/PlanMonths"
import { type StoredSubscription, SubscriptionStore } from "../ports/SubscriptionStore"
import { requireViewer } from "../viewer"
import { pricedCollection } from "./recurringPlans"

const civilText = (d: CivilDate | null) =>
  d ? `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}` : null

/** A prepaid plan is active until its last month is over, then ended. */
export type PlanStatus = SubscriptionStatus | "ended"

const PREPAID_STATUS_LABEL = { active: "Ativo", ended: "Concluído" } as const

/** Concluído / Próximo / Planejado, as the reveal timeline of /assinatura shows them. */
export const REVEAL_STATE_LABEL = {
  completed: "Concluído",
  upcoming: "Próximo",
  planned: "Planejado",
} as const

/** One month of a collection as the collector follows it: revealed characters are named, later ones are not. */
function timeline(characters: readonly Character[], covered: ReadonlySet<Month>, now: number) {
  const next = characters.filter((c) => c.revealAt > now).sort((a, b) => a.revealAt - b.revealAt)[0]
  return characters.map((c) => {
    const revealed = isRevealed(c, now)
    const state = revealed ? "completed" : c.id === next?.id ? "upcoming" : "planned"
    return {
      month: monthKey(c.edition),
      label: monthYearLabelPtBR(c.edition),
      revealAt: c.revealAt,
      state,
      stateLabel: REVEAL_STATE_LABEL[state],
      covered: covered.has(monthKey(c.edition)),
      character: revealed ? { id: c.id, name: c.name, imageUrl: c.imageUrl } : null,
    } as const
  })
}

/**
 * The shipments of a plan's months, with their tracking. A month's order is made from day 1, before its
 * character's reveal on the 15th: what it names goes through the reveal rule, like the timeline beside it.
 */
const shipmentsOf = Effect.fnUntraced(function* (
  months: readonly PlanMonth[],
  characters: readonly Character[],
  now: number,
) {
  const store = yield* FulfilmentStore
  const list = []
  for (const m of [...months].sort((a, b) => a.month.localeCompare(b.month))) {
    const found = m.orderId ? yield* store.get(m.orderId) : null
    const fulfilment = found?.fulfilment ?? null
    const live = fulfilment ? liveShipment(fulfilment) : null
    const line = found?.order.lines[0] ?? null
    const character = characters.find((c) => c.id === line?.productId)
    const face =
      line && character
        ? disclosedFace({ name: line.name, imageUrl: line.imageUrl, rarity: null }, character, now)
        : null
    list.push({
      month: m.month,
      monthLabel: monthYearLabelPtBR(parseMonth(m.month)),
      orderId: found?.order.id ?? null,
      orderNumber: found?.order.number ?? null,
      characterName: face?.name ?? line?.name ?? null,
      imageUrl: face?.imageUrl ?? line?.imageUrl ?? null,
      status: fulfilment?.status ?? null,
      statusLabel: fulfilment ? FULFILMENT_STATUS_LABEL[fulfilment.status] : "Aguardando o mês",
      shipsOn: civilText(found?.order.shipsOn ?? null),
      delivered: fulfilment?.status === "delivered",
      shipment: live ? shipmentView(live) : null,
    })
  }
  return list
})

/** The numbers the four stat cards and the progress bar show. */
function progress(months: number, shipments: readonly { delivered: boolean }[]) {
  const received = shipments.filter((s) => s.delivered).length
  return {
    itemsReceived: received,
    itemsRemaining: Math.max(0, months - received),
    progressPercent: months > 0 ? Math.round((received * 100) / months) : 0,
  }
}

/** When the next parcel should leave: the next undelivered shipment's day, else the schedule's for today. */
const deliveryEstimate = (
  shipments: readonly { delivered: boolean; shipsOn: string | null }[],
  now: number,
) => shipments.find((s) => !s.delivered && s.shipsOn)?.shipsOn ?? civilText(shipDate(toSaoPauloCivil(now)))

const subscriptionView = Effect.fnUntraced(function* (
  s: StoredSubscription,
  months: readonly PlanMonth[],
  now: number,
) {
  const catalog = yield* CatalogRepository
  const { collection, unitPrice } = yield* pricedCollection(s.collectionId).pipe(
    Effect.catchTag("CollectionNotFound", () => Effect.succeed({ collection: null, unitPrice: s.amount })),
  )
  const characters = yield* catalog.listCharacters(s.collectionId)
  const plan = findRecurringPlan(s.planId)
  const priced = plan ? pricedRecurringPlan(plan, unitPrice) : null
  const charges = yield* (yield* SubscriptionStore).chargesOf(s.id)
  const shipments = yield* shipmentsOf(months, characters, now)
  const timelineMonths = timeline(characters, new Set(months.map((m) => m.month)), now)
  const paidCycles = charges.filter((c) => c.status === "approved").length
  const billing = nextBillingDate(s)
  return {
    id: s.id,
    kind: "subscription" as const,
    status: s.status as PlanStatus,
    statusLabel: SUBSCRIPTION_STATUS_LABEL[s.status],
    plan: { id: s.planId, name: plan?.name ?? s.planId, frequencyMonths: s.frequencyMonths as number },
    collection: {
      id: s.collectionId,
      slug: collection?.slug ?? null,
      name: collection?.name ?? "Coleção",
      imageUrl: collection?.imageUrl ?? null,
    },
    value: s.amount,
    coveredMonths: months.map((m) => m.month).sort(),
    ...progress(months.length, shipments),
    savings: (priced?.saving ?? 0) * paidCycles,
    nextBillingDate: civilText(billing),
    nextReveal: timelineMonths.find((t) => t.state === "upcoming")?.revealAt ?? null,
    deliveryEstimate: deliveryEstimate(shipments, now),
    revealTimeline: timelineMonths,
    shipments,
    charges: charges.map((c) => ({
      id: c.id,
      status: c.status,
      statusLabel: PAYMENT_STATUS_LABEL[c.status],
      amount: c.amount,
      chargedAt: c.chargedAt,
      method: "card" as PaymentMethod,
      methodLabel: PAYMENT_METHOD_LABEL.card,
      months: c.months,
      // A subscription is paid by card only: its refusals send the collector to another card.
      reason: c.status === "rejected" ? cardOnlyRejectionReason(c.statusDetail) : null,
    })),
    card:
      s.cardLastFour || s.paymentMethodId
        ? { lastFour: s.cardLastFour, paymentMethodId: s.paymentMethodId }
        : null,
    pausedUntil: civilText(s.pausedUntil),
    cancelAt: s.cancelAt,
    cancelReason: s.cancelReason,
    message:
      s.status === "paused" && s.pausedBy === "dunning"
        ? DUNNING_PAUSE_MESSAGE
        : s.status === "past_due" && s.retryOn
          ? `Não conseguimos cobrar seu cartão. Vamos tentar de novo em ${formatDateBR(s.retryOn)}.`
          : null,
    settings: yield* (yield* PlanMonths).settings(s.id),
  }
})

const prepaidView = Effect.fnUntraced(function* (orderId: string, months: readonly PlanMonth[], now: number) {
  const first = months[0] as PlanMonth
  const catalog = yield* CatalogRepository
  const { collection, unitPrice } = yield* pricedCollection(first.collectionId).pipe(
    Effect.catchTag("CollectionNotFound", () => Effect.succeed({ collection: null, unitPrice: 0 })),
  )
  const orders = yield* OrderStore
  const order = yield* orders.get(orderId)
  const paidAttempt = order?.paidAttemptId ? yield* orders.getAttempt(order.paidAttemptId) : null
  const characters = yield* catalog.listCharacters(first.collectionId)
  const shipments = yield* shipmentsOf(months, characters, now)
  const sorted = months.map((m) => m.month).sort()
  const ended = (sorted.at(-1) ?? "") < monthKey(toSaoPauloCivil(now))
  const value = order?.totals.total ?? 0
  const timelineMonths = timeline(characters, new Set(sorted), now)
  return {
    id: orderId,
    kind: "prepaid" as const,
    status: (ended ? "ended" : "active") as PlanStatus,
    statusLabel: PREPAID_STATUS_LABEL[ended ? "ended" : "active"],
    plan: {
      id: order?.lines[0]?.productId ?? "prepaid",
      name: order?.lines[0]?.name ?? "Plano pré-pago",
      frequencyMonths: months.length,
    },
    collection: {
      id: first.collectionId,
      slug: collection?.slug ?? null,
      name: collection?.name ?? "Coleção",
      imageUrl: collection?.imageUrl ?? null,
    },
    value,
    coveredMonths: sorted,
    ...progress(months.length, shipments),
    savings: Math.max(0, unitPrice * months.length - value),
    nextBillingDate: null,
    nextReveal: timelineMonths.find((t) => t.state === "upcoming")?.revealAt ?? null,
    deliveryEstimate: deliveryEstimate(shipments, now),
    revealTimeline: timelineMonths,
    shipments,
    // The plan's one payment: the plan order's approved attempt (PIX, boleto or card).
    charges: paidAttempt
      ? [
          {
            id: paidAttempt.id,
            status: paidAttempt.status,
            statusLabel: PAYMENT_STATUS_LABEL[paidAttempt.status],
            amount: paidAttempt.amount,
            chargedAt: order?.paidAt ?? paidAttempt.updatedAt,
            method: paidAttempt.method,
            methodLabel: PAYMENT_METHOD_LABEL[paidAttempt.method],
            months: sorted,
            reason: null,
          },
        ]
      : [],
    card: null,
    pausedUntil: null,
    cancelAt: null,
    cancelReason: null,
    message: null,
    settings: yield* (yield* PlanMonths).settings(orderId),
  }
})

/** Everything /assinatura shows: each of the collector's subscriptions and prepaid plans, newest first. */
export const getMySubscriptions = Effect.fn("Subscriptions.mine")(function* () {
  const viewer = yield* requireViewer
  const now = yield* (yield* Clock).now()
  const subscriptions = yield* (yield* SubscriptionStore).listForUser(viewer.id)
  const months = yield* (yield* PlanMonths).ofUser(viewer.id)
  const bySource = new Map<string, PlanMonth[]>()
  for (const m of months) bySource.set(m.sourceId, [...(bySource.get(m.sourceId) ?? []), m])
  const views = []
  for (const s of subscriptions) views.push(yield* subscriptionView(s, bySource.get(s.id) ?? [], now))
  for (const [sourceId, rows] of bySource)
    if (rows[0]?.sourceKind === "prepaid") views.push(yield* prepaidView(sourceId, rows, now))
  return { subscriptions: views }
})

export type MySubscriptionsView = Effect.Success<ReturnType<typeof getMySubscriptions>>
export type PlanView = MySubscriptionsView["subscriptions"][number]
