import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { type Collector, EditionLimits } from "../../application/ports/EditionLimits"
import { HOLDING_ORDER_STATUSES, RELEASED_FULFILMENT_STATUSES } from "../../domain/editions/editionLimit"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"

/** The lines of the collector's orders that hold their units: paid or awaiting payment, not ended. */
const heldLines = (executor: Kysely<Database>, collector: Collector) =>
  executor
    .selectFrom("order_lines as l")
    .innerJoin("orders as o", "o.id", "l.order_id")
    .where("o.status", "in", [...HOLDING_ORDER_STATUSES])
    .where((eb) =>
      eb.or([
        eb("o.fulfilment_status", "is", null),
        eb("o.fulfilment_status", "not in", [...RELEASED_FULFILMENT_STATUSES]),
      ]),
    )
    .where((eb) =>
      collector.cpf === null
        ? eb("o.user_id", "=", collector.userId)
        : eb.or([eb("o.user_id", "=", collector.userId), eb("o.cpf", "=", collector.cpf)]),
    )

/**
 * The count runs on the ambient transaction: in `placeOrder` that is after the product's row was locked, and
 * each statement of a read-committed transaction sees what committed before it, so the orders of every buyer
 * who held the lock earlier are counted.
 */
export const PostgresEditionLimitsLayer = Layer.effect(
  EditionLimits,
  Effect.gen(function* () {
    const { db } = yield* Db
    return EditionLimits.of({
      limits: (ids) =>
        withExecutor(db, async (executor) => {
          if (ids.length === 0) return new Map()
          const rows = await executor
            .selectFrom("collection_products")
            .select(["id", "collector_limit"])
            .where("id", "in", [...ids])
            .execute()
          return new Map(rows.map((r) => [r.id, r.collector_limit]))
        }),
      held: (productId, collector, exceptOrderId) =>
        withExecutor(db, async (executor) => {
          const row = await heldLines(executor, collector)
            .select(sql<number>`coalesce(sum(l.quantity), 0)::int`.as("held"))
            .where("l.product_id", "=", productId)
            .$if(exceptOrderId !== undefined, (q) => q.where("o.id", "!=", exceptOrderId as string))
            .executeTakeFirst()
          // A plan's month paid ahead holds its unit before its shipment order exists: it is the collector's too.
          const ahead = await executor
            .selectFrom("plan_months")
            .select(sql<number>`count(*)::int`.as("n"))
            .where("user_id", "=", collector.userId)
            .where("held_product_id", "=", productId)
            .where("order_id", "is", null)
            .executeTakeFirst()
          return (row?.held ?? 0) + (ahead?.n ?? 0)
        }),
      atLimit: (collector) =>
        withExecutor(db, async (executor) => {
          const ordered = await heldLines(executor, collector)
            .innerJoin("collection_products as cp", "cp.id", "l.product_id")
            .select(["l.product_id", "cp.collector_limit", sql<number>`sum(l.quantity)::int`.as("held")])
            .where("cp.collector_limit", "is not", null)
            .groupBy(["l.product_id", "cp.collector_limit"])
            .execute()
          const ahead = await executor
            .selectFrom("plan_months as m")
            .innerJoin("collection_products as cp", "cp.id", "m.held_product_id")
            .select(["cp.id as product_id", "cp.collector_limit", sql<number>`count(*)::int`.as("held")])
            .where("m.user_id", "=", collector.userId)
            .where("m.order_id", "is", null)
            .where("cp.collector_limit", "is not", null)
            .groupBy(["cp.id", "cp.collector_limit"])
            .execute()
          const held = new Map<string, { limit: number; held: number }>()
          for (const row of [...ordered, ...ahead]) {
            const seen = held.get(row.product_id)
            held.set(row.product_id, { limit: row.collector_limit ?? 0, held: (seen?.held ?? 0) + row.held })
          }
          return [...held].filter(([, h]) => h.held >= h.limit).map(([id]) => id)
        }),
    })
  }),
)
