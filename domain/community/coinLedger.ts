import type { LedgerEntry } from "./ledger"

/**
 * Coins spent on an order and given back, as entries of the points ledger. An order may hold coins more than once
 * (paid again after a refusal gave them back), so each holding has its own reference (`order:<id>`, then
 * `order:<id>#2`, ...) and its return repeats that reference: the ledger's unique (user, kind, reference) makes
 * each holding spend once and come back once, whatever path (expiry, refusal, refund, cancellation) asks.
 * Neither moves the score: only coins change.
 */
export const orderCoinsReference = (orderId: string) => `order:${orderId}`

/** Whether an entry's reference is one of this order's holdings. */
export const isOrderCoinsReference = (reference: string, orderId: string) => {
  const base = orderCoinsReference(orderId)
  return reference === base || reference.startsWith(`${base}#`)
}

const coinWord = (n: number) => (n === 1 ? "moeda" : "moedas")

/** The order's redemption not given back yet, if any (the order's own entries, in any order). */
export function heldRedemption(history: readonly LedgerEntry[]): LedgerEntry | null {
  const returned = new Set(history.filter((e) => e.kind === "coin_return").map((e) => e.reference))
  return history.find((e) => e.kind === "coin_redemption" && !returned.has(e.reference)) ?? null
}

/**
 * The entry that spends `coins` on the order, or null when the order already holds coins (asking again takes
 * nothing more) or spends none.
 */
export function coinRedemptionEntry(
  history: readonly LedgerEntry[],
  order: { readonly userId: string; readonly orderId: string; readonly orderNumber: string },
  coins: number,
  at: number,
): LedgerEntry | null {
  if (coins <= 0 || heldRedemption(history)) return null
  const cycle = history.filter((e) => e.kind === "coin_redemption").length + 1
  const base = orderCoinsReference(order.orderId)
  return {
    userId: order.userId,
    kind: "coin_redemption",
    reference: cycle === 1 ? base : `${base}#${cycle}`,
    points: 0,
    coins: -coins,
    description: `Usou ${coins} ${coinWord(coins)} no pedido ${order.orderNumber}`,
    occurredAt: at,
  }
}

/** The entry giving back what the order holds; null when it holds nothing (never spent, or already given back). */
export function coinReturnEntry(history: readonly LedgerEntry[], at: number): LedgerEntry | null {
  const held = heldRedemption(history)
  if (!held) return null
  const coins = -held.coins
  return {
    userId: held.userId,
    kind: "coin_return",
    reference: held.reference,
    points: 0,
    coins,
    description: `${coins} ${coinWord(coins)} de volta (pedido expirado, recusado, cancelado ou reembolsado)`,
    occurredAt: at,
  }
}

/**
 * The collector's coins: the ledger's sum. It goes below zero when an order that ended took back coins already
 * spent; nothing can be spent until the next coins earned pay that off, and the collector is told so
 * (`coinDebtNote`), never left to find a balance quietly short.
 */
export const coinBalance = (entries: readonly Pick<LedgerEntry, "coins">[]): number =>
  entries.reduce((sum, e) => sum + e.coins, 0)

/** What the collector reads beside a balance below zero; null otherwise. */
export const coinDebtNote = (balance: number): string | null =>
  balance >= 0
    ? null
    : `Seu saldo de moedas está negativo (${balance}): um pedido cancelado ou reembolsado desfez moedas que você já tinha usado. As próximas moedas que você ganhar cobrem esse saldo.`
