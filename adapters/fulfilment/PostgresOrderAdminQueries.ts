import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { type AdminOrderFilter, OrderAdminQueries } from "../../application/ports/OrderAdminQueries"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"

/** The orders a filter matches, joined to their customer and paying attempt; every condition uses an index. */
function matching(executor: Kysely<Database>, filter: AdminOrderFilter) {
  let q = executor
    .selectFrom("orders as o")
    .leftJoin("auth_user as u", "u.id", "o.user_id")
    .leftJoin("payment_attempts as a", (join) =>
      join.on(sql<boolean>`(a.id = coalesce(o.paid_attempt_id, o.current_attempt_id))`),
    )
  if (filter.status) q = q.where("o.status", "=", filter.status)
  if (filter.fulfilmentStatus) q = q.where("o.fulfilment_status", "=", filter.fulfilmentStatus)
  if (filter.method) q = q.where("a.method", "=", filter.method)
  if (filter.placedFrom != null) q = q.where("o.placed_at", ">=", new Date(filter.placedFrom))
  if (filter.placedTo != null) q = q.where("o.placed_at", "<", new Date(filter.placedTo))
  if (filter.collectionId) {
    const collectionId = filter.collectionId
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom("order_lines as l")
          .select(sql`1`.as("one"))
          .whereRef("l.order_id", "=", "o.id")
          .where("l.collection_id", "=", collectionId),
      ),
    )
  }
  const text = filter.search?.trim()
  if (text) {
    const upper = text.toUpperCase()
    const digits = text.replace(/\D/g, "")
    q = q.where((eb) =>
      eb.or([
        eb("o.number", "=", upper),
        eb("o.tracking_code", "=", upper),
        eb(sql<string>`lower(u.email)`, "=", text.toLowerCase()),
        ...(digits.length === 11 ? [eb("o.cpf", "=", digits)] : []),
        eb.exists(
          eb
            .selectFrom("shipments as s")
            .select(sql`1`.as("one"))
            .whereRef("s.order_id", "=", "o.id")
            .where(sql<string>`upper(s.tracking_code)`, "=", upper),
        ),
      ]),
    )
  }
  return q
}

export const PostgresOrderAdminQueriesLayer = Layer.effect(
  OrderAdminQueries,
  Effect.gen(function* () {
    const { db } = yield* Db
    return OrderAdminQueries.of({
      list: (filter, page) =>
        withExecutor(db, async (executor) => {
          const counted = await matching(executor, filter)
            .select(sql<number>`count(*)::int`.as("n"))
            .executeTakeFirst()
          const rows = await matching(executor, filter)
            .select([
              "o.id",
              "o.number",
              "o.placed_at",
              "o.status",
              "o.fulfilment_status",
              "o.total_cents",
              "o.tracking_code",
              "o.address",
              "a.method",
              "u.email",
              sql<number>`(select coalesce(sum(quantity), 0)::int from order_lines l where l.order_id = o.id)`.as(
                "items",
              ),
              sql<
                string[]
              >`(select coalesce(array_agg(distinct collection_name), '{}') from order_lines l where l.order_id = o.id)`.as(
                "collections",
              ),
              sql<
                string | null
              >`(select tracking_code from shipments s where s.order_id = o.id order by shipped_at desc limit 1)`.as(
                "carrier_code",
              ),
            ])
            .orderBy("o.placed_at", "desc")
            .orderBy("o.id", "desc")
            .offset(page.offset)
            .limit(page.limit)
            .execute()
          return {
            total: counted?.n ?? 0,
            rows: rows.map((r) => ({
              id: r.id,
              number: r.number,
              placedAt: ms(r.placed_at),
              status: r.status,
              fulfilmentStatus: r.fulfilment_status,
              method: r.method ?? null,
              customerName: r.address.name,
              customerEmail: r.email ?? null,
              total: r.total_cents,
              items: r.items,
              collections: [...r.collections].sort(),
              trackingCode: r.tracking_code,
              carrierCode: r.carrier_code,
            })),
          }
        }),
    })
  }),
)
