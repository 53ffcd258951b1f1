import { Effect } from "effect"
import {
  DELETION_OUTCOME_TEXT,
  type DeletionOutcome,
  deletionOutcome,
  type OpenItem,
} from "../../domain/accounts/accountDeletion"
import { findRecurringPlan } from "../../domain/subscriptions/plans"
import { OrderStore } from "../ports/OrderStore"
import { PlanMonths } from "../ports/PlanMonths"
import { SubscriptionStore } from "../ports/SubscriptionStore"
import { TradeStore, type TradeView } from "../ports/TradeStore"

/** Far more than any collector's history: every order is looked at, none cut off the list. */
const ALL_ORDERS = 10_000

/** One thing the account still has open, what its deletion does with it, and the words for it. */
export interface OpenItemView {
  readonly kind: OpenItem["kind"]
  readonly id: string
  /** 'Pedido LG-2026-000123', 'Plano Trimestral — Coleção X, 3 meses', 'Assinatura Mensal', 'Troca com Bia C.: Seiya por Shiryu'. */
  readonly label: string
  readonly outcome: DeletionOutcome
  readonly text: string
}

const view = (kind: OpenItem["kind"], id: string, label: string, item: OpenItem): OpenItemView => {
  const outcome = deletionOutcome(item)
  return { kind, id, label, outcome, text: DELETION_OUTCOME_TEXT[outcome] }
}

/** A trade as its side sees it: with whom, the piece they give and the piece they get. */
const tradeLabel = ({ trade, fromName, toName, fromPiece, toPiece }: TradeView, userId: string) =>
  trade.fromUserId === userId
    ? `Troca com ${toName}: ${fromPiece.name} por ${toPiece.name}`
    : `Troca com ${fromName}: ${toPiece.name} por ${fromPiece.name}`

/** The account's orders, subscriptions and trades its deletion still acts on (closed ones are only records). */
export const openItemsOf = Effect.fnUntraced(function* (userId: string) {
  const orders = yield* (yield* OrderStore).listForUser(userId, ALL_ORDERS)
  const months = yield* (yield* PlanMonths).ofUser(userId)
  const subscriptions = yield* (yield* SubscriptionStore).listForUser(userId)
  const trades = yield* (yield* TradeStore).openOf(userId)
  const monthOf = new Map(months.flatMap((m) => (m.orderId ? [[m.orderId, m.sourceKind] as const] : [])))
  const items = [
    ...[...orders]
      .sort((a, b) => a.placedAt - b.placedAt)
      .map((o) =>
        view("order", o.id, o.planLabel ?? `Pedido ${o.number}`, {
          kind: "order",
          orderKind: o.planLabel ? "plan" : monthOf.has(o.id) ? "subscription" : "purchase",
          status: o.status,
          fulfilment: o.fulfilmentStatus,
          monthOf: monthOf.get(o.id) ?? null,
        }),
      ),
    ...subscriptions.map((s) =>
      view("subscription", s.id, `Assinatura — ${findRecurringPlan(s.planId)?.name ?? "Plano"}`, {
        kind: "subscription",
        status: s.status,
      }),
    ),
    ...trades.map((t) =>
      view("trade", t.trade.id, tradeLabel(t, userId), { kind: "trade", status: t.trade.status }),
    ),
  ]
  return items.filter((i) => i.outcome !== "record_only")
})
