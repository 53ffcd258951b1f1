import { randomBytes } from "node:crypto"
import { hostname } from "node:os"
import { Layer, ManagedRuntime } from "effect"
import { PostgresAccountDataLayer, PostgresAdminStatsLayer } from "../adapters/account/PostgresAccountData"
import { PostgresPersonalDataLayer } from "../adapters/account/PostgresPersonalData"
import { PostgresAdminAuditLogLayer } from "../adapters/audit/PostgresAdminAuditLog"
import { PostgresCredentialsLayer } from "../adapters/auth/PostgresCredentials"
import { PostgresCartLayer, PostgresEntitlementsLayer } from "../adapters/cart/PostgresCart"
import { CachedCatalogLayer } from "../adapters/catalog/CachedCatalog"
import { CatalogVersion, PostgresCatalogChangesLayer } from "../adapters/catalog/CatalogVersion"
import { PostgresCatalogLayer } from "../adapters/catalog/PostgresCatalog"
import { PostgresCatalogAdminLayer } from "../adapters/catalog/PostgresCatalogAdmin"
import { ClockLayerOf, SystemClockLayer } from "../adapters/clock/SystemClock"
import { PostgresCoinWalletLayer } from "../adapters/community/PostgresCoinWallet"
import {
  PostgresCollectorFactsLayer,
  PostgresMissionRedemptionsLayer,
} from "../adapters/community/PostgresCollectorFacts"
import { PostgresCommunityLedgerLayer } from "../adapters/community/PostgresCommunityLedger"
import {
  PostgresCommunityBackfillLayer,
  PostgresCommunityReadsLayer,
} from "../adapters/community/PostgresCommunityReads"
import { PostgresFavouritesLayer } from "../adapters/community/PostgresFavourites"
import { PostgresShelfStoreLayer } from "../adapters/community/PostgresShelfStore"
import { PostgresTradeStoreLayer } from "../adapters/community/PostgresTradeStore"
import { CryptoIdsLayer } from "../adapters/crypto/CryptoIds"
import { HmacTicketProofTokensLayer } from "../adapters/crypto/HmacTicketProofTokens"
import { HmacUnsubscribeTokensLayer } from "../adapters/crypto/HmacUnsubscribeTokens"
import { SecretBoxLayer } from "../adapters/crypto/SecretBox"
import type { DatabaseTarget } from "../adapters/db/connect"
import { Db } from "../adapters/db/DatabaseService"
import { UnitOfWorkLayer } from "../adapters/db/transaction"
import { PostgresEventOutboxLayer, PostgresEventQueueLayer } from "../adapters/events/PostgresOutbox"
import {
  type DispatcherSettings,
  DispatcherWorker,
  SchedulerWorker,
  WorkerShutdown,
} from "../adapters/events/workers"
import { PostgresCertificateRegistryLayer } from "../adapters/fulfilment/PostgresCertificateRegistry"
import { PostgresFulfilmentStoreLayer } from "../adapters/fulfilment/PostgresFulfilmentStore"
import { PostgresOrderAuditLogLayer } from "../adapters/fulfilment/PostgresOrderAuditLog"
import { PostgresOrderNotesLayer } from "../adapters/fulfilment/PostgresOrderNotes"
import { HealthRecorder } from "../adapters/health/HealthRecorder"
import {
  MeasuredMailerLayer,
  MeasuredPaymentGatewayLayer,
  MeasuredShippingSourcesLayer,
} from "../adapters/health/measured"
import { PostgresServiceHealthLayer } from "../adapters/health/PostgresServiceHealth"
import { HealthProbesLayer } from "../adapters/health/probes"
import { PostgresHousekeepingLayer } from "../adapters/housekeeping/PostgresHousekeeping"
import { PostgresJobScheduleLayer } from "../adapters/jobs/PostgresJobSchedule"
import { DevMailboxMailerLayer } from "../adapters/mail/DevMailbox"
import { PostgresEmailLogLayer } from "../adapters/mail/PostgresEmailLog"
import { PostgresSentEmailsLayer } from "../adapters/mail/PostgresSentEmails"
import { SmtpMailerLayer } from "../adapters/mail/SmtpMailer"
import { PostgresAvatarUploadsLayer } from "../adapters/media/PostgresAvatarUploads"
import { PostgresImageUploadsLayer } from "../adapters/media/PostgresImageUploads"
import { PostgresAnnouncementsLayer } from "../adapters/notifications/PostgresAnnouncements"
import { PostgresNotificationCenterLayer } from "../adapters/notifications/PostgresNotificationCenter"
import {
  PostgresCharacterRevealsLayer,
  PostgresExpiringPixLayer,
  PostgresNotificationClaimsLayer,
} from "../adapters/notifications/PostgresScheduledNotices"
import { PostgresAddressBookLayer } from "../adapters/orders/PostgresAddressBook"
import { PostgresAdminOrderQueriesLayer } from "../adapters/orders/PostgresAdminOrderQueries"
import { PostgresCouponCatalogLayer } from "../adapters/orders/PostgresCouponCatalog"
import { PostgresCouponStoreLayer } from "../adapters/orders/PostgresCouponStore"
import { PostgresCustomerDetailsLayer } from "../adapters/orders/PostgresCustomerDetails"
import { PostgresEditionLimitsLayer } from "../adapters/orders/PostgresEditionLimits"
import { PostgresEditionStockLayer } from "../adapters/orders/PostgresEditionStock"
import { PostgresOrderStoreLayer } from "../adapters/orders/PostgresOrderStore"
import { CachedInstallmentLimitLayer } from "../adapters/payments/CachedInstallmentLimit"
import { PostgresAdminPaymentQueriesLayer } from "../adapters/payments/PostgresAdminPaymentQueries"
import { PostgresWebhookReceiptsLayer } from "../adapters/payments/PostgresWebhookReceipts"
import { PdfkitGuideRendererLayer } from "../adapters/pdf/PdfkitGuideRenderer"
import { PostgresPrepaidPlansLayer } from "../adapters/plans/PostgresPrepaidPlans"
import { PostalCodeLookupLayer } from "../adapters/postal/ViaCep"
import {
  CountedEventOutboxLayer,
  CountedEventQueueLayer,
  CountedJobScheduleLayer,
} from "../adapters/prometheus/counted"
import { ScrapeReadingLayer } from "../adapters/prometheus/scrapeReading"
import { StoreMetrics } from "../adapters/prometheus/storeMetrics"
import { PostgresRateLimiterLayer } from "../adapters/ratelimit/PostgresRateLimiter"
import { PostgresSalesReportsLayer } from "../adapters/reports/PostgresSalesReports"
import type { Notify } from "../adapters/sandbox-gateway/notifier"
import { PostgresNewsletterLayer } from "../adapters/settings/PostgresNewsletter"
import { PostgresSettingsEditorLayer, StaffListsLayer } from "../adapters/settings/PostgresSettingsEditor"
import {
  CachedStoreSettingsLayer,
  PostgresStoreSettingsLayer,
} from "../adapters/settings/PostgresStoreSettings"
import { ShippingQuoteSourcesLayer } from "../adapters/shipping/ShippingTable"
import { ShippingTableImportLayer } from "../adapters/shipping/shippingTableCsv"
import { PostgresPlanMonthsLayer } from "../adapters/subscriptions/PostgresPlanMonths"
import { PostgresSubscriptionStoreLayer } from "../adapters/subscriptions/PostgresSubscriptionStore"
import { PostgresSupportDeskLayer } from "../adapters/support/PostgresSupportDesk"
import { PostgresUserAccountsLayer } from "../adapters/users/PostgresUserAccounts"
import { PostgresWebVitalsLayer } from "../adapters/vitals/PostgresWebVitals"
import { PostgresWaitlistsLayer } from "../adapters/waitlists/PostgresWaitlists"
import type { Clock } from "../application/ports/Clock"
import { Integrations } from "../application/ports/Integrations"
import { PaymentCallbacks } from "../application/ports/PaymentCallbacks"
import { StoreSite } from "../application/ports/StoreSite"
import { DEFAULT_RETRY_POLICY } from "../domain/retryPolicy"
import { storeNow } from "./clock"
import type { Config } from "./config"
import { effectLoggerLayer, type Logger } from "./logger"
import { deferredNotify, paymentGatewayLayer, subscriptionGatewayLayer } from "./paymentGateway"
import { authSecret } from "./secrets"
import { storeHandlers } from "./storeHandlers"
import { storeJobs } from "./storeJobs"
import { tracingLayer } from "./tracing"

/** Names this process in the outbox's claims, so an operator can tell instances apart. */
const INSTANCE_ID = `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`

const refuseNotifications: Notify = () => Promise.reject(new Error("no webhook route in this process"))

/** The webhook route Mercado Pago (and the sandbox) calls, and where a customer comes back to after paying. */
export const WEBHOOK_PATH = "/api/mercadopago/webhook"
const paymentCallbacks = (publicUrl: string) =>
  PaymentCallbacks.of({
    notificationUrl: `${publicUrl}${WEBHOOK_PATH}`,
    returnUrl: (orderId) => `${publicUrl}/payment-success?pedido=${encodeURIComponent(orderId)}`,
  })

export function databaseTarget(config: Config): DatabaseTarget {
  return config.DATABASE_URL
    ? { kind: "postgres", url: config.DATABASE_URL }
    : { kind: "pglite", dataDir: config.DATA_DIR === ":memory:" ? null : config.DATA_DIR }
}

export function appLayer(
  config: Config,
  dbLayer = Db.layer(databaseTarget(config), { poolSize: config.DB_POOL_SIZE }),
  options: {
    workers?: boolean
    dispatcher?: Partial<DispatcherSettings>
    notify?: Notify
    /** This process's health counts; the one `dbLayer` reports its queries to, when it does. */
    health?: HealthRecorder
    /** The store's clock, when not the configuration's (tests that live on a fixed instant). */
    clock?: Layer.Layer<Clock>
    /** How the server stops the dispatcher and the scheduler before it closes the runtime. */
    shutdown?: WorkerShutdown
    /** This server's Prometheus metrics, which the outbox, the queue and the job schedule count into. */
    metrics?: StoreMetrics
  } = {},
) {
  const metrics = options.metrics ?? new StoreMetrics()
  const ttlMs = config.CATALOG_CACHE_SECONDS * 1000
  const catalog = (
    ttlMs > 0 ? CachedCatalogLayer(ttlMs).pipe(Layer.provide(PostgresCatalogLayer)) : PostgresCatalogLayer
  ).pipe(Layer.provideMerge(CatalogVersion.layer))
  const settingsDefaults = {
    supportEmail: config.SUPPORT_EMAIL,
    supportHours: config.SUPPORT_HOURS,
    whatsappNumber: config.WHATSAPP_NUMBER,
    shippingOriginCep: config.SHIPPING_ORIGIN_CEP,
    plansHiddenNames: config.PLANS_HIDDEN_NAMES,
  }
  const configuredLists = { adminEmails: config.ADMIN_EMAILS, moderatorEmails: config.MODERATOR_EMAILS }
  const storedSettings = PostgresStoreSettingsLayer(settingsDefaults)
  const settings =
    ttlMs > 0
      ? CachedStoreSettingsLayer(ttlMs).pipe(
          Layer.provide(storedSettings),
          Layer.provide(CatalogVersion.layer),
        )
      : storedSettings
  const mailer = config.SMTP_URL ? SmtpMailerLayer(config.SMTP_URL, config.MAIL_FROM) : DevMailboxMailerLayer
  const melhorEnvio = config.MELHOR_ENVIO_TOKEN
    ? {
        baseUrl: config.MELHOR_ENVIO_URL,
        token: config.MELHOR_ENVIO_TOKEN,
        userAgent: `Legendarium (${config.SUPPORT_EMAIL})`,
      }
    : null
  const notify = options.notify ?? refuseNotifications
  // The system status: the gateway, the quote sources and the mailer are decorated so every call they make
  // is counted (the use cases do not know), and the probes check the undecorated ones. The subscription
  // gateway (preapprovals) talks to the same provider as the payment gateway; its calls are not counted
  // separately, "Pagamentos" rests on the payment gateway's traffic and probe.
  // The sandbox plays an account configured with the store's interest-free setting.
  const payments = paymentGatewayLayer(config, notify).pipe(Layer.provide(settings))
  const healthLog = PostgresServiceHealthLayer(options.health ?? new HealthRecorder())
  const measured = Layer.mergeAll(
    MeasuredPaymentGatewayLayer().pipe(Layer.provide(payments)),
    MeasuredShippingSourcesLayer().pipe(Layer.provide(ShippingQuoteSourcesLayer(melhorEnvio))),
    MeasuredMailerLayer().pipe(Layer.provide(mailer)),
    HealthProbesLayer({ melhorEnvio, smtpUrl: config.SMTP_URL ?? null }).pipe(Layer.provide(payments)),
  ).pipe(Layer.provideMerge(healthLog))
  // The store's one clock, for the use cases and for the adapters that stamp instants (the outbox).
  const clock =
    options.clock ?? (config.STORE_CLOCK_START ? ClockLayerOf(storeNow(config)) : SystemClockLayer)
  const adapters = Layer.mergeAll(
    catalog,
    PostgresCatalogChangesLayer,
    PostgresWebVitalsLayer,
    PostgresAccountDataLayer,
    PostgresAdminStatsLayer,
    PostgresSalesReportsLayer,
    PostgresCartLayer,
    PostgresEntitlementsLayer,
    measured,
    PostgresNewsletterLayer,
    CountedEventOutboxLayer(metrics).pipe(Layer.provide(PostgresEventOutboxLayer)),
    CountedEventQueueLayer(metrics).pipe(Layer.provide(PostgresEventQueueLayer(INSTANCE_ID))),
    ScrapeReadingLayer(metrics),
    UnitOfWorkLayer,
    CountedJobScheduleLayer(metrics).pipe(Layer.provide(PostgresJobScheduleLayer)),
    PostgresSentEmailsLayer,
    PostgresHousekeepingLayer,
    PostgresPersonalDataLayer,
    PostgresRateLimiterLayer,
    PostgresCredentialsLayer,
    PostgresOrderStoreLayer,
    PostgresFulfilmentStoreLayer,
    PostgresOrderAuditLogLayer,
    PostgresAdminAuditLogLayer,
    PostgresCertificateRegistryLayer,
    PostgresOrderNotesLayer,
    subscriptionGatewayLayer(config, notify),
    PostgresEditionStockLayer,
    PostgresEditionLimitsLayer,
    PostgresWaitlistsLayer,
    PostgresCouponStoreLayer,
    PostgresCouponCatalogLayer,
    PostgresAddressBookLayer,
    PostgresCustomerDetailsLayer,
    settings,
    PostgresSettingsEditorLayer(settingsDefaults, configuredLists),
    StaffListsLayer(configuredLists, ttlMs).pipe(Layer.provide(CatalogVersion.layer)),
    PostgresUserAccountsLayer,
    ShippingTableImportLayer,
    PostgresAdminOrderQueriesLayer,
    PostgresPrepaidPlansLayer,
    PostgresSubscriptionStoreLayer,
    PostgresPlanMonthsLayer,
    PostgresCommunityLedgerLayer,
    PostgresCoinWalletLayer,
    PostgresShelfStoreLayer,
    PostgresFavouritesLayer,
    PostgresCommunityReadsLayer,
    PostgresCommunityBackfillLayer,
    PostgresAvatarUploadsLayer,
    PostgresCollectorFactsLayer,
    PostgresMissionRedemptionsLayer,
    PostgresTradeStoreLayer,
    PostgresCatalogAdminLayer,
    PostgresImageUploadsLayer,
    PostgresAdminPaymentQueriesLayer,
    PostgresWebhookReceiptsLayer,
    PostgresEmailLogLayer,
    PostgresAnnouncementsLayer,
    PostgresNotificationCenterLayer,
    PostgresSupportDeskLayer,
    PostgresNotificationClaimsLayer,
    PostgresCharacterRevealsLayer,
    PostgresExpiringPixLayer,
    CachedInstallmentLimitLayer().pipe(Layer.provide(payments)),
  ).pipe(Layer.provideMerge(dbLayer), Layer.provideMerge(clock))
  const postal = PostalCodeLookupLayer(config.VIACEP_ENABLED ? { baseUrl: config.VIACEP_URL } : null)
  const base = Layer.mergeAll(
    adapters,
    postal,
    CryptoIdsLayer,
    PdfkitGuideRendererLayer(),
    Layer.succeed(PaymentCallbacks, paymentCallbacks(config.publicUrl)),
    SecretBoxLayer(authSecret(config)),
    HmacUnsubscribeTokensLayer(authSecret(config)),
    HmacTicketProofTokensLayer(authSecret(config)),
    Layer.succeed(StoreSite, StoreSite.of({ name: "Legendarium", publicUrl: config.publicUrl })),
    Layer.succeed(Integrations, integrationsOf(config)),
  )
  if (options.workers === false) return base
  const workers = Layer.mergeAll(
    DispatcherWorker(
      storeHandlers,
      {
        batchSize: 50,
        leaseMs: 30_000,
        retry: DEFAULT_RETRY_POLICY,
        random: Math.random,
        idlePollMs: 30_000,
        ...options.dispatcher,
      },
      options.shutdown,
    ),
    SchedulerWorker(storeJobs, 5_000, options.shutdown),
  ).pipe(Layer.provide(base))
  return Layer.merge(base, workers)
}

/** Which external services this server was configured with: never a key, only whether and which mode. */
export function integrationsOf(config: Config): Integrations["Service"] {
  return Integrations.of({
    mercadoPago: config.MERCADOPAGO_ACCESS_TOKEN
      ? {
          configured: true,
          mode: config.MERCADOPAGO_ACCESS_TOKEN.startsWith("TEST-") ? "sandbox" : "production",
        }
      : { configured: false, mode: null },
    melhorEnvio: config.MELHOR_ENVIO_TOKEN
      ? { configured: true, mode: config.MELHOR_ENVIO_URL.includes("sandbox") ? "sandbox" : "production" }
      : { configured: false, mode: null },
    smtp: { configured: Boolean(config.SMTP_URL), mode: null },
  })
}

/** The runtime of a server process: every adapter, and the event dispatcher and job scheduler running inside. */
export function createAppRuntime(
  config: Config,
  options: {
    workers?: boolean
    dispatcher?: Partial<DispatcherSettings>
    logger?: Logger
    /** Where the data lives when not where the config says: tests start embedded databases from a snapshot. */
    database?: DatabaseTarget
  } = {},
) {
  // The sandbox notifies through the app's own webhook route, which exists only once the app is built.
  const webhooks = deferredNotify()
  // Every query reports its duration and outcome to the system status ("Site").
  const health = new HealthRecorder()
  const dbLayer = Db.layer(options.database ?? databaseTarget(config), {
    poolSize: config.DB_POOL_SIZE,
    onQuery: health.recordQuery,
  })
  const workers = new WorkerShutdown()
  const metrics = new StoreMetrics()
  const layer = appLayer(config, dbLayer, {
    ...options,
    notify: webhooks.notify,
    health,
    shutdown: workers,
    metrics,
  })
  const logged = options.logger ? Layer.provideMerge(layer, effectLoggerLayer(options.logger)) : layer
  const tracing = tracingLayer(config)
  const runtime = ManagedRuntime.make(tracing ? Layer.provideMerge(logged, tracing) : logged)
  return Object.assign(runtime, {
    paymentWebhooks: webhooks,
    workers,
    metrics,
    tracesRequests: tracing !== null,
  })
}

export type AppRuntime = ReturnType<typeof createAppRuntime>
