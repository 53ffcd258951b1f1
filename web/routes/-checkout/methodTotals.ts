import type { CheckoutContext } from "../../machines/checkout"

type Source = Pick<CheckoutContext, "method" | "priced" | "retryOrder">

/** What paying by PIX would be (its percent and totals, from the server), or null when the store gives none. */
export const pixChoice = (context: Source) => (context.retryOrder ?? context.priced)?.pix ?? null

/**
 * The totals the server charges for the chosen method: with the PIX discount when PIX is chosen, else the
 * card's (an order paid again shows the totals of the method now chosen, not of the one it was placed with).
 */
export function chosenTotals(context: Source) {
  const totals = context.retryOrder?.cardTotals ?? context.priced?.totals
  if (!totals) return null
  const pix = context.method === "pix" ? pixChoice(context) : null
  return pix ? { totals: pix.totals, pixPercent: pix.percent } : { totals, pixPercent: null }
}
