import { Effect, Layer } from "effect"
import { type Kysely, type SqlBool, sql } from "kysely"
import {
  type AdminPaymentFilter,
  AdminPaymentQueries,
  type AdminPaymentSort,
} from "../../application/ports/AdminPaymentQueries"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"

const ms = (d: Date | string) => new Date(d).getTime()

/** The search is an exact lookup: the order's number (unique) or the gateway's payment id (unique). */
function filtered(executor: Kysely<Database>, filter: AdminPaymentFilter) {
  let q = executor.selectFrom("payment_attempts as a").innerJoin("orders as o", "o.id", "a.order_id")
  if (filter.status) q = q.where("a.status", "=", filter.status)
  if (filter.method) q = q.where("a.method", "=", filter.method)
  if (filter.from !== null) q = q.where("a.created_at", ">=", new Date(filter.from))
  if (filter.before !== null) q = q.where("a.created_at", "<", new Date(filter.before))
  if (filter.search) {
    const search = filter.search
    q = q.where(sql<SqlBool>`(o.number = ${search.toUpperCase()} or a.gateway_payment_id = ${search})`)
  }
  return q
}

const ORDER_BY: Readonly<Record<AdminPaymentSort, ReturnType<typeof sql>>> = {
  recent: sql`a.created_at desc, a.id desc`,
  oldest: sql`a.created_at asc, a.id asc`,
  amount_desc: sql`a.amount_cents desc, a.created_at desc, a.id desc`,
  amount_asc: sql`a.amount_cents asc, a.created_at asc, a.id asc`,
}

export const PostgresAdminPaymentQueriesLayer = Layer.effect(
  AdminPaymentQueries,
  Effect.gen(function* () {
    const { db } = yield* Db
    return AdminPaymentQueries.of({
      payments: (filter, sort, slice) =>
        withExecutor(db, async (executor) => {
          const counted = await filtered(executor, filter)
            .select(sql<number>`count(*)::int`.as("n"))
            .executeTakeFirst()
          const rows = await filtered(executor, filter)
            .select([
              "a.id",
              "a.order_id",
              "o.number",
              "a.method",
              "a.amount_cents",
              "a.installments",
              "a.status",
              "a.status_detail",
              "a.gateway_payment_id",
              "a.payment_method_id",
              "a.card_last_four",
              "a.created_at",
              "a.updated_at",
            ])
            .orderBy(ORDER_BY[sort])
            .offset(slice.offset)
            .limit(slice.limit)
            .execute()
          return {
            total: counted?.n ?? 0,
            rows: rows.map((r) => ({
              id: r.id,
              orderId: r.order_id,
              orderNumber: r.number,
              method: r.method,
              amount: r.amount_cents,
              installments: r.installments,
              status: r.status,
              statusDetail: r.status_detail,
              gatewayPaymentId: r.gateway_payment_id,
              paymentMethodId: r.payment_method_id,
              cardLastFour: r.card_last_four,
              createdAt: ms(r.created_at),
              updatedAt: ms(r.updated_at),
            })),
          }
        }),

      subscriptionCharges: (status, slice) =>
        withExecutor(db, async (executor) => {
          let q = executor
            .selectFrom("subscription_charges as c")
            .innerJoin("subscriptions as s", "s.id", "c.subscription_id")
            .innerJoin("legendarium_collections as col", "col.id", "s.collection_id")
            .leftJoin("auth_user as u", "u.id", "s.user_id")
          if (status) q = q.where("c.status", "=", status as "approved")
          const counted = await q.select(sql<number>`count(*)::int`.as("n")).executeTakeFirst()
          const rows = await q
            .select([
              "c.id",
              "c.subscription_id",
              "c.status",
              "c.status_detail",
              "c.amount_cents",
              "c.retry_attempt",
              "c.months",
              "c.charged_at",
              "s.plan_id",
              "col.name as collection_name",
              "u.email",
            ])
            .orderBy("c.charged_at", "desc")
            .orderBy("c.id", "desc")
            .offset(slice.offset)
            .limit(slice.limit)
            .execute()
          return {
            total: counted?.n ?? 0,
            rows: rows.map((r) => ({
              id: r.id,
              subscriptionId: r.subscription_id,
              customerEmail: r.email,
              collectionName: r.collection_name,
              planId: r.plan_id,
              status: r.status,
              statusDetail: r.status_detail,
              amount: r.amount_cents,
              retryAttempt: r.retry_attempt,
              months: r.months,
              chargedAt: ms(r.charged_at),
            })),
          }
        }),
      receipts: (outcome, slice) =>
        withExecutor(db, async (executor) => {
          let q = executor.selectFrom("webhook_receipts")
          if (outcome) q = q.where("outcome", "=", outcome)
          const counted = await q.select(sql<number>`count(*)::int`.as("n")).executeTakeFirst()
          const rows = await q
            .select(["id", "topic", "data_id", "signature_valid", "outcome", "reason", "received_at"])
            .orderBy("received_at", "desc")
            .orderBy("id", "desc")
            .offset(slice.offset)
            .limit(slice.limit)
            .execute()
          return {
            total: counted?.n ?? 0,
            rows: rows.map((r) => ({
              id: r.id,
              topic: r.topic,
              dataId: r.data_id,
              signatureValid: r.signature_valid,
              outcome: r.outcome,
              reason: r.reason,
              receivedAt: ms(r.received_at),
            })),
          }
        }),
    })
  }),
)
