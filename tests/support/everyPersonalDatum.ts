import { randomUUID } from "node:crypto"
import type { Kysely } from "kysely"
import type { Database } from "../../adapters/db/schema"

/**
 * A row in every table that holds a collector's data, so an LGPD export can be checked section by section.
 * Every private text carries `secret`, so another collector's export can be searched for it; `username` is the
 * public name others see on the community pages.
 */
export interface Collector {
  readonly id: string
  readonly email: string
  readonly username: string
  readonly secret: string
  readonly cpf: string
}

/** A character of the catalogue: one already revealed, one whose name is still a secret at the export's instant. */
export interface Character {
  readonly id: string
  readonly collection_id: string
}

/** A revealed and an unrevealed character of the catalogue at `at`. */
export async function revealedAndHidden(db: Kysely<Database>, at: Date) {
  const pick = (revealed: boolean) =>
    db
      .selectFrom("collection_products")
      .select(["id", "collection_id", "name"])
      .where("reveal_at", revealed ? "<=" : ">", at)
      .orderBy("reveal_at")
      .executeTakeFirstOrThrow()
  const [shown, hidden] = await Promise.all([pick(true), pick(false)])
  return { shown, hidden }
}

/** Fills every section for `who` (all but the account's sign-in rows); answers the id of the piece they hold. */
export async function fillEverySection(
  db: Kysely<Database>,
  who: Collector,
  characters: { shown: Character; hidden: Character },
  at: Date,
): Promise<string> {
  const { shown, hidden } = characters
  const tag = who.username
  await db
    .insertInto("customer_details")
    .values({ user_id: who.id, phone: "11987654321", cpf: who.cpf })
    .execute()
  const address = await db
    .insertInto("addresses")
    .values({
      user_id: who.id,
      name: `Casa ${who.secret}`,
      street: `Rua ${who.secret}`,
      number: "10",
      neighborhood: "Centro",
      city: "São Paulo",
      state: "SP",
      zip_code: "01310200",
      is_default: true,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  await db.insertInto("newsletter_subscriptions").values({ email: who.email }).execute()

  const orderId = randomUUID()
  const number = `LG-2026-${String(Math.floor(Math.random() * 900_000) + 100_000)}`
  await db
    .insertInto("orders")
    .values({
      id: orderId,
      number,
      tracking_code: `TR-${tag}`,
      user_id: who.id,
      idempotency_key: `order-${tag}`,
      status: "paid",
      fulfilment_status: "awaiting_production",
      subtotal_cents: 29990,
      discount_cents: 0,
      shipping_cents: 0,
      total_cents: 29990,
      shipping: JSON.stringify({ service: "PAC" }),
      address: JSON.stringify({ street: `Rua ${who.secret}` }),
      cpf: who.cpf,
      placed_at: at,
      paid_at: at,
      pay_by: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto("order_lines")
    .values({
      order_id: orderId,
      position: 0,
      product_id: hidden.id,
      name: "recorded name",
      collection_id: hidden.collection_id,
      collection_name: "Coleção",
      image_url: "/img/x.jpg",
      unit_price_cents: 29990,
      quantity: 1,
    })
    .execute()
  await db
    .insertInto("payment_attempts")
    .values({
      id: randomUUID(),
      order_id: orderId,
      idempotency_key: `attempt-${tag}`,
      method: "pix",
      amount_cents: 29990,
      installments: 1,
      status: "approved",
      created_at: at,
      updated_at: at,
    })
    .execute()

  const ticketId = randomUUID()
  await db
    .insertInto("support_tickets")
    .values({
      id: ticketId,
      user_id: who.id,
      name: who.username,
      email: who.email,
      category: "other",
      subject: `Dúvida ${who.secret}`,
      created_at: at,
      updated_at: at,
      last_message_at: at,
    })
    .execute()
  await db
    .insertInto("support_messages")
    .values({
      id: randomUUID(),
      ticket_id: ticketId,
      author: "customer",
      author_user_id: who.id,
      body: "Oi",
      created_at: at,
    })
    .execute()
  await db
    .insertInto("notifications")
    .values({ user_id: who.id, type: "system", title: "Aviso", message: `Olá ${who.secret}`, created_at: at })
    .execute()
  await db
    .insertInto("notification_preferences")
    .values({ user_id: who.id, type: "trade", in_app: true, email: false, updated_at: at })
    .execute()
  await db
    .insertInto("waitlist_entries")
    .values({ product_id: hidden.id, user_id: who.id, joined_at: at, updated_at: at })
    .execute()

  const subscriptionId = randomUUID()
  await db
    .insertInto("subscriptions")
    .values({
      id: subscriptionId,
      user_id: who.id,
      collection_id: hidden.collection_id,
      idempotency_key: `subscription-${tag}`,
      plan_id: "monthly-plan",
      frequency_months: 1,
      amount_cents: 29990,
      status: "active",
      cpf: who.cpf,
      created_at: at,
      updated_at: at,
      checked_at: at,
    })
    .execute()
  await db
    .insertInto("subscription_charges")
    .values({
      id: `charge-${tag}`,
      subscription_id: subscriptionId,
      status: "approved",
      amount_cents: 29990,
      charged_at: at,
      retry_attempt: 0,
      months: JSON.stringify(["2026-12"]),
    })
    .execute()
  await db
    .insertInto("collection_entitlements")
    .values({
      user_id: who.id,
      collection_id: hidden.collection_id,
      kind: "prepaid",
      status: "active",
      starts_at: at,
      source_id: orderId,
      month: "2026-12",
    })
    .execute()
  await db
    .insertInto("plan_months")
    .values({
      source_id: orderId,
      month: "2026-12",
      source_kind: "prepaid",
      user_id: who.id,
      collection_id: hidden.collection_id,
      paid_at: at,
      held_product_id: hidden.id,
      order_id: orderId,
    })
    .execute()
  await db
    .insertInto("plan_settings")
    .values({
      source_id: orderId,
      user_id: who.id,
      reveal_notifications: true,
      new_plan_news: false,
      address_id: address.id,
    })
    .execute()
  await db.insertInto("cart_items").values({ user_id: who.id, product_id: hidden.id, quantity: 1 }).execute()
  await db.insertInto("cart_coupons").values({ user_id: who.id, code: "BEMVINDO10" }).execute()
  const coupon = await db
    .insertInto("coupons")
    .values({ code: `C${tag}`.toUpperCase().slice(0, 20), type: "percentage", value: 10 })
    .returning("id")
    .executeTakeFirstOrThrow()
  await db
    .insertInto("coupon_customer_uses")
    .values({ coupon_id: coupon.id, user_id: who.id, cpf: who.cpf, order_id: orderId, used_at: at })
    .execute()

  await db
    .insertInto("collector_profiles")
    .values({
      user_id: who.id,
      username: who.username,
      display_name: who.username,
      bio: `Bio ${who.secret}`,
      created_at: at,
      updated_at: at,
    })
    // The store may have made the profile already, when the account was created.
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet({ username: who.username, bio: `Bio ${who.secret}` }),
    )
    .execute()
  const piece = await db
    .insertInto("collector_pieces")
    .values({
      user_id: who.id,
      product_id: hidden.id,
      collection_id: hidden.collection_id,
      source: "subscription",
      notes: `Nota ${who.secret}`,
      acquired_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  await db
    .insertInto("shelf_items")
    .values({
      id: randomUUID(),
      user_id: who.id,
      name: `Estátua ${who.secret}`,
      company: "Outra Loja",
      category: "estatueta",
      condition: "bom",
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto("favourites")
    .values({ user_id: who.id, product_id: shown.id, created_at: at })
    .execute()
  await db
    .insertInto("collector_stats")
    .values({ user_id: who.id, score: 150, coins: 15, updated_at: at })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ score: 150, coins: 15 }))
    .execute()
  await db
    .insertInto("points_ledger")
    .values({
      user_id: who.id,
      kind: "purchase",
      reference: orderId,
      points: 150,
      coins: 15,
      description: "Comprou 1 personagem",
      occurred_at: at,
    })
    .execute()
  await db
    .insertInto("collector_achievements")
    .values({ user_id: who.id, code: "first_piece", scope: "", unlocked_at: at })
    .execute()
  await db
    .insertInto("mission_redemptions")
    .values({ user_id: who.id, mission: "daily_favourite", period: "2026-11-20", redeemed_at: at })
    .execute()
  return piece.id
}

/** `from` follows `to` and offers a trade of their pieces. */
export async function followAndOfferTrade(
  db: Kysely<Database>,
  from: { collector: Collector; piece: string },
  to: { collector: Collector; piece: string },
  at: Date,
) {
  await db
    .insertInto("collector_follows")
    .values({ follower_id: from.collector.id, followee_id: to.collector.id, created_at: at })
    .execute()
  await db
    .insertInto("trades")
    .values({
      id: randomUUID(),
      from_user_id: from.collector.id,
      to_user_id: to.collector.id,
      from_piece_id: from.piece,
      to_piece_id: to.piece,
      status: "pending",
      message: "Vamos trocar?",
      created_at: at,
    })
    .execute()
}
