import { Effect } from "effect"
import { displayPrice } from "../../domain/pricing/cardInstallments"
import { offeredPlans, prepaidPlanQuote } from "../../domain/subscriptions/prepaidPlans"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { PrepaidPlans } from "../ports/PrepaidPlans"
import { StoreSettings } from "../ports/StoreSettings"
import { storefrontPricing } from "./storefrontPricing"
import { summarizeCollection } from "./views"

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim()

/**
 * Step one lists the collections a plan can be bought for; step two compares single purchase with the
 * three prepaid periods for the collection chosen by `colecao` (its id, slug, theme or name).
 */
export const getPlansComparison = Effect.fn("Catalog.getPlansComparison")(function* (colecao: string | null) {
  const catalog = yield* CatalogRepository
  const settings = yield* (yield* StoreSettings).get()
  const now = yield* (yield* Clock).now()
  const hidden = settings.plansHiddenNames.map(fold).filter((n) => n.length > 0)
  const collections = (yield* catalog.listActiveCollections()).filter(
    (c) => !hidden.some((name) => fold(c.name).includes(name)),
  )
  const [characters, categoryPrices, plans, pricing] = yield* Effect.all(
    [
      catalog.listCharactersOfCollections(collections.map((c) => c.id)),
      catalog.categoryPrices(),
      (yield* PrepaidPlans).list(),
      storefrontPricing,
    ],
    { concurrency: "unbounded" },
  )
  const summaries = collections.map((c) =>
    summarizeCollection(c, characters.get(c.id) ?? [], now, categoryPrices, pricing),
  )

  const wanted = colecao ? fold(colecao) : null
  const selected = wanted
    ? (summaries.find((c) => c.id === colecao || c.slug === wanted) ??
      summaries.find((c) => fold(c.theme) === wanted) ??
      summaries.find((c) => fold(c.name) === wanted) ??
      null)
    : null

  return {
    collections: summaries,
    selected: selected
      ? {
          collection: selected,
          single: { price: selected.price, prices: selected.prices },
          // Only the plans the administrator keeps active are offered (decision 5).
          plans: offeredPlans(plans).map((plan) => {
            const quote = prepaidPlanQuote(plan, selected.price)
            return {
              ...quote,
              // A plan is paid at once, like any order: its total by card in instalments, or by PIX.
              prices: displayPrice(quote.total, pricing),
              period: plan.id,
              label: plan.name,
              description: plan.description,
              features: plan.features,
            }
          }),
        }
      : null,
  }
})
