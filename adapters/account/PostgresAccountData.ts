import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { AccountData, type ExportedOrder } from "../../application/ports/AccountData"
import { AdminStats } from "../../application/ports/AdminStats"
import { REVEAL_COLUMNS, revealFactsFromRow } from "../catalog/rows"
import { Db, query } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { linesWithReveal } from "../orders/orderRows"
import { exportCommunity } from "./exportCommunity"
import { exportPlans } from "./exportPlans"
import { iso } from "./exportRows"

/**
 * The customer's orders, lines and payment attempts. Only what the customer may read: no gateway ids, no
 * redirect links, no PIX or boleto payloads (the card token itself is never stored).
 */
async function exportOrders(db: Kysely<Database>, userId: string): Promise<ExportedOrder[]> {
  const orders = await db
    .selectFrom("orders")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("placed_at")
    .execute()
  if (orders.length === 0) return []
  const ids = orders.map((o) => o.id)
  const [lines, attempts] = await Promise.all([
    linesWithReveal(db).where("l.order_id", "in", ids).orderBy("l.position").execute(),
    db
      .selectFrom("payment_attempts")
      .select([
        "order_id",
        "method",
        "status",
        "status_detail",
        "amount_cents",
        "installments",
        "payment_method_id",
        "card_last_four",
        "created_at",
        "updated_at",
      ])
      .where("order_id", "in", ids)
      .orderBy("created_at")
      .execute(),
  ])
  return orders.map((o) => ({
    number: o.number,
    trackingCode: o.tracking_code,
    status: o.status,
    placedAt: iso(o.placed_at),
    paidAt: o.paid_at ? iso(o.paid_at) : null,
    totals: {
      subtotal: o.subtotal_cents,
      discount: o.discount_cents,
      shipping: o.shipping_cents,
      total: o.total_cents,
    },
    couponCode: o.coupon_code,
    shipping: o.shipping,
    address: o.address,
    cpf: o.cpf,
    lines: lines
      .filter((l) => l.order_id === o.id)
      .map((l) => ({
        name: l.name,
        collectionName: l.collection_name,
        unitPrice: l.unit_price_cents,
        quantity: l.quantity,
        editionSize: l.edition_size,
        serials: l.serials,
        reveal: revealFactsFromRow(l),
      })),
    payments: attempts
      .filter((a) => a.order_id === o.id)
      .map((a) => ({
        method: a.method,
        status: a.status,
        statusDetail: a.status_detail,
        amount: a.amount_cents,
        installments: a.installments,
        paymentMethodId: a.payment_method_id,
        cardLastFour: a.card_last_four,
        createdAt: iso(a.created_at),
        updatedAt: iso(a.updated_at),
      })),
  }))
}

/** The tickets opened from the account; internal notes are the staff's, not the customer's data. */
async function exportSupportTickets(db: Kysely<Database>, userId: string) {
  const tickets = await db
    .selectFrom("support_tickets")
    .select(["id", "number", "category", "subject", "status", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute()
  if (tickets.length === 0) return []
  const messages = await db
    .selectFrom("support_messages")
    .select(["ticket_id", "author", "body", "created_at"])
    .where(
      "ticket_id",
      "in",
      tickets.map((t) => t.id),
    )
    .where("author", "!=", "note")
    .orderBy("created_at")
    .execute()
  return tickets.map((t) => ({
    number: t.number,
    category: t.category,
    subject: t.subject,
    status: t.status,
    createdAt: iso(t.created_at),
    messages: messages
      .filter((m) => m.ticket_id === t.id)
      .map((m) => ({
        from: m.author === "customer" ? ("cliente" as const) : ("loja" as const),
        body: m.body,
        sentAt: iso(m.created_at),
      })),
  }))
}

export const PostgresAccountDataLayer = Layer.effect(
  AccountData,
  Effect.gen(function* () {
    const { db } = yield* Db
    return AccountData.of({
      exportFor: (userId) =>
        query(async () => {
          const user = await db
            .selectFrom("auth_user")
            .selectAll()
            .where("id", "=", userId)
            .executeTakeFirst()
          if (!user) return null
          const [
            accounts,
            sessions,
            newsletter,
            details,
            addresses,
            orders,
            support,
            notifications,
            preferences,
            waitlists,
            plans,
            community,
          ] = await Promise.all([
            db
              .selectFrom("auth_account")
              .select(["providerId", "createdAt"])
              .where("userId", "=", userId)
              .execute(),
            db
              .selectFrom("auth_session")
              .select(["createdAt", "expiresAt", "ipAddress", "userAgent"])
              .where("userId", "=", userId)
              .execute(),
            db
              .selectFrom("newsletter_subscriptions")
              .select("created_at")
              .where(sql`lower(email)`, "=", user.email.toLowerCase())
              .executeTakeFirst(),
            db
              .selectFrom("customer_details")
              .select(["phone", "cpf"])
              .where("user_id", "=", userId)
              .executeTakeFirst(),
            db
              .selectFrom("addresses")
              .selectAll()
              .where("user_id", "=", userId)
              .orderBy("created_at")
              .execute(),
            exportOrders(db, userId),
            exportSupportTickets(db, userId),
            db
              .selectFrom("notifications")
              .select(["type", "title", "message", "created_at", "read_at"])
              .where("user_id", "=", userId)
              .orderBy("created_at")
              .execute(),
            db
              .selectFrom("notification_preferences")
              .select(["type", "in_app", "email"])
              .where("user_id", "=", userId)
              .orderBy("type")
              .execute(),
            db
              .selectFrom("waitlist_entries as w")
              .innerJoin("collection_products as p", "p.id", "w.product_id")
              .leftJoin("legendarium_collections as c", "c.id", "p.collection_id")
              .select([
                "p.name",
                "c.name as collection_name",
                "w.status",
                "w.joined_at",
                "w.offer_expires_at",
              ])
              .select(REVEAL_COLUMNS)
              .where("w.user_id", "=", userId)
              .orderBy("w.joined_at")
              .execute(),
            exportPlans(db, userId),
            exportCommunity(db, userId),
          ])
          return {
            profile: {
              id: user.id,
              name: user.name,
              email: user.email,
              emailVerified: user.emailVerified,
              createdAt: iso(user.createdAt),
            },
            signInMethods: accounts.map((a) => ({
              provider: a.providerId === "credential" ? "e-mail e senha" : a.providerId,
              createdAt: iso(a.createdAt),
            })),
            sessions: sessions.map((s) => ({
              createdAt: iso(s.createdAt),
              expiresAt: iso(s.expiresAt),
              ipAddress: s.ipAddress,
              userAgent: s.userAgent,
            })),
            newsletter: newsletter ? { subscribedAt: iso(newsletter.created_at) } : null,
            details: details ? { phone: details.phone, cpf: details.cpf } : null,
            addresses: addresses.map((a) => ({
              name: a.name,
              street: a.street,
              number: a.number,
              complement: a.complement,
              neighborhood: a.neighborhood,
              city: a.city,
              state: a.state,
              zipCode: a.zip_code,
              country: a.country,
              isDefault: a.is_default,
              createdAt: iso(a.created_at),
            })),
            orders,
            supportTickets: support,
            notifications: notifications.map((n) => ({
              type: n.type,
              title: n.title,
              message: n.message,
              createdAt: iso(n.created_at),
              readAt: n.read_at ? iso(n.read_at) : null,
            })),
            notificationPreferences: preferences.map((p) => ({
              type: p.type,
              inApp: p.in_app,
              email: p.email,
            })),
            waitlists: waitlists.map((w) => ({
              character: w.name,
              collection: w.collection_name,
              reveal: revealFactsFromRow(w),
              status: w.status,
              joinedAt: iso(w.joined_at),
              offerExpiresAt: w.offer_expires_at ? iso(w.offer_expires_at) : null,
            })),
            ...plans,
            community,
          }
        }),
      // Joins the ambient transaction: transactional event handlers (certificates) ask for it inside one.
      contactOf: (userId) =>
        withExecutor(
          db,
          async (executor) =>
            (await executor
              .selectFrom("auth_user")
              .select(["email", "name"])
              .where("id", "=", userId)
              .executeTakeFirst()) ?? null,
        ),
    })
  }),
)

export const PostgresAdminStatsLayer = Layer.effect(
  AdminStats,
  Effect.gen(function* () {
    const { db } = yield* Db
    return AdminStats.of({
      overview: ({ monthStart, now }) =>
        query(async () => {
          const since = new Date(monthStart)
          const at = new Date(now)
          const row = await sql<{
            revenue: string
            paid: number
            awaiting: number
            subscribers: number
            newCustomers: number
            customers: number
            verified: number
            collections: number
            characters: number
            newsletter: number
          }>`select
              (select coalesce(sum(total_cents), 0)::bigint from orders
                where paid_at >= ${since} and status = 'paid')
                + (select coalesce(sum(amount_cents), 0)::bigint from subscription_charges
                  where charged_at >= ${since} and status = 'approved') as revenue,
              (select count(*)::int from orders where paid_at >= ${since} and status = 'paid') as paid,
              (select count(*)::int from orders
                where status = 'paid' and fulfilment_status in ('awaiting_production', 'produced'))
                + (select count(*)::int from after_sale_requests where status = 'requested') as awaiting,
              (select count(distinct user_id)::int from collection_entitlements
                where status = 'active' and starts_at <= ${at} and (ends_at is null or ends_at > ${at})) as subscribers,
              (select count(*)::int from auth_user where "createdAt" >= ${since}) as "newCustomers",
              (select count(*)::int from auth_user) as customers,
              (select count(*)::int from auth_user where "emailVerified") as verified,
              (select count(*)::int from legendarium_collections where is_active) as collections,
              (select count(*)::int from collection_products where is_active) as characters,
              (select count(*)::int from newsletter_subscriptions where status = 'confirmed') as newsletter`.execute(
            db,
          )
          const r = row.rows[0]
          return {
            revenueThisMonth: Number(r?.revenue ?? 0),
            paidOrdersThisMonth: r?.paid ?? 0,
            ordersAwaitingAction: r?.awaiting ?? 0,
            activeSubscribers: r?.subscribers ?? 0,
            newCustomersThisMonth: r?.newCustomers ?? 0,
            customers: r?.customers ?? 0,
            verifiedCustomers: r?.verified ?? 0,
            activeCollections: r?.collections ?? 0,
            characters: r?.characters ?? 0,
            newsletterSubscribers: r?.newsletter ?? 0,
          }
        }),
    })
  }),
)
