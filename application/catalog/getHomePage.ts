import { Effect } from "effect"
import { civilDaysBetween, formatDateBR, monthYearLabelPtBR, toSaoPauloCivil } from "../../domain/calendar"
import { characterCard } from "../../domain/catalog/showcase"
import { editionDates, LEAD_TIME_TEXT, monthlyRevealDate, shipDate } from "../../domain/shipping/schedule"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { storefrontPricing } from "./storefrontPricing"
import { summarizeCollection } from "./views"

const HIGHLIGHTS = 4

/** The home page: this month's edition (from the calendar), four highlighted characters, the featured collection. */
export const getHomePage = Effect.fn("Catalog.getHomePage")(function* () {
  const catalog = yield* CatalogRepository
  const now = yield* (yield* Clock).now()
  const today = toSaoPauloCivil(now)
  const edition = { year: today.year, month: today.month }
  const [collections, editionCharacters, categoryPrices, pricing] = yield* Effect.all(
    [
      catalog.listActiveCollections(),
      catalog.listEditionCharacters(edition),
      catalog.categoryPrices(),
      storefrontPricing,
    ],
    { concurrency: "unbounded" },
  )
  const ctx = { now, isSubscriber: false, categoryPrices, pricing }
  // Featured collections come first, as in the collections list.
  const order = new Map(collections.map((c, i) => [c.id, i]))
  const highlights = [...editionCharacters]
    .sort((a, b) => (order.get(a.collection.id) ?? 0) - (order.get(b.collection.id) ?? 0))
    .slice(0, HIGHLIGHTS)
    .map(({ character, collection }) => characterCard(character, collection, ctx))

  const featuredCollection = collections.find((c) => c.isFeatured) ?? collections[0] ?? null
  const featured = featuredCollection
    ? summarizeCollection(
        featuredCollection,
        yield* catalog.listCharacters(featuredCollection.id),
        now,
        categoryPrices,
        pricing,
      )
    : null

  const reveal = monthlyRevealDate(edition)
  const ships = shipDate(today)
  return {
    edition: {
      ...edition,
      label: monthYearLabelPtBR(edition),
      revealDate: formatDateBR(reveal),
      daysUntilReveal: Math.max(0, civilDaysBetween(today, reveal)),
      // The reveal is at noon: on the 15th's morning no day is left, yet nothing is revealed.
      revealed: now >= editionDates(edition).revealAt,
    },
    highlights,
    featured,
    shipping: { shipDate: formatDateBR(ships), leadTime: LEAD_TIME_TEXT },
  }
})
