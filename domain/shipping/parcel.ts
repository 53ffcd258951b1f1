export interface Parcel {
  readonly lengthCm: number
  readonly widthCm: number
  readonly heightCm: number
  readonly weightKg: number
}

/** Box of a single figure when the product has no measured parcel. */
export const DEFAULT_PARCEL: Parcel = { lengthCm: 20, widthCm: 15, heightCm: 10, weightKg: 1 }

/** Correios cubic factor: cm³ per kg of volumetric weight. */
export const VOLUMETRIC_DIVISOR = 6000

// Sums such as 0.1 + 0.2 kg must not leak 0.30000000000000004 into prices or labels.
function round3(n: number): number {
  return Math.round(n * 1000) / 1000
}

export function volumetricWeightKg(p: Parcel): number {
  // Grams first (cm³ ÷ 6), so whole-cm boxes round an exact half gram up rather than by float luck.
  const grams = Math.round((p.lengthCm * p.widthCm * p.heightCm * 1000) / VOLUMETRIC_DIVISOR)
  return grams / 1000
}

/** Carriers bill whichever is larger, so a light but bulky box pays for its volume. */
export function chargeableWeightKg(p: Parcel): number {
  return Math.max(round3(p.weightKg), volumetricWeightKg(p))
}

function boxCount(quantity: number): number {
  return Number.isFinite(quantity) ? Math.max(0, Math.trunc(quantity)) : 0
}

/**
 * Several figures travel as one stacked parcel: heights add up, the footprint is the largest box.
 * This overestimates mixed sizes a little, which is the safe side for a quote.
 */
export function combineParcels(items: readonly { parcel?: Parcel; quantity: number }[]): Parcel {
  let lengthCm = 0
  let widthCm = 0
  let heightCm = 0
  let weightKg = 0
  let boxes = 0
  for (const item of items) {
    const count = boxCount(item.quantity)
    if (count === 0) continue
    const parcel = item.parcel ?? DEFAULT_PARCEL
    boxes += count
    lengthCm = Math.max(lengthCm, parcel.lengthCm)
    widthCm = Math.max(widthCm, parcel.widthCm)
    heightCm += parcel.heightCm * count
    weightKg += parcel.weightKg * count
  }
  if (boxes === 0) return DEFAULT_PARCEL
  return { lengthCm, widthCm, heightCm: round3(heightCm), weightKg: round3(weightKg) }
}
