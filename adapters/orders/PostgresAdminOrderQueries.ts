import { Effect, Layer } from "effect"
import { type Expression, type Kysely, type SqlBool, sql } from "kysely"
import {
  type AdminOrderFilter,
  AdminOrderQueries,
  type AdminOrderSort,
} from "../../application/ports/AdminOrderQueries"
import type { OrderSearch } from "../../domain/orders/orderSearch"
import { orderPlanLabel } from "../../domain/subscriptions/prepaidPlans"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { isUuid } from "../db/uuid"
import { ms } from "./orderRows"
import { toAttempt } from "./PostgresOrderStore"

/**
 * Every reading of the search is an exact lookup on its own index (number and tracking code are unique,
 * `orders_cpf_idx`, `shipments_carrier_code_idx`, `auth_user.email` with `orders_user_idx`); their union gives
 * the ids, so no reading turns the search into a scan.
 */
function searchIds(search: OrderSearch): Expression<SqlBool> {
  const branches = []
  if (search.code) {
    branches.push(sql`select id from orders where number = ${search.code}`)
    branches.push(sql`select id from orders where tracking_code = ${search.code}`)
    branches.push(sql`select order_id from shipments where upper(tracking_code) = ${search.code}`)
  }
  if (search.cpf) branches.push(sql`select id from orders where cpf = ${search.cpf}`)
  if (search.email)
    branches.push(
      sql`select m.id from orders m join auth_user u on u.id = m.user_id where u.email = ${search.email}`,
    )
  if (branches.length === 0) return sql<SqlBool>`false`
  return sql<SqlBool>`(o.id in (${sql.join(branches, sql` union all `)}))`
}

/** The attempt the list shows: the one that paid, else the one the customer is on. */
const shownAttempt = sql`coalesce(o.paid_attempt_id, o.current_attempt_id)`

function filtered(executor: Kysely<Database>, filter: AdminOrderFilter) {
  let q = executor
    .selectFrom("orders as o")
    .leftJoin("payment_attempts as a", (join) => join.on(sql<SqlBool>`(a.id = ${shownAttempt})`))
  if (filter.paymentStatus) q = q.where("o.status", "=", filter.paymentStatus)
  if (filter.fulfilmentStatus) q = q.where("o.fulfilment_status", "=", filter.fulfilmentStatus)
  if (filter.method) q = q.where("a.method", "=", filter.method)
  if (filter.placedFrom !== null) q = q.where("o.placed_at", ">=", new Date(filter.placedFrom))
  if (filter.placedBefore !== null) q = q.where("o.placed_at", "<", new Date(filter.placedBefore))
  if (filter.collectionId) {
    const collectionId = filter.collectionId
    q = q.where(
      sql<SqlBool>`(o.id in (select order_id from order_lines where collection_id = ${collectionId}))`,
    )
  }
  if (filter.search) q = q.where(searchIds(filter.search))
  return q
}

const ORDER_BY: Readonly<Record<AdminOrderSort, ReturnType<typeof sql>>> = {
  recent: sql`o.placed_at desc, o.id desc`,
  oldest: sql`o.placed_at asc, o.id asc`,
  total_desc: sql`o.total_cents desc, o.placed_at desc, o.id desc`,
  total_asc: sql`o.total_cents asc, o.placed_at asc, o.id asc`,
}

export const PostgresAdminOrderQueriesLayer = Layer.effect(
  AdminOrderQueries,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)

    return AdminOrderQueries.of({
      list: (filter, sort, page) =>
        run(async (executor) => {
          // A collection id that is not a uuid matches nothing (and must not reach a uuid column as text).
          if (filter.collectionId && !isUuid(filter.collectionId)) return { rows: [], total: 0 }
          const counted = await filtered(executor, filter)
            .select(sql<number>`count(*)::int`.as("n"))
            .executeTakeFirst()
          const rows = await filtered(executor, filter)
            .leftJoin("auth_user as u", "u.id", "o.user_id")
            .select([
              "o.id",
              "o.number",
              "o.tracking_code",
              "o.placed_at",
              "o.paid_at",
              "o.status",
              "o.fulfilment_status",
              "o.subtotal_cents",
              "o.discount_cents",
              "o.shipping_cents",
              "o.total_cents",
              "o.cpf",
              "o.plan",
              "a.method",
              "a.installments",
              "u.email",
              sql<string>`o.address->>'name'`.as("customer_name"),
              sql<string>`o.address->>'city'`.as("city"),
              sql<string>`o.address->>'state'`.as("state"),
              sql<number>`(select coalesce(sum(quantity), 0)::int from order_lines l where l.order_id = o.id)`.as(
                "items",
              ),
              sql<string[]>`(select coalesce(json_agg(l.collection_name order by l.position), '[]'::json)
                from order_lines l where l.order_id = o.id)`.as("collections"),
              sql<string | null>`(select s.carrier from shipments s where s.order_id = o.id
                order by s.shipped_at desc limit 1)`.as("carrier"),
              sql<string | null>`(select s.tracking_code from shipments s where s.order_id = o.id
                order by s.shipped_at desc limit 1)`.as("carrier_code"),
            ])
            .orderBy(ORDER_BY[sort])
            .offset(page.offset)
            .limit(page.limit)
            .execute()
          return {
            total: counted?.n ?? 0,
            rows: rows.map((r) => ({
              id: r.id,
              number: r.number,
              trackingCode: r.tracking_code,
              placedAt: ms(r.placed_at),
              paidAt: r.paid_at ? ms(r.paid_at) : null,
              status: r.status,
              fulfilmentStatus: r.fulfilment_status,
              subtotal: r.subtotal_cents,
              discount: r.discount_cents,
              shipping: r.shipping_cents,
              total: r.total_cents,
              method: r.method ?? null,
              installments: r.installments ?? null,
              items: r.plan ? 1 : r.items,
              // A plan order has no lines: it is the plan it bought, of one collection.
              plan: r.plan ? orderPlanLabel(r.plan) : null,
              customerName: r.customer_name ?? "",
              email: r.email ?? null,
              cpf: r.cpf,
              city: r.city ?? "",
              state: r.state ?? "",
              carrier: r.carrier,
              carrierCode: r.carrier_code,
              collections: r.plan ? [r.plan.collectionName] : [...new Set(r.collections)],
            })),
          }
        }),
      attempts: (orderId) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("payment_attempts")
              .selectAll()
              .where("order_id", "=", orderId)
              .orderBy("created_at")
              .execute()
          ).map(toAttempt),
        ),
      events: (orderId) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("outbox_events")
              .select(["id", "type", "occurred_at", "status"])
              .where("aggregate_id", "=", orderId)
              .orderBy("id")
              .execute()
          ).map((e) => ({ id: String(e.id), type: e.type, occurredAt: ms(e.occurred_at), status: e.status })),
        ),
      collections: () =>
        run((executor) =>
          executor.selectFrom("legendarium_collections").select(["id", "name"]).orderBy("name").execute(),
        ),
    })
  }),
)
