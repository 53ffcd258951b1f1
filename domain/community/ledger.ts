import { REWARDS } from "./points"

/** Where an entry of the points ledger comes from; with its reference, unique per collector. */
export type LedgerKind =
  | "purchase"
  | "subscription_month"
  | "mission"
  | "achievement"
  | "review"
  | "trade"
  | "reversal"
  | "coin_redemption"
  | "coin_return"

/** One entry of a collector's points ledger. */
export interface LedgerEntry {
  readonly userId: string
  readonly kind: LedgerKind
  /** With `kind`, what makes the entry unique: the same payment, month or mission counts once. */
  readonly reference: string
  readonly points: number
  readonly coins: number
  /** What the activity tab shows, in pt-BR. */
  readonly description: string
  readonly occurredAt: number
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** Points for the units of a paid order. */
export function purchaseEntry(userId: string, orderId: string, units: number, at: number): LedgerEntry {
  return {
    userId,
    kind: "purchase",
    reference: `order:${orderId}`,
    points: REWARDS.piece.points * units,
    coins: REWARDS.piece.coins * units,
    description: `Comprou ${plural(units, "personagem", "personagens")}`,
    occurredAt: at,
  }
}

/** Points for one month a plan paid for, and for the character it ships. */
export function planMonthEntry(userId: string, sourceId: string, month: string, at: number): LedgerEntry {
  return {
    userId,
    kind: "subscription_month",
    reference: `${sourceId}:${month}`,
    points: REWARDS.subscriptionMonth.points + REWARDS.piece.points,
    coins: REWARDS.subscriptionMonth.coins + REWARDS.piece.coins,
    description: `Recebeu o personagem de ${month.slice(5)}/${month.slice(0, 4)} da assinatura`,
    occurredAt: at,
  }
}

export function reviewEntry(userId: string, shipmentId: string, at: number): LedgerEntry {
  return {
    userId,
    kind: "review",
    reference: `shipment:${shipmentId}`,
    ...REWARDS.review,
    description: "Avaliou uma entrega",
    occurredAt: at,
  }
}

/** Why an entry was undone, as the activity tab says it. */
export const REVERSAL_REASONS = {
  order: "Pedido reembolsado ou cancelado",
  trade: "Troca desfeita: o pedido de uma das peças foi cancelado ou reembolsado",
  mission: "Missão desfeita: um pedido que a completava foi cancelado ou reembolsado",
} as const

/** Undoes what an entry earned, once (its reference is the entry's own): an order that ended, and what hung on it. */
export function reversalEntry(
  earned: LedgerEntry,
  at: number,
  reason: keyof typeof REVERSAL_REASONS = "order",
): LedgerEntry {
  return {
    userId: earned.userId,
    kind: "reversal",
    reference: `${earned.kind}:${earned.reference}`,
    points: -earned.points,
    coins: -earned.coins,
    description: REVERSAL_REASONS[reason],
    occurredAt: at,
  }
}
