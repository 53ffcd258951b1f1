import type { Kysely } from "kysely"
import type { AccountExport } from "../../application/ports/AccountData"
import { REVEAL_COLUMNS, withRevealOf } from "../catalog/rows"
import type { Database } from "../db/schema"
import { iso, isoOrNull, namedPiece, PIECE_NAME } from "./exportRows"

type PlanSections = Pick<
  AccountExport,
  "subscriptions" | "collectionAccess" | "planMonths" | "planSettings" | "cart" | "cartCoupon" | "couponUses"
>

/**
 * Subscriptions with their charges (no gateway ids, no idempotency keys), prepaid and subscribed access, the
 * months each plan paid for with the character held for it, the plans' settings, the cart with the coupon applied
 * to it, and coupons used.
 */
export async function exportPlans(db: Kysely<Database>, userId: string): Promise<PlanSections> {
  const [subscriptions, access, months, settings, cart, cartCoupon, coupons] = await Promise.all([
    db
      .selectFrom("subscriptions as s")
      .leftJoin("legendarium_collections as c", "c.id", "s.collection_id")
      .selectAll("s")
      .select("c.name as collection_name")
      .where("s.user_id", "=", userId)
      .orderBy("s.created_at")
      .execute(),
    db
      .selectFrom("collection_entitlements as e")
      .leftJoin("legendarium_collections as c", "c.id", "e.collection_id")
      .selectAll("e")
      .select("c.name as collection_name")
      .where("e.user_id", "=", userId)
      .orderBy("e.starts_at")
      .execute(),
    db
      .selectFrom("plan_months as m")
      .leftJoin("legendarium_collections as mc", "mc.id", "m.collection_id")
      .leftJoin("collection_products as p", "p.id", "m.held_product_id")
      .leftJoin("legendarium_collections as c", "c.id", "p.collection_id")
      .select([
        "m.month",
        "m.source_kind",
        "m.paid_at",
        "mc.name as plan_collection",
        "p.name",
        "c.name as collection_name",
      ])
      .select(REVEAL_COLUMNS)
      .where("m.user_id", "=", userId)
      .orderBy("m.month")
      .execute(),
    db
      .selectFrom("plan_settings as ps")
      .leftJoin("addresses as a", "a.id", "ps.address_id")
      .select([
        "ps.reveal_notifications",
        "ps.new_plan_news",
        "ps.updated_at",
        "a.street",
        "a.number",
        "a.city",
        "a.state",
      ])
      .where("ps.user_id", "=", userId)
      .orderBy("ps.updated_at")
      .execute(),
    withRevealOf(
      db
        .selectFrom("cart_items as ci")
        .select(["ci.quantity", "ci.added_at"])
        .where("ci.user_id", "=", userId),
      "ci.product_id",
    )
      .select(PIECE_NAME)
      .orderBy("ci.added_at")
      .execute(),
    db
      .selectFrom("cart_coupons")
      .select(["code", "applied_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("coupon_customer_uses as u")
      .leftJoin("coupons as k", "k.id", "u.coupon_id")
      .leftJoin("orders as o", "o.id", "u.order_id")
      .select(["k.code", "u.cpf", "o.number", "u.used_at"])
      .where("u.user_id", "=", userId)
      .orderBy("u.used_at")
      .execute(),
  ])
  const charges = subscriptions.length
    ? await db
        .selectFrom("subscription_charges")
        .selectAll()
        .where(
          "subscription_id",
          "in",
          subscriptions.map((s) => s.id),
        )
        .orderBy("charged_at")
        .execute()
    : []
  return {
    subscriptions: subscriptions.map((s) => ({
      collection: s.collection_name,
      plan: s.plan_id,
      frequencyMonths: s.frequency_months,
      amount: s.amount_cents,
      status: s.status,
      cpf: s.cpf,
      cardLastFour: s.card_last_four,
      paymentMethodId: s.payment_method_id,
      coveredFrom: s.covered_from,
      coveredThrough: s.covered_through,
      pausedAt: isoOrNull(s.paused_at),
      pausedUntil: s.paused_until,
      cancelAt: isoOrNull(s.cancel_at),
      cancelReason: s.cancel_reason,
      cancelledAt: isoOrNull(s.cancelled_at),
      activatedAt: isoOrNull(s.activated_at),
      createdAt: iso(s.created_at),
      charges: charges
        .filter((c) => c.subscription_id === s.id)
        .map((c) => ({
          status: c.status,
          statusDetail: c.status_detail,
          amount: c.amount_cents,
          chargedAt: iso(c.charged_at),
          months: c.months,
        })),
    })),
    collectionAccess: access.map((e) => ({
      collection: e.collection_name,
      kind: e.kind,
      status: e.status,
      month: e.month,
      startsAt: iso(e.starts_at),
      endsAt: isoOrNull(e.ends_at),
      createdAt: iso(e.created_at),
    })),
    planMonths: months.map((m) => ({
      collection: m.plan_collection,
      month: m.month,
      kind: m.source_kind,
      paidAt: isoOrNull(m.paid_at),
      heldCharacter: namedPiece(m),
    })),
    planSettings: settings.map((s) => ({
      revealNotifications: s.reveal_notifications,
      newPlanNews: s.new_plan_news,
      deliveryAddress: s.street ? `${s.street}, ${s.number} - ${s.city}/${s.state}` : null,
      updatedAt: iso(s.updated_at),
    })),
    cart: cart.flatMap((c) => {
      const piece = namedPiece(c)
      return piece ? [{ ...piece, quantity: c.quantity, addedAt: iso(c.added_at) }] : []
    }),
    cartCoupon: cartCoupon ? { code: cartCoupon.code, appliedAt: iso(cartCoupon.applied_at) } : null,
    couponUses: coupons.map((u) => ({
      code: u.code,
      cpf: u.cpf,
      orderNumber: u.number,
      usedAt: iso(u.used_at),
    })),
  }
}
