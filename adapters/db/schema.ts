import type { AdminAuditTable } from "./tables/audit"
import type {
  AuthAccountTable,
  AuthSessionTable,
  AuthSignInFailuresTable,
  AuthUserTable,
} from "./tables/auth"
import type { CartCouponsTable, CartItemsTable, CollectionEntitlementsTable } from "./tables/cart"
import type { CollectionsTable } from "./tables/collections"
import type {
  CollectorAchievementsTable,
  CollectorFollowsTable,
  CollectorPiecesTable,
  CollectorProfilesTable,
  CollectorStatsTable,
  FavouritesTable,
  MissionRedemptionsTable,
  PointsLedgerTable,
  ProfileViewsTable,
  ShelfItemsTable,
  TradesTable,
} from "./tables/community"
import type { OutboxDeliveriesTable, OutboxEventsTable, ScheduledJobsTable } from "./tables/events"
import type {
  AfterSaleRequestsTable,
  CertificatesTable,
  OrderAuditTable,
  OrderNotesTable,
  RefundsTable,
  ShipmentsTable,
} from "./tables/fulfilment"
import type { DevMailboxTable, SentEmailsTable } from "./tables/mail"
import type {
  AnnouncementRecipientsTable,
  AnnouncementsTable,
  NotificationClaimsTable,
  NotificationPreferencesTable,
  NotificationsTable,
  WebhookReceiptsTable,
} from "./tables/notifications"
import type {
  AddressesTable,
  CouponCustomerUsesTable,
  CouponsTable,
  CustomerDetailsTable,
  OrderLinesTable,
  OrdersTable,
  PaymentAttemptsTable,
} from "./tables/orders"
import type { PrepaidPlansTable } from "./tables/plans"
import type { CollectionProductsTable } from "./tables/products"
import type {
  SandboxCardTokensTable,
  SandboxPaymentsTable,
  SandboxPreapprovalChargesTable,
  SandboxPreapprovalsTable,
  SandboxPreferencesTable,
  SandboxRefundsTable,
} from "./tables/sandbox"
import type { ServiceHealthTable } from "./tables/serviceHealth"
import type {
  CategoryPricesTable,
  MediaAssetsTable,
  NewsletterSubscriptionsTable,
  StoreSettingsTable,
} from "./tables/settings"
import type { ShippingTableRowsTable } from "./tables/shipping"
import type {
  PlanMonthsTable,
  PlanSettingsTable,
  SubscriptionChargesTable,
  SubscriptionsTable,
} from "./tables/subscriptions"
import type { SupportMessagesTable, SupportTicketsTable } from "./tables/support"
import type { WaitlistEntriesTable } from "./tables/waitlists"
import type { WebVitalsTable } from "./tables/webVitals"

/** The whole database as Kysely sees it: one entry per table, each typed in ./tables. */
export interface Database {
  legendarium_collections: CollectionsTable
  collection_products: CollectionProductsTable
  category_prices: CategoryPricesTable
  store_settings: StoreSettingsTable
  newsletter_subscriptions: NewsletterSubscriptionsTable
  media_assets: MediaAssetsTable
  auth_user: AuthUserTable
  auth_session: AuthSessionTable
  auth_account: AuthAccountTable
  auth_sign_in_failures: AuthSignInFailuresTable
  dev_mailbox: DevMailboxTable
  sent_emails: SentEmailsTable
  outbox_events: OutboxEventsTable
  outbox_deliveries: OutboxDeliveriesTable
  scheduled_jobs: ScheduledJobsTable
  cart_items: CartItemsTable
  cart_coupons: CartCouponsTable
  collection_entitlements: CollectionEntitlementsTable
  shipping_table_rows: ShippingTableRowsTable
  web_vitals: WebVitalsTable
  addresses: AddressesTable
  customer_details: CustomerDetailsTable
  coupons: CouponsTable
  coupon_customer_uses: CouponCustomerUsesTable
  orders: OrdersTable
  order_lines: OrderLinesTable
  payment_attempts: PaymentAttemptsTable
  shipments: ShipmentsTable
  refunds: RefundsTable
  after_sale_requests: AfterSaleRequestsTable
  order_audit: OrderAuditTable
  certificates: CertificatesTable
  order_notes: OrderNotesTable
  prepaid_plans: PrepaidPlansTable
  sandbox_payments: SandboxPaymentsTable
  sandbox_card_tokens: SandboxCardTokensTable
  sandbox_refunds: SandboxRefundsTable
  sandbox_preferences: SandboxPreferencesTable
  subscriptions: SubscriptionsTable
  subscription_charges: SubscriptionChargesTable
  plan_months: PlanMonthsTable
  plan_settings: PlanSettingsTable
  sandbox_preapprovals: SandboxPreapprovalsTable
  sandbox_preapproval_charges: SandboxPreapprovalChargesTable
  admin_audit: AdminAuditTable
  announcements: AnnouncementsTable
  notifications: NotificationsTable
  notification_preferences: NotificationPreferencesTable
  notification_claims: NotificationClaimsTable
  announcement_recipients: AnnouncementRecipientsTable
  webhook_receipts: WebhookReceiptsTable
  collector_pieces: CollectorPiecesTable
  points_ledger: PointsLedgerTable
  collector_stats: CollectorStatsTable
  collector_profiles: CollectorProfilesTable
  collector_follows: CollectorFollowsTable
  shelf_items: ShelfItemsTable
  favourites: FavouritesTable
  mission_redemptions: MissionRedemptionsTable
  collector_achievements: CollectorAchievementsTable
  trades: TradesTable
  profile_views: ProfileViewsTable
  service_health: ServiceHealthTable
  support_tickets: SupportTicketsTable
  support_messages: SupportMessagesTable
  waitlist_entries: WaitlistEntriesTable
}
