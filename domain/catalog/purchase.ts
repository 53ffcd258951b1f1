/**
 * Who may buy an edition, by its place in the timeline. Its own module, with no calendar: the browser's
 * catalogue pages (every character card, a subscriber's view of it) need only this, not the reveal rules.
 */

export type TimelineStatus = "released" | "current" | "upcoming"

export const SINGLE_PURCHASE_LABEL = "Compra Avulsa"
/** What a subscriber reads on a released character: open to buy for them, with free shipping (not free itself). */
export const OPEN_TO_SUBSCRIBERS_LABEL = "Liberado para assinantes · frete grátis"
export const SUBSCRIBERS_ONLY_REASON = "Apenas para Assinantes"
export const COMING_SOON_REASON = "Em Breve"
export const SOLD_OUT_REASON = "Esgotado"
/** What a collector who already holds an edition up to their limit reads where the buy button was. */
export const HELD_REASON = "Você já tem esta peça"

export interface PurchaseRule {
  canBuy: boolean
  mode: "single" | "subscription" | "none"
  reason?: string
}

/** Past editions are a subscriber perk; the current one is open to everyone; future ones to nobody. */
export function purchaseRule(status: TimelineStatus, isSubscriber: boolean): PurchaseRule {
  switch (status) {
    case "current":
      return { canBuy: true, mode: "single" }
    case "released":
      return isSubscriber
        ? { canBuy: true, mode: "subscription" }
        : { canBuy: false, mode: "none", reason: SUBSCRIBERS_ONLY_REASON }
    case "upcoming":
      return { canBuy: false, mode: "none", reason: COMING_SOON_REASON }
  }
}

/** The rule for a collector holding the edition up to their limit: nothing to buy, and why. */
export const HELD_RULE: PurchaseRule = { canBuy: false, mode: "none", reason: HELD_REASON }

export const isHeldRule = (rule: PurchaseRule) => rule.reason === HELD_REASON

/**
 * What a buy button shows for an edition: its timeline rule, unless no unit is left, which wins over every
 * rule but "coming soon" (an edition not yet on sale is never sold out).
 */
export function shownPurchase(card: {
  readonly purchase: PurchaseRule
  readonly soldOut: boolean
}): PurchaseRule {
  return card.soldOut ? { canBuy: false, mode: "none", reason: SOLD_OUT_REASON } : card.purchase
}
