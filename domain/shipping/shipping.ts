import { type Cents, divideRoundHalfUp, multiply } from "../money"
import { CEP_MESSAGES, type UF } from "./postal"

export interface ShippingOption {
  readonly id: string
  readonly name: string
  readonly price: Cents
  readonly days: number
  readonly provider: string
}

export interface StateBase {
  readonly pac: Cents
  readonly sedex: Cents
  /** SEDEX business days; PAC takes PAC_EXTRA_DAYS more. */
  readonly days: number
}

/** Estimated prices for up to 1 kg per destination state, used when no carrier answers. */
export const STATE_BASES: Readonly<Record<UF, StateBase>> = {
  SP: { pac: 1990, sedex: 2850, days: 2 },
  RJ: { pac: 2250, sedex: 3200, days: 3 },
  MG: { pac: 2500, sedex: 3500, days: 4 },
  BA: { pac: 3500, sedex: 5000, days: 7 },
  PR: { pac: 3000, sedex: 4200, days: 5 },
  SC: { pac: 3200, sedex: 4500, days: 5 },
  RS: { pac: 3500, sedex: 4800, days: 6 },
  GO: { pac: 3800, sedex: 5200, days: 6 },
  DF: { pac: 3900, sedex: 5400, days: 6 },
  MS: { pac: 3600, sedex: 5000, days: 6 },
  MT: { pac: 4200, sedex: 5800, days: 7 },
  PE: { pac: 4000, sedex: 5500, days: 8 },
  CE: { pac: 4500, sedex: 6200, days: 9 },
  RN: { pac: 4400, sedex: 6100, days: 9 },
  PB: { pac: 4300, sedex: 6000, days: 9 },
  AL: { pac: 4200, sedex: 5900, days: 9 },
  SE: { pac: 4100, sedex: 5800, days: 9 },
  PI: { pac: 4000, sedex: 5600, days: 8 },
  MA: { pac: 4000, sedex: 5700, days: 8 },
  ES: { pac: 2600, sedex: 3650, days: 4 },
  PA: { pac: 4800, sedex: 6800, days: 10 },
  AM: { pac: 5200, sedex: 7500, days: 12 },
  RR: { pac: 5500, sedex: 8000, days: 13 },
  AC: { pac: 5000, sedex: 7200, days: 12 },
  RO: { pac: 4800, sedex: 7000, days: 12 },
  AP: { pac: 5300, sedex: 7700, days: 13 },
  TO: { pac: 4600, sedex: 6700, days: 11 },
}

export const PAC_EXTRA_DAYS = 3
export const ESTIMATE_PROVIDER = "Correios (estimativa)"
export const FREE_SHIPPING_LABEL = "Frete grátis!"

export const SHIPPING_MESSAGES = {
  toastTitle: "Frete calculado!",
  errorTitle: "Erro ao calcular frete",
  noOptions: "Nenhuma opção de frete disponível",
  noState: CEP_MESSAGES.noShippingForState,
  fallback: "Tente novamente em alguns instantes.",
} as const

// Weights are handled at gram resolution (as parcels are), which lets the factor stay an exact fraction.
function toGrams(kg: number): number {
  if (!Number.isFinite(kg)) throw new RangeError(`Invalid weight: ${kg}`)
  return Math.round(kg * 1000)
}

/**
 * Up to 1 kg the base price applies; every kg above adds 20%. Since 1 + 0.2·(kg − 1) = (g + 4000) / 5000
 * for g grams, prices are computed from that integer ratio and only the final division rounds.
 */
export function weightFactor(kg: number): number {
  const grams = toGrams(kg)
  return grams <= 1000 ? 1 : (grams + 4000) / 5000
}

function priceForWeight(base: Cents, grams: number): Cents {
  if (grams <= 1000) return base
  return divideRoundHalfUp(multiply(base, grams + 4000), 5000)
}

/** PAC comes first: the cheaper option is the one most shoppers pick. */
export function stateEstimate(uf: UF, chargeableKg: number): ShippingOption[] {
  const base = STATE_BASES[uf]
  const grams = toGrams(chargeableKg)
  return [
    {
      id: "pac",
      name: "PAC",
      price: priceForWeight(base.pac, grams),
      days: base.days + PAC_EXTRA_DAYS,
      provider: ESTIMATE_PROVIDER,
    },
    {
      id: "sedex",
      name: "SEDEX",
      price: priceForWeight(base.sedex, grams),
      days: base.days,
      provider: ESTIMATE_PROVIDER,
    },
  ]
}

export function applySubscriberFreeShipping(
  options: readonly ShippingOption[],
  isSubscriber: boolean,
): ShippingOption[] {
  return isSubscriber ? options.map((option) => ({ ...option, price: 0 })) : [...options]
}

function optionCountLabel(n: number): string {
  return n === 1 ? "1 opção disponível" : `${n} opções disponíveis`
}

export function shippingToast(options: readonly ShippingOption[]): {
  title: typeof SHIPPING_MESSAGES.toastTitle
  message: string
} {
  const title = SHIPPING_MESSAGES.toastTitle
  if (options.length === 0) return { title, message: SHIPPING_MESSAGES.noOptions }
  const cheapest = Math.min(...options.map((option) => option.price))
  return { title, message: cheapest === 0 ? FREE_SHIPPING_LABEL : optionCountLabel(options.length) }
}

export type QuoteAttempt =
  | { readonly source: string; readonly options: readonly ShippingOption[] }
  | { readonly source: string; readonly failed: true }

export interface Quote {
  source: string
  options: ShippingOption[]
}

/**
 * Sources are tried in order of preference (carrier APIs, then the state table); a failure or an empty
 * answer is not shown to the shopper, it just hands over to the next source.
 */
export function chooseQuote(attempts: readonly QuoteAttempt[]): Quote | null {
  for (const attempt of attempts) {
    if ("failed" in attempt) continue
    if (attempt.options.length > 0) return { source: attempt.source, options: [...attempt.options] }
  }
  return null
}

/** Carriers quote a range of days; a table row shows a single figure. */
export function roundedMeanDays(min: number, max: number): number {
  return Math.round((min + max) / 2)
}
