import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { AdminAuditLog, type AdminChange, type AuditQuery } from "../../application/ports/AdminAuditLog"
import type { AuditSubjectType, FieldChanges } from "../../domain/audit"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"

/** The two logs as one: order and plan entries keep what was asked in `details`, shown as the values it set. */
const trail = (db: Kysely<Database>) =>
  db
    .selectFrom("admin_audit")
    .select([
      "id",
      "subject_type",
      "subject_id",
      "subject_label",
      "action",
      "actor_kind",
      "actor_id",
      "actor_email",
      "changes",
      "created_at",
      sql<boolean>`false`.as("is_order_log"),
    ])
    .unionAll(
      db
        .selectFrom("order_audit")
        .leftJoin("orders", "orders.id", "order_audit.order_id")
        .select([
          "order_audit.id",
          sql<AuditSubjectType>`case when order_audit.plan_id is null then 'order' else 'plan' end`.as(
            "subject_type",
          ),
          sql<string>`coalesce(order_audit.order_id::text, order_audit.plan_id)`.as("subject_id"),
          sql<string>`coalesce(orders.number, order_audit.plan_id, '')`.as("subject_label"),
          "order_audit.action",
          "order_audit.actor_kind",
          "order_audit.actor_id",
          "order_audit.actor_email",
          sql<FieldChanges>`order_audit.details`.as("changes"),
          "order_audit.created_at",
          sql<boolean>`order_audit.plan_id is null`.as("is_order_log"),
        ]),
    )
    .as("trail")

/** An order entry's details are what the action set (carrier, amount): listed as values it gave. */
const asChanges = (details: Record<string, unknown>): FieldChanges =>
  Object.fromEntries(Object.entries(details).map(([key, to]) => [key, { from: null, to }]))

export const PostgresAdminAuditLogLayer = Layer.effect(
  AdminAuditLog,
  Effect.gen(function* () {
    const { db } = yield* Db
    return AdminAuditLog.of({
      record: (change) =>
        withExecutor(db, async (executor) => {
          await executor
            .insertInto("admin_audit")
            .values({
              id: change.id,
              subject_type: change.subjectType,
              subject_id: change.subjectId,
              subject_label: change.subjectLabel,
              action: change.action,
              actor_kind: change.actor.kind,
              actor_id: change.actor.id,
              actor_email: change.actor.email,
              changes: JSON.stringify(change.changes),
              created_at: new Date(change.at),
            })
            .execute()
        }),
      browse: (query: AuditQuery) =>
        withExecutor(db, async (executor) => {
          let base = executor.selectFrom(trail(executor)).where(sql<boolean>`true`)
          if (query.subjectType) base = base.where("trail.subject_type", "=", query.subjectType)
          if (query.search) {
            const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
            base = base.where((eb) =>
              eb.or([eb("trail.actor_email", "ilike", like), eb("trail.subject_label", "ilike", like)]),
            )
          }
          if (query.from !== undefined) base = base.where("trail.created_at", ">=", new Date(query.from))
          if (query.to !== undefined) base = base.where("trail.created_at", "<", new Date(query.to))
          const [rows, count] = await Promise.all([
            base
              .selectAll()
              .orderBy("trail.created_at", "desc")
              .orderBy("trail.id", "desc")
              .limit(query.pageSize)
              .offset((query.page - 1) * query.pageSize)
              .execute(),
            base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
          ])
          return {
            total: Number(count.n),
            rows: rows.map(
              (row): AdminChange => ({
                id: row.id,
                subjectType: row.subject_type,
                subjectId: row.subject_id,
                subjectLabel: row.subject_label,
                action: row.action,
                actor: { kind: row.actor_kind, id: row.actor_id, email: row.actor_email },
                changes: row.is_order_log ? asChanges(row.changes as Record<string, unknown>) : row.changes,
                at: new Date(row.created_at).getTime(),
              }),
            ),
          }
        }),
    })
  }),
)
