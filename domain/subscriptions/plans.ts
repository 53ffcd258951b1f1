import { type Cents, divideRoundHalfUp, formatBRL, multiply } from "../money"

export type RecurringPlanId = "monthly-plan" | "bimonthly-plan"
export type FrequencyMonths = 1 | 2

/** A recurring plan as offered; its price depends on the collection (`pricedRecurringPlan`). */
export interface RecurringPlan {
  readonly id: RecurringPlanId
  readonly name: string
  readonly frequency: "monthly" | "bimonthly"
  /** Months paid by one charge (Mercado Pago's `frequency` with `frequency_type: "months"`). */
  readonly frequencyMonths: FrequencyMonths
  /** Characters a paid cycle brings; always one shipment a month. */
  readonly charactersPerCycle: 1 | 2
}

/** The bimonthly plan costs two months less this (R$ 299,90 × 2 − R$ 99,90 = R$ 499,90, the spec's price). */
export const BIMONTHLY_REDUCTION: Cents = 9990
/** Charges are made on this day of the month (spec 002 §9, São Paulo). */
export const BILLING_DAY = 1

export const RECURRING_PLANS: readonly RecurringPlan[] = [
  {
    id: "monthly-plan",
    name: "Plano Mensal",
    frequency: "monthly",
    frequencyMonths: 1,
    charactersPerCycle: 1,
  },
  {
    id: "bimonthly-plan",
    name: "Plano Bimestral",
    frequency: "bimonthly",
    frequencyMonths: 2,
    charactersPerCycle: 2,
  },
]

export function findRecurringPlan(id: string): RecurringPlan | null {
  return RECURRING_PLANS.find((plan) => plan.id === id) ?? null
}

export function isRecurringPlanId(id: string): id is RecurringPlanId {
  return findRecurringPlan(id) !== null
}

/** What one charge of the plan costs for a collection whose character costs `unitPrice`. */
export function recurringPlanPrice(plan: RecurringPlan, unitPrice: Cents): Cents {
  return plan.frequencyMonths === 1 ? unitPrice : Math.max(0, multiply(unitPrice, 2) - BIMONTHLY_REDUCTION)
}

export interface PricedRecurringPlan extends RecurringPlan {
  readonly price: Cents
  /** The price spread over the months it pays for. */
  readonly perMonth: Cents
  /** Against paying the monthly plan for as many months; 0 for the monthly plan itself. */
  readonly saving: Cents
  /** The saving in whole percent of what the monthly plan would cost. */
  readonly savingPercent: number
  readonly benefits: readonly string[]
}

/** The benefits are written from the prices, so the saving shown is always the real one (decision 14). */
function benefitsOf(plan: RecurringPlan, saving: Cents): string[] {
  if (plan.frequencyMonths === 1)
    return [
      "1 personagem por mês",
      "Envio mensal garantido",
      "Suporte prioritário",
      "Sem taxa de cancelamento",
    ]
  return [
    "2 personagens a cada 2 meses",
    "Um envio por mês",
    ...(saving > 0 ? [`Economia de ${formatBRL(saving)} a cada 2 meses`] : []),
    "Suporte prioritário",
    "Sem taxa de cancelamento",
  ]
}

export function pricedRecurringPlan(plan: RecurringPlan, unitPrice: Cents): PricedRecurringPlan {
  const price = recurringPlanPrice(plan, unitPrice)
  const asMonthly = multiply(unitPrice, plan.frequencyMonths)
  const saving = Math.max(0, asMonthly - price)
  return {
    ...plan,
    price,
    perMonth: divideRoundHalfUp(price, plan.frequencyMonths),
    saving,
    savingPercent: asMonthly > 0 ? Math.round((saving * 100) / asMonthly) : 0,
    benefits: benefitsOf(plan, saving),
  }
}

/** Both recurring plans priced for one collection, monthly first. */
export const pricedRecurringPlans = (unitPrice: Cents): PricedRecurringPlan[] =>
  RECURRING_PLANS.map((plan) => pricedRecurringPlan(plan, unitPrice))

/** The guarantees the subscription dialog shows under the plans. */
export const SUBSCRIPTION_GUARANTEES: readonly string[] = [
  "Cancele quando quiser, sem multa: a assinatura vale até o fim do período pago",
  "Pause e reative quando precisar",
  "Frete grátis em todos os envios da assinatura",
  "Pagamento seguro pelo Mercado Pago",
]
