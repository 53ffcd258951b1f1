import { Effect, Layer } from "effect"
import { type Selectable, sql } from "kysely"
import { CouponStore, type StoredCoupon } from "../../application/ports/CouponStore"
import { Db } from "../db/DatabaseService"
import type { CouponsTable } from "../db/tables/orders"
import { withExecutor } from "../db/transaction"

/** A coupons row as the rules read it (the administration's adapter reads the same columns). */
export const storedCoupon = (row: Selectable<CouponsTable>): StoredCoupon => ({
  id: row.id,
  code: row.code,
  type: row.type,
  value: row.value,
  minimumOrderValue: row.minimum_order_cents,
  maximumDiscount: row.maximum_discount_cents,
  maxUses: row.max_uses,
  totalUses: row.total_uses,
  isActive: row.is_active,
  validFrom: new Date(row.valid_from).getTime(),
  validUntil: row.valid_until ? new Date(row.valid_until).getTime() : null,
  oncePerCustomer: row.once_per_customer,
  notWithCoins: row.not_with_coins,
})

export const PostgresCouponStoreLayer = Layer.effect(
  CouponStore,
  Effect.gen(function* () {
    const { db } = yield* Db
    return CouponStore.of({
      findByCode: (code) =>
        withExecutor(db, async (executor) => {
          const row = await executor
            .selectFrom("coupons")
            .selectAll()
            .where("code", "=", code)
            .executeTakeFirst()
          return row ? storedCoupon(row) : null
        }),
      // One conditional update: of N concurrent redemptions past the limit, exactly the first ones win.
      use: (id) =>
        withExecutor(db, async (executor) => {
          const used = await executor
            .updateTable("coupons")
            .set({ total_uses: sql`total_uses + 1` })
            .where("id", "=", id)
            .where((eb) => eb.or([eb("max_uses", "is", null), eb("total_uses", "<", eb.ref("max_uses"))]))
            .returning("id")
            .executeTakeFirst()
          return used !== undefined
        }),
      release: (id) =>
        withExecutor(db, async (executor) => {
          await executor
            .updateTable("coupons")
            .set({ total_uses: sql`greatest(0, total_uses - 1)` })
            .where("id", "=", id)
            .execute()
        }),
      usedByCustomer: (couponId, userId) =>
        withExecutor(db, async (executor) => {
          const row = await executor
            .selectFrom("coupon_customer_uses")
            .select("order_id")
            .where("coupon_id", "=", couponId)
            .where("user_id", "=", userId)
            .executeTakeFirst()
          return row !== undefined
        }),
      // The primary key (coupon, account) and the unique (coupon, CPF) both count: a concurrent twin waits for
      // this transaction and then conflicts, or takes the use if this one rolled back.
      claimForCustomer: (use) =>
        withExecutor(db, async (executor) => {
          const taken = await executor
            .insertInto("coupon_customer_uses")
            .values({
              coupon_id: use.couponId,
              user_id: use.userId,
              cpf: use.cpf,
              order_id: use.orderId,
              used_at: new Date(use.at),
            })
            .onConflict((oc) => oc.doNothing())
            .returning("order_id")
            .execute()
          return taken.length > 0
        }),
      releaseForOrder: (orderId) =>
        withExecutor(db, async (executor) => {
          await executor.deleteFrom("coupon_customer_uses").where("order_id", "=", orderId).execute()
        }),
      recordConversion: (id, revenue) =>
        withExecutor(db, async (executor) => {
          await executor
            .updateTable("coupons")
            .set({ conversions: sql`conversions + 1`, revenue_cents: sql`revenue_cents + ${revenue}` })
            .where("id", "=", id)
            .execute()
        }),
    })
  }),
)
