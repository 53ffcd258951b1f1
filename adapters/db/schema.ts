import type { CollectionsTable } from "./tables/collections"
import type { CollectionProductsTable } from "./tables/products"
import type {
  CategoryPricesTable,
  MediaAssetsTable,
  NewsletterSubscriptionsTable,
  StoreSettingsTable,
} from "./tables/settings"

/** The whole database as Kysely sees it: one entry per table, each typed in ./tables. */
export interface Database {
  legendarium_collections: CollectionsTable
  collection_products: CollectionProductsTable
  category_prices: CategoryPricesTable
  store_settings: StoreSettingsTable
  newsletter_subscriptions: NewsletterSubscriptionsTable
  media_assets: MediaAssetsTable
}
