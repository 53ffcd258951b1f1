import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
import { type AuditEntry, OrderAuditLog } from "../../application/ports/OrderAuditLog"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { OrderAuditTable } from "../db/tables/fulfilment"
import { withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"

const common = (row: Selectable<OrderAuditTable>) => ({
  id: row.id,
  action: row.action,
  actor: { kind: row.actor_kind, id: row.actor_id, email: row.actor_email },
  actionKey: row.action_key,
  details: row.details,
  at: ms(row.created_at),
})

const toEntry = (row: Selectable<OrderAuditTable>): AuditEntry => ({
  id: row.id,
  orderId: row.order_id ?? "",
  action: row.action,
  actor: { kind: row.actor_kind, id: row.actor_id, email: row.actor_email },
  actionKey: row.action_key,
  details: row.details,
  at: ms(row.created_at),
})

export const PostgresOrderAuditLogLayer = Layer.effect(
  OrderAuditLog,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return OrderAuditLog.of({
      record: (entry) =>
        run(async (executor) => {
          const inserted = await executor
            .insertInto("order_audit")
            .values({
              id: entry.id,
              order_id: entry.orderId,
              action: entry.action,
              actor_kind: entry.actor.kind,
              actor_id: entry.actor.id,
              actor_email: entry.actor.email,
              action_key: entry.actionKey,
              details: JSON.stringify(entry.details),
              created_at: new Date(entry.at),
            })
            .onConflict((oc) => oc.column("action_key").doNothing())
            .returning("id")
            .executeTakeFirst()
          return inserted !== undefined
        }),
      recordPlanChange: (entry) =>
        run(async (executor) => {
          const inserted = await executor
            .insertInto("order_audit")
            .values({
              id: entry.id,
              order_id: null,
              plan_id: entry.planId,
              action: entry.action,
              actor_kind: entry.actor.kind,
              actor_id: entry.actor.id,
              actor_email: entry.actor.email,
              action_key: entry.actionKey,
              details: JSON.stringify(entry.details),
              created_at: new Date(entry.at),
            })
            .onConflict((oc) => oc.column("action_key").doNothing())
            .returning("id")
            .executeTakeFirst()
          return inserted !== undefined
        }),
      listForPlan: (planId) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("order_audit")
              .selectAll()
              .where("plan_id", "=", planId)
              .orderBy("created_at")
              .orderBy("id")
              .execute()
          ).map((row) => ({ ...common(row), planId })),
        ),
      findByKey: (actionKey) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("order_audit")
            .selectAll()
            .where("action_key", "=", actionKey)
            .executeTakeFirst()
          return row ? toEntry(row) : null
        }),
      listFor: (orderId) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("order_audit")
              .selectAll()
              .where("order_id", "=", orderId)
              .orderBy("created_at")
              .orderBy("id")
              .execute()
          ).map(toEntry),
        ),
    })
  }),
)
