/**
 * How the order benchmark's attempts ended. Only paid orders are a measurement: a refusal is quick and would
 * flatter the rate, so a run refused for another reason than the edition selling out measured nothing.
 */
export type OrderOutcome =
  | { readonly kind: "paid" }
  | { readonly kind: "soldOut" }
  | { readonly kind: "refused"; readonly reason: string }

export interface OutcomeCounts {
  readonly paid: number
  readonly soldOut: number
  /** Refusals for any other reason, by reason, most frequent first. */
  readonly refused: ReadonlyArray<readonly [reason: string, count: number]>
}

/** More refusals than this share of the attempts (sell-outs aside) fail the run. */
export const MAX_REFUSED_SHARE = 0.01

export function countOutcomes(outcomes: Iterable<OrderOutcome>): OutcomeCounts {
  let paid = 0
  let soldOut = 0
  const refused = new Map<string, number>()
  for (const outcome of outcomes) {
    if (outcome.kind === "paid") paid++
    else if (outcome.kind === "soldOut") soldOut++
    else refused.set(outcome.reason, (refused.get(outcome.reason) ?? 0) + 1)
  }
  return { paid, soldOut, refused: [...refused].sort((a, b) => b[1] - a[1]) }
}

export const refusedCount = (counts: OutcomeCounts) => counts.refused.reduce((sum, [, n]) => sum + n, 0)

/** Why the run is no measurement, or null when it is one. */
export function notAMeasurement(counts: OutcomeCounts): string | null {
  const refused = refusedCount(counts)
  const attempts = counts.paid + refused
  if (counts.paid > 0 && refused <= attempts * MAX_REFUSED_SHARE) return null
  const share = attempts === 0 ? 0 : (100 * refused) / attempts
  return [
    counts.paid === 0
      ? "No order was paid: the benchmark measured nothing."
      : `${refused} of ${attempts} orders (${share.toFixed(1)} %) were refused for another reason than the edition selling out (at most ${100 * MAX_REFUSED_SHARE} % may be): the benchmark measured refusals, not orders.`,
    ...counts.refused.map(([reason, n]) => `  ${n} × ${reason}`),
  ].join("\n")
}
