import { Effect, Layer } from "effect"
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from "kysely"
import { type AdminCoupon, CouponCatalog, type CouponQuery } from "../../application/ports/CouponCatalog"
import { normalizeCouponCode } from "../../domain/orders/coupon"
import type { CouponFields, CouponFilter, CouponStatus } from "../../domain/orders/couponAdmin"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { CouponsTable } from "../db/tables/orders"
import { withExecutor } from "../db/transaction"
import { storedCoupon } from "./PostgresCouponStore"

type Row = Selectable<CouponsTable> & {
  conversions_paid: number | string | null
  revenue_paid: number | string | null
}
type Eb = ExpressionBuilder<Database, "coupons">

const UNIQUE_VIOLATION = "23505"
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The SQL of the domain's statuses (couponStatus): past its end a coupon is expired whatever its switch. */
const statusIs = (eb: Eb, status: CouponStatus, now: Date) => {
  const ended = eb.and([eb("coupons.valid_until", "is not", null), eb("coupons.valid_until", "<", now)])
  const running = eb.or([eb("coupons.valid_until", "is", null), eb("coupons.valid_until", ">=", now)])
  if (status === "expired") return ended
  return eb.and([running, eb("coupons.is_active", "=", status === "active")])
}

const filtered = (db: Kysely<Database>, filter: CouponFilter, now: Date) =>
  db.selectFrom("coupons").where((eb) => {
    const search = filter.search ? normalizeCouponCode(filter.search) : ""
    return eb.and([
      ...(search ? [eb("coupons.code", "like", `%${escapeLike(search)}%`)] : []),
      ...(filter.type ? [eb("coupons.type", "=", filter.type)] : []),
      ...(filter.status ? [statusIs(eb, filter.status, now)] : []),
      ...(filter.from !== undefined ? [eb("coupons.created_at", ">=", new Date(filter.from))] : []),
      ...(filter.to !== undefined ? [eb("coupons.created_at", "<", new Date(filter.to))] : []),
    ])
  })

/**
 * Conversions and revenue from the orders themselves: paid and not refunded. The coupons table's counters only
 * ever grow (a refund or a cancellation after payment does not take them back), so they are not shown; the
 * lookup uses orders_coupon_idx, one index probe per coupon on the page.
 */
const withUsage = (query: ReturnType<typeof filtered>) =>
  query
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("orders")
          .whereRef("orders.coupon_id", "=", "coupons.id")
          .where("orders.status", "=", "paid")
          .where("orders.refunded_at", "is", null)
          .select([
            sql<number>`count(*)::int`.as("conversions_paid"),
            sql<string>`coalesce(sum(orders.total_cents), 0)::bigint`.as("revenue_paid"),
          ])
          .as("usage"),
      (join) => join.onTrue(),
    )
    .selectAll("coupons")
    .select(["usage.conversions_paid", "usage.revenue_paid"])

const toCoupon = (row: Row): AdminCoupon => ({
  ...storedCoupon(row),
  createdAt: new Date(row.created_at).getTime(),
  updatedAt: new Date(row.updated_at).getTime(),
  conversions: Number(row.conversions_paid ?? 0),
  revenue: Number(row.revenue_paid ?? 0),
})

const columns = (fields: CouponFields) => ({
  code: fields.code,
  type: fields.type,
  value: fields.value,
  minimum_order_cents: fields.minimumOrderValue,
  maximum_discount_cents: fields.maximumDiscount,
  max_uses: fields.maxUses,
  valid_from: new Date(fields.validFrom),
  valid_until: fields.validUntil === null ? null : new Date(fields.validUntil),
  once_per_customer: fields.oncePerCustomer,
  not_with_coins: fields.notWithCoins,
})

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === UNIQUE_VIOLATION

export const PostgresCouponCatalogLayer = Layer.effect(
  CouponCatalog,
  Effect.gen(function* () {
    const { db } = yield* Db
    const find = (executor: Kysely<Database>, id: string) =>
      withUsage(filtered(executor, {}, new Date()).where("coupons.id", "=", id))
        .executeTakeFirst()
        .then((row) => (row ? toCoupon(row) : null))
    return CouponCatalog.of({
      list: (query: CouponQuery, now) =>
        withExecutor(db, async (executor) => {
          const base = filtered(executor, query, new Date(now))
          let page = withUsage(base)
          if (query.sort === "code") page = page.orderBy("coupons.code", "asc")
          else if (query.sort === "uses") page = page.orderBy("coupons.total_uses", "desc")
          page = page.orderBy("coupons.created_at", "desc").orderBy("coupons.id", "desc")
          const [rows, count] = await Promise.all([
            page
              .limit(query.pageSize)
              .offset((query.page - 1) * query.pageSize)
              .execute(),
            base.select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow(),
          ])
          return { rows: rows.map(toCoupon), total: count.n }
        }),
      counts: (now) =>
        withExecutor(db, (executor) =>
          executor
            .selectFrom("coupons")
            .select((eb) => [
              sql<number>`count(*)::int`.as("total"),
              sql<number>`(count(*) filter (where ${statusIs(eb, "active", new Date(now))}))::int`.as(
                "active",
              ),
            ])
            .executeTakeFirstOrThrow(),
        ),
      find: (id) => withExecutor(db, (executor) => find(executor, id)),
      codesStartingWith: (prefix) =>
        withExecutor(db, async (executor) => {
          const rows = await executor
            .selectFrom("coupons")
            .select("code")
            .where("code", "like", `${escapeLike(prefix)}%`)
            .execute()
          return new Set(rows.map((r) => r.code))
        }),
      // `on conflict do nothing`: a code taken, even by a transaction committing at this very moment, is an
      // answer, not an error that would abort the unit of work.
      insert: (id, fields, isActive, now) =>
        withExecutor(db, async (executor) => {
          const at = new Date(now)
          const inserted = await executor
            .insertInto("coupons")
            .values({ id, ...columns(fields), is_active: isActive, created_at: at, updated_at: at })
            .onConflict((oc) => oc.column("code").doNothing())
            .returning("id")
            .executeTakeFirst()
          return inserted ? ((await find(executor, id)) ?? "code_taken") : "code_taken"
        }),
      // A new code taken by another coupon breaks the unique constraint; the failed statement leaves the
      // transaction unusable, and the use case ends it at once with the pt-BR refusal.
      update: (id, fields, now) =>
        withExecutor(db, async (executor) => {
          try {
            const updated = await executor
              .updateTable("coupons")
              .set({ ...columns(fields), updated_at: new Date(now) })
              .where("id", "=", id)
              .returning("id")
              .executeTakeFirst()
            return updated ? find(executor, id) : null
          } catch (error) {
            if (isUniqueViolation(error)) return "code_taken" as const
            throw error
          }
        }),
      setActive: (id, isActive, now) =>
        withExecutor(db, async (executor) => {
          const updated = await executor
            .updateTable("coupons")
            .set({ is_active: isActive, updated_at: new Date(now) })
            .where("id", "=", id)
            .returning("id")
            .executeTakeFirst()
          return updated ? find(executor, id) : null
        }),
      remove: (id) =>
        withExecutor(db, async (executor) => {
          const deleted = await executor.deleteFrom("coupons").where("id", "=", id).returning("id").execute()
          return deleted.length > 0
        }),
    })
  }),
)
