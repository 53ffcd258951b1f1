import { Effect } from "effect"
import { toSaoPauloCivil } from "../../domain/calendar"
import { priceOf } from "../../domain/catalog/showcase"
import { collectorGuide } from "../../domain/collectorGuide"
import { pricedRecurringPlans } from "../../domain/subscriptions/plans"
import { offeredPlans, prepaidPlanQuote, REFERENCE_PRICE } from "../../domain/subscriptions/prepaidPlans"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { PrepaidPlans } from "../ports/PrepaidPlans"
import { StoreSettings } from "../ports/StoreSettings"
import { StoreSite } from "../ports/StoreSite"

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim()

/**
 * The collector's guide as of today: the store's rules, its plans priced like /planos prices them, the
 * support contacts from the settings, and the collections on sale (those /planos lists).
 */
export const getCollectorGuide = Effect.fn("Support.getCollectorGuide")(function* () {
  const catalog = yield* CatalogRepository
  const settings = yield* (yield* StoreSettings).get()
  const site = yield* StoreSite
  const now = yield* (yield* Clock).now()
  const hidden = settings.plansHiddenNames.map(fold).filter((n) => n.length > 0)
  const [collections, categoryPrices, plans] = yield* Effect.all(
    [catalog.listActiveCollections(), catalog.categoryPrices(), (yield* PrepaidPlans).list()],
    { concurrency: "unbounded" },
  )
  return collectorGuide({
    storeName: site.name,
    publicUrl: site.publicUrl,
    today: toSaoPauloCivil(now),
    support: {
      email: settings.supportEmail,
      hours: settings.supportHours,
      whatsapp: settings.whatsappNumber,
    },
    collections: collections
      .filter((c) => !hidden.some((name) => fold(c.name).includes(name)))
      .map((c) => ({ name: c.name, description: c.description, price: priceOf(c, categoryPrices) })),
    recurringPlans: pricedRecurringPlans(REFERENCE_PRICE),
    prepaidPlans: offeredPlans(plans).map((plan) => prepaidPlanQuote(plan, REFERENCE_PRICE)),
    referencePrice: REFERENCE_PRICE,
  })
})
