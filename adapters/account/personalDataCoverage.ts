import type { AccountExport, ExportedCommunity } from "../../application/ports/AccountData"

/** A section of the export, by its path in the file. */
export type ExportSection = keyof AccountExport | `community.${keyof ExportedCommunity}`

/**
 * Every column that ties a row to a person (a reference to `auth_user`, or a name like a user id), and what the
 * LGPD export does with it: the section of the export that carries the row, or why it is left out. A new table
 * that holds a user's id must be added here; personalDataCoverage.test.ts reads the schema to hold that.
 */
export const EXPORTED_USER_COLUMNS: Readonly<Record<string, ExportSection>> = {
  "auth_account.userId": "signInMethods",
  "auth_session.userId": "sessions",
  "customer_details.user_id": "details",
  "addresses.user_id": "addresses",
  "orders.user_id": "orders",
  "support_tickets.user_id": "supportTickets",
  "support_messages.author_user_id": "supportTickets",
  "notifications.user_id": "notifications",
  "notification_preferences.user_id": "notificationPreferences",
  "waitlist_entries.user_id": "waitlists",
  "subscriptions.user_id": "subscriptions",
  "collection_entitlements.user_id": "collectionAccess",
  "plan_months.user_id": "planMonths",
  "plan_settings.user_id": "planSettings",
  "cart_items.user_id": "cart",
  "cart_coupons.user_id": "cartCoupon",
  "coupon_customer_uses.user_id": "couponUses",
  "collector_profiles.user_id": "community.publicProfile",
  "collector_pieces.user_id": "community.pieces",
  "shelf_items.user_id": "community.shelfItems",
  "favourites.user_id": "community.favourites",
  "collector_stats.user_id": "community.pointsAndCoins",
  "points_ledger.user_id": "community.pointsAndCoins",
  "collector_achievements.user_id": "community.achievements",
  "mission_redemptions.user_id": "community.missions",
  "collector_follows.follower_id": "community.follows",
  "collector_follows.followee_id": "community.follows",
  "trades.from_user_id": "community.trades",
  "trades.to_user_id": "community.trades",
}

export interface ExclusionReason {
  readonly pt: string
  readonly en: string
}

export const NOT_EXPORTED_USER_COLUMNS: Readonly<Record<string, ExclusionReason>> = {
  "support_tickets.assigned_to": {
    pt: "Atendente responsável pelo chamado: registro de trabalho da equipe, não dado do cliente.",
    en: "The staff member a ticket is assigned to: the team's work record, not the customer's data.",
  },
  "order_notes.author_id": {
    pt: "Anotações internas da equipe sobre pedidos; o autor é um atendente.",
    en: "The team's internal notes on orders; the author is a staff member.",
  },
  "order_audit.actor_id": {
    pt: "Trilha de auditoria de quem mudou cada pedido, guardada para prestação de contas; o estado do pedido está em 'orders'.",
    en: "The audit trail of who changed each order, kept for accountability; the order's state is in 'orders'.",
  },
  "admin_audit.actor_id": {
    pt: "Trilha de auditoria das ações administrativas; o autor é um administrador.",
    en: "The audit trail of administrative actions; the actor is an administrator.",
  },
  "announcement_recipients.user_id": {
    pt: "Quem recebeu um comunicado; o próprio comunicado chega como notificação e está em 'notifications'.",
    en: "Who an announcement reached; the announcement itself is a notification, exported in 'notifications'.",
  },
  "profile_views.profile_id": {
    pt: "Visitas ao perfil identificadas pelo resumo do visitante, dado de outra pessoa; o total está no perfil público.",
    en: "Profile visits keyed by the visitor's digest, another person's datum; the total is in the public profile.",
  },
}
