import { Effect } from "effect"
import { offeredPlans, prepaidPlanQuote, REFERENCE_PRICE } from "../../domain/subscriptions/prepaidPlans"
import { PrepaidPlans } from "../ports/PrepaidPlans"

/**
 * The plans on sale, priced for the reference collection (R$ 299,90 a character): what /como-funciona, /faq
 * and /terms say of them, from the same rows /planos and the checkout read.
 */
export const listOfferedPlans = Effect.fn("Plans.listOfferedPlans")(function* () {
  const plans = offeredPlans(yield* (yield* PrepaidPlans).list())
  return {
    referencePrice: REFERENCE_PRICE,
    plans: plans.map((plan) => ({
      id: plan.id,
      description: plan.description,
      features: plan.features,
      ...prepaidPlanQuote(plan, REFERENCE_PRICE),
    })),
  }
})
