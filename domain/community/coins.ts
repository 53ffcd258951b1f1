import type { Cents } from "../money"

/**
 * Coins spent at checkout: each coin is worth `centsPerCoin`, and coins may pay at most
 * `maxPercentOfOrder` of the items (never shipping), so a reward stays a reward and not free figures.
 */
export interface CoinTerms {
  readonly centsPerCoin: number
  readonly maxPercentOfOrder: number
}

export const DEFAULT_COIN_TERMS: CoinTerms = { centsPerCoin: 10, maxPercentOfOrder: 20 }

export interface CoinRedemption {
  readonly coins: number
  readonly discount: Cents
}

/**
 * The most the collector can use on items worth `itemsCents`: bounded by the balance, by the cap, and to whole
 * coins, so the discount is always `coins × centsPerCoin` exactly.
 */
export function maxRedemption(balance: number, itemsCents: Cents, terms: CoinTerms): CoinRedemption {
  if (balance <= 0 || itemsCents <= 0 || terms.centsPerCoin <= 0) return { coins: 0, discount: 0 }
  const capCents = Math.floor((itemsCents * terms.maxPercentOfOrder) / 100)
  const coins = Math.min(Math.floor(balance), Math.floor(capCents / terms.centsPerCoin))
  return { coins, discount: coins * terms.centsPerCoin }
}

export type RedemptionCheck =
  | { readonly ok: true; readonly redemption: CoinRedemption }
  | { readonly ok: false; readonly message: string }

/** The buyer asks for `requested` coins; the server answers what may be used or why not. */
export function checkRedemption(
  requested: number,
  balance: number,
  itemsCents: Cents,
  terms: CoinTerms,
): RedemptionCheck {
  if (!Number.isSafeInteger(requested) || requested < 0)
    return { ok: false, message: "Quantidade de moedas inválida." }
  if (requested === 0) return { ok: true, redemption: { coins: 0, discount: 0 } }
  if (requested > balance) return { ok: false, message: "Você não tem moedas suficientes." }
  const most = maxRedemption(balance, itemsCents, terms)
  if (requested > most.coins)
    return { ok: false, message: `Neste pedido você pode usar até ${most.coins} moedas.` }
  return { ok: true, redemption: { coins: requested, discount: requested * terms.centsPerCoin } }
}
