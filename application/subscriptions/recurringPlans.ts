import { Effect } from "effect"
import { priceOf } from "../../domain/catalog/showcase"
import { pricedRecurringPlans, SUBSCRIPTION_GUARANTEES } from "../../domain/subscriptions/plans"
import { CollectionNotFound } from "../errors"
import { CatalogRepository } from "../ports/CatalogRepository"

/** A collection with the price of one of its characters, as the plans are priced from it. */
export const pricedCollection = Effect.fnUntraced(function* (collectionId: string) {
  const catalog = yield* CatalogRepository
  const collection = yield* catalog.findCollection(collectionId)
  if (!collection) return yield* new CollectionNotFound({ idOrSlug: collectionId })
  return { collection, unitPrice: priceOf(collection, yield* catalog.categoryPrices()) }
})

/** The two recurring plans priced for a collection, with their saving, benefits and the guarantees. */
export const getRecurringPlans = Effect.fn("Subscriptions.getRecurringPlans")(function* (
  collectionId: string,
) {
  const { collection, unitPrice } = yield* pricedCollection(collectionId)
  return {
    collection: {
      id: collection.id,
      slug: collection.slug,
      name: collection.name,
      imageUrl: collection.imageUrl,
    },
    unitPrice,
    plans: pricedRecurringPlans(unitPrice),
    guarantees: SUBSCRIPTION_GUARANTEES,
  }
})
