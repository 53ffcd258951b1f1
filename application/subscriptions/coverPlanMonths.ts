import { Effect } from "effect"
import { toSaoPauloCivil } from "../../domain/calendar"
import type { RecordedEvent } from "../../domain/events"
import { inLockOrder } from "../../domain/lockOrder"
import {
  coverageEndsAt,
  entitledFrom,
  firstCoveredMonth,
  type Month,
  monthOfInstant,
  monthsPaidFor,
  shiftMonth,
} from "../../domain/subscriptions/coverage"
import type { EventHandler } from "../events"
import { heldMonths } from "../plans"
import { Clock } from "../ports/Clock"
import { EditionStock } from "../ports/EditionStock"
import { OrderStore } from "../ports/OrderStore"
import { type PlanMonth, PlanMonths, type PlanSourceKind } from "../ports/PlanMonths"
import { UnitOfWork } from "../ports/UnitOfWork"
import { characterOfMonth, shipPlanMonth } from "./shipPlanMonth"

interface Paid {
  readonly sourceId: string
  readonly kind: PlanSourceKind
  readonly userId: string
  readonly collectionId: string
  readonly paidAt: number
  readonly months: readonly Month[]
}

const paidOf = (event: RecordedEvent) =>
  Effect.gen(function* () {
    switch (event.type) {
      case "SubscriptionActivated":
      case "SubscriptionRenewed":
        // The charge decided its months (leaving out those the collector already held).
        return { ...event.payload, sourceId: event.payload.subscriptionId, kind: "subscription" } as Paid
      case "PrepaidPlanPaid": {
        const { userId, orderId, collectionId, paidAt } = event.payload
        // A plan whose buyer deleted the account has no one left to ship to.
        if (userId === null) return null
        // Decided once: a redelivery finds the plan's months (its own shipments would now count as held).
        const recorded = (yield* (yield* PlanMonths).of(orderId)).map((m) => m.month)
        const cpf = (yield* (yield* OrderStore).get(orderId))?.cpf || null
        const held =
          recorded.length > 0
            ? new Set<Month>()
            : yield* heldMonths(collectionId, { userId, cpf }, firstCoveredMonth(toSaoPauloCivil(paidAt)))
        const months =
          recorded.length > 0 ? recorded : monthsPaidFor(paidAt, event.payload.months, null, held)
        return { ...event.payload, userId, sourceId: orderId, kind: "prepaid", months } as Paid
      }
      default:
        return null
    }
  })

/**
 * Records the months a payment covers, holds the numbered unit of each month paid ahead (so subscribers are
 * served before the month's public sale opens), entitles the collector for every covered month (from the
 * payment on), and ships the months that have begun.
 */
export const coverPlanMonths = Effect.fn("Subscriptions.coverPlanMonths")(function* (paid: Paid) {
  const months = yield* PlanMonths
  const now = yield* (yield* Clock).now()
  // The catalogue is read before the transaction (it is not part of it).
  const characters = new Map<Month, string | null>()
  for (const month of paid.months)
    characters.set(month, (yield* characterOfMonth(paid.collectionId, month))?.id ?? null)
  const rows: PlanMonth[] = paid.months.map((month) => ({
    sourceId: paid.sourceId,
    sourceKind: paid.kind,
    userId: paid.userId,
    collectionId: paid.collectionId,
    month,
    paidAt: paid.paidAt,
    heldProductId: null,
    orderId: null,
  }))
  const current = monthOfInstant(now)
  const all = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const stock = yield* EditionStock
      const ahead = (yield* months.add(rows)).flatMap((row) => {
        const productId = characters.get(row.month) ?? null
        return row.month > current && productId ? [{ row, productId }] : []
      })
      for (const { row, productId } of inLockOrder(ahead, (a) => a.productId)) {
        const sized = (yield* stock.sizes([productId])).get(productId) ?? null
        if (sized !== null && (yield* stock.reserve(productId, 1)).ok)
          yield* months.setHeld(row.sourceId, row.month, productId)
      }
      const covered = yield* months.of(paid.sourceId)
      const paidMonths = new Set(covered.map((m) => m.month))
      yield* months.saveEntitlements(
        covered.map((m) => ({
          sourceId: m.sourceId,
          month: m.month,
          kind: m.sourceKind,
          userId: m.userId,
          collectionId: m.collectionId,
          startsAt: entitledFrom(m.month, m.paidAt, paidMonths.has(shiftMonth(m.month, -1))),
          endsAt: coverageEndsAt(m.month),
        })),
      )
      return covered
    }),
  )
  for (const row of all) if (row.month <= current && !row.orderId) yield* shipPlanMonth(row)
})

/** The handler of every payment that covers months: subscriptions' charges and prepaid plans. */
export const coverPlanMonthsHandler: EventHandler<
  Effect.Services<ReturnType<typeof coverPlanMonths>> | Effect.Services<ReturnType<typeof paidOf>>
> = {
  name: "subscriptions.coverMonths",
  on: ["SubscriptionActivated", "SubscriptionRenewed", "PrepaidPlanPaid"],
  // Each step is idempotent by itself (months by their key, units held once per added month, shipments by their
  // locked month), and the catalogue is read outside any transaction.
  mode: "external",
  handle: (event) =>
    Effect.gen(function* () {
      const paid = yield* paidOf(event)
      if (paid) yield* coverPlanMonths(paid)
    }),
}
