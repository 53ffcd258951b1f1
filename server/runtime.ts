import { Layer, ManagedRuntime } from "effect"
import { PostgresAccountDataLayer, PostgresAdminStatsLayer } from "../adapters/account/PostgresAccountData"
import { PostgresCartLayer, PostgresEntitlementsLayer } from "../adapters/cart/PostgresCart"
import { CachedCatalogLayer } from "../adapters/catalog/CachedCatalog"
import { PostgresCatalogLayer } from "../adapters/catalog/PostgresCatalog"
import { SystemClockLayer } from "../adapters/clock/SystemClock"
import type { DatabaseTarget } from "../adapters/db/connect"
import { Db } from "../adapters/db/DatabaseService"
import { DevOutboxMailerLayer } from "../adapters/mail/DevOutbox"
import { SmtpMailerLayer } from "../adapters/mail/SmtpMailer"
import { PostalCodeLookupLayer } from "../adapters/postal/ViaCep"
import { PostgresNewsletterLayer } from "../adapters/settings/PostgresNewsletter"
import { PostgresStoreSettingsLayer } from "../adapters/settings/PostgresStoreSettings"
import { ShippingQuoteSourcesLayer } from "../adapters/shipping/ShippingTable"
import type { Config } from "./config"

export function databaseTarget(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: config.DATA_DIR === ":memory:" ? null : config.DATA_DIR }
}

export function appLayer(
  config: Config,
  dbLayer = Db.layer(databaseTarget(config), { poolSize: config.DB_POOL_SIZE }),
) {
  const ttlMs = config.CATALOG_CACHE_SECONDS * 1000
  const catalog =
    ttlMs > 0 ? CachedCatalogLayer(ttlMs).pipe(Layer.provide(PostgresCatalogLayer)) : PostgresCatalogLayer
  const mailer = config.SMTP_URL ? SmtpMailerLayer(config.SMTP_URL, config.MAIL_FROM) : DevOutboxMailerLayer
  const adapters = Layer.mergeAll(
    catalog,
    mailer,
    PostgresAccountDataLayer,
    PostgresAdminStatsLayer,
    PostgresCartLayer,
    PostgresEntitlementsLayer,
    ShippingQuoteSourcesLayer(
      config.MELHOR_ENVIO_TOKEN
        ? {
            baseUrl: config.MELHOR_ENVIO_URL,
            token: config.MELHOR_ENVIO_TOKEN,
            userAgent: `Legendarium (${config.SUPPORT_EMAIL})`,
          }
        : null,
    ),
    PostgresNewsletterLayer,
    PostgresStoreSettingsLayer({
      supportEmail: config.SUPPORT_EMAIL,
      supportHours: config.SUPPORT_HOURS,
      whatsappNumber: config.WHATSAPP_NUMBER,
      shippingOriginCep: config.SHIPPING_ORIGIN_CEP,
      plansHiddenNames: config.PLANS_HIDDEN_NAMES,
    }),
  ).pipe(Layer.provideMerge(dbLayer))
  const postal = PostalCodeLookupLayer(config.VIACEP_ENABLED ? { baseUrl: config.VIACEP_URL } : null)
  return Layer.mergeAll(adapters, postal, SystemClockLayer)
}

export function createAppRuntime(config: Config) {
  return ManagedRuntime.make(appLayer(config))
}

export type AppRuntime = ReturnType<typeof createAppRuntime>
