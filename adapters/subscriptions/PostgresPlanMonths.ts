import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { DEFAULT_PLAN_SETTINGS, type PlanMonth, PlanMonths } from "../../application/ports/PlanMonths"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { PlanMonthsTable } from "../db/tables/subscriptions"
import { withExecutor } from "../db/transaction"
import { isUuid } from "../db/uuid"
import { ms } from "../orders/orderRows"

function toMonth(row: Selectable<PlanMonthsTable>): PlanMonth {
  return {
    sourceId: row.source_id,
    sourceKind: row.source_kind,
    userId: row.user_id ?? "",
    collectionId: row.collection_id,
    month: row.month.trim(),
    paidAt: ms(row.paid_at),
    heldProductId: row.held_product_id,
    orderId: row.order_id,
  }
}

/** The months plans cover (the shipments' key), their settings, and the entitlements they give. */
export const PostgresPlanMonthsLayer = Layer.effect(
  PlanMonths,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return PlanMonths.of({
      add: (months) =>
        months.length === 0
          ? Effect.succeed([])
          : run(async (executor) => {
              const rows = await executor
                .insertInto("plan_months")
                .values(
                  months.map((m) => ({
                    source_id: m.sourceId,
                    month: m.month,
                    source_kind: m.sourceKind,
                    user_id: m.userId,
                    collection_id: m.collectionId,
                    paid_at: new Date(m.paidAt),
                    held_product_id: m.heldProductId,
                    order_id: m.orderId,
                  })),
                )
                .onConflict((oc) => oc.columns(["source_id", "month"]).doNothing())
                .returningAll()
                .execute()
              return rows.map(toMonth)
            }),
      of: (sourceId) =>
        isUuid(sourceId)
          ? run(async (executor) =>
              (
                await executor
                  .selectFrom("plan_months")
                  .selectAll()
                  .where("source_id", "=", sourceId)
                  .orderBy("month")
                  .execute()
              ).map(toMonth),
            )
          : Effect.succeed([]),
      ofUser: (userId) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("plan_months")
              .selectAll()
              .where("user_id", "=", userId)
              .orderBy("source_id")
              .orderBy("month")
              .execute()
          ).map(toMonth),
        ),
      lock: (sourceId, month) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("plan_months")
            .selectAll()
            .where("source_id", "=", sourceId)
            .where("month", "=", month)
            .forUpdate()
            .executeTakeFirst()
          return row ? toMonth(row) : null
        }),
      setOrder: (sourceId, month, orderId) =>
        run(async (executor) => {
          await executor
            .updateTable("plan_months")
            .set({ order_id: orderId })
            .where("source_id", "=", sourceId)
            .where("month", "=", month)
            .execute()
        }),
      setHeld: (sourceId, month, productId) =>
        run(async (executor) => {
          await executor
            .updateTable("plan_months")
            .set({ held_product_id: productId })
            .where("source_id", "=", sourceId)
            .where("month", "=", month)
            .execute()
        }),
      remove: (sourceId, month) =>
        run(async (executor) => {
          await executor
            .deleteFrom("collection_entitlements")
            .where("source_id", "=", sourceId)
            .where("month", "=", month)
            .execute()
          await executor
            .deleteFrom("plan_months")
            .where("source_id", "=", sourceId)
            .where("month", "=", month)
            .execute()
        }),
      unshipped: (since, through, limit) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("plan_months")
              .selectAll()
              .where("order_id", "is", null)
              // A deleted account's months end with it (closeAccount): one left behind has nowhere to go.
              .where("user_id", "is not", null)
              .where("month", ">=", since)
              .where("month", "<=", through)
              .orderBy("month")
              .orderBy("source_id")
              .limit(limit)
              .execute()
          ).map(toMonth),
        ),
      settings: (sourceId) =>
        isUuid(sourceId)
          ? run(async (executor) => {
              const row = await executor
                .selectFrom("plan_settings")
                .select(["reveal_notifications", "new_plan_news", "address_id"])
                .where("source_id", "=", sourceId)
                .executeTakeFirst()
              return row
                ? {
                    revealNotifications: row.reveal_notifications,
                    newPlanNews: row.new_plan_news,
                    addressId: row.address_id,
                  }
                : DEFAULT_PLAN_SETTINGS
            })
          : Effect.succeed(DEFAULT_PLAN_SETTINGS),
      saveSettings: (sourceId, userId, settings) =>
        run(async (executor) => {
          const columns = {
            reveal_notifications: settings.revealNotifications,
            new_plan_news: settings.newPlanNews,
            address_id: settings.addressId,
            updated_at: new Date(),
          }
          await executor
            .insertInto("plan_settings")
            .values({ source_id: sourceId, user_id: userId, ...columns })
            .onConflict((oc) => oc.column("source_id").doUpdateSet(columns))
            .execute()
        }),
      saveEntitlements: (entitlements) =>
        entitlements.length === 0
          ? Effect.void
          : run(async (executor) => {
              await executor
                .insertInto("collection_entitlements")
                .values(
                  entitlements.map((e) => ({
                    source_id: e.sourceId,
                    month: e.month,
                    user_id: e.userId,
                    collection_id: e.collectionId,
                    kind: e.kind,
                    status: "active" as const,
                    starts_at: new Date(e.startsAt),
                    ends_at: new Date(e.endsAt),
                  })),
                )
                .onConflict((oc) =>
                  oc.columns(["source_id", "month"]).doUpdateSet((eb) => ({
                    starts_at: eb.ref("excluded.starts_at"),
                    ends_at: eb.ref("excluded.ends_at"),
                  })),
                )
                .execute()
            }),
    })
  }),
)
