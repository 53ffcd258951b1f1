import { Effect } from "effect"
import { priceOf } from "../../domain/catalog/showcase"
import {
  isPeriodKey,
  orderPlanLabel,
  PLAN_MESSAGES,
  prepaidPlanQuote,
} from "../../domain/subscriptions/prepaidPlans"
import { CheckoutRefused } from "../errors"
import { CatalogRepository } from "../ports/CatalogRepository"
import { PrepaidPlans } from "../ports/PrepaidPlans"

export interface PlanChoice {
  readonly collectionId: string
  readonly planId: string
}

/**
 * The plan a customer asks for at `/checkout?collection=&period=`, priced on the server for that collection:
 * an unknown collection, an unknown plan or one the administrator switched off is refused in pt-BR.
 */
export const planForCollection = Effect.fn("Plans.planForCollection")(function* (choice: PlanChoice) {
  const planId = choice.planId
  if (!isPeriodKey(planId))
    return yield* new CheckoutRefused({ message: PLAN_MESSAGES.notFound, field: "plan" })
  const plan = yield* (yield* PrepaidPlans).find(planId)
  if (!plan) return yield* new CheckoutRefused({ message: PLAN_MESSAGES.notFound, field: "plan" })
  if (!plan.isActive) return yield* new CheckoutRefused({ message: PLAN_MESSAGES.unavailable, field: "plan" })
  const catalog = yield* CatalogRepository
  const collection = yield* catalog.findCollection(choice.collectionId)
  if (!collection) return yield* new CheckoutRefused({ message: "Coleção não encontrada", field: "plan" })
  // The collection's per-character price, as its page and /planos show it (category prices included).
  const unitPrice = priceOf(collection, yield* catalog.categoryPrices())
  return { plan, collection, unitPrice, quote: prepaidPlanQuote(plan, unitPrice) }
})

export type PricedPlan = Effect.Success<ReturnType<typeof planForCollection>>

/** What the checkout page shows of the plan being bought (the order is priced again when placed). */
export const checkoutPlan = Effect.fn("Plans.checkoutPlan")(function* (choice: PlanChoice) {
  const { plan, collection, quote } = yield* planForCollection(choice)
  return {
    description: plan.description,
    features: plan.features,
    collectionId: collection.id,
    collectionName: collection.name,
    ...quote,
    label: orderPlanLabel({
      planId: plan.id,
      name: plan.name,
      months: quote.months,
      collectionId: collection.id,
      collectionName: collection.name,
      discountPercent: quote.discountPercent,
    }),
  }
})
