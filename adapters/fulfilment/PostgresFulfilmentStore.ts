import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { FulfilmentStore, type OrderWithFulfilment } from "../../application/ports/FulfilmentStore"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { isUuid } from "../db/uuid"
import { civilText, linesWithReveal, toOrder } from "../orders/orderRows"
import {
  maybeDate,
  refundColumns,
  requestColumns,
  shipmentColumns,
  toFulfilment,
  toRefund,
  toRequest,
  toShipment,
} from "./fulfilmentRows"

const dayText = (d: Parameters<typeof civilText>[0]) => civilText(d) ?? ""

async function load(
  executor: Kysely<Database>,
  orderId: string,
  lock: boolean,
): Promise<OrderWithFulfilment | null> {
  if (!isUuid(orderId)) return null
  const q = executor.selectFrom("orders").selectAll().where("id", "=", orderId)
  const row = await (lock ? q.forUpdate() : q).executeTakeFirst()
  if (!row) return null
  // One after the other: inside a transaction they share one connection anyway.
  const lines = await linesWithReveal(executor).where("l.order_id", "=", orderId).execute()
  const shipments = await executor
    .selectFrom("shipments")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("shipped_at")
    .execute()
  const refunds = await executor
    .selectFrom("refunds")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("requested_at")
    .execute()
  const requests = await executor
    .selectFrom("after_sale_requests")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("requested_at")
    .execute()
  const order = toOrder(row, lines)
  return {
    order,
    fulfilment: toFulfilment(row, order, {
      shipments: shipments.map(toShipment),
      refunds: refunds.map(toRefund),
      requests: requests.map(toRequest),
    }),
  }
}

export const PostgresFulfilmentStoreLayer = Layer.effect(
  FulfilmentStore,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)

    return FulfilmentStore.of({
      get: (orderId) => run((executor) => load(executor, orderId, false)),
      lock: (orderId) => run((executor) => load(executor, orderId, true)),
      claimUnitsRelease: (orderId, at) =>
        run(async (executor) => {
          const claimed = await executor
            .updateTable("orders")
            .set({ units_released_at: new Date(at) })
            .where("id", "=", orderId)
            .where("units_released_at", "is", null)
            .executeTakeFirst()
          return Number(claimed.numUpdatedRows) === 1
        }),
      save: (f) =>
        run(async (executor) => {
          const now = new Date()
          await executor
            .updateTable("orders")
            .set({
              fulfilment_status: f.status,
              production_started_at: maybeDate(f.productionStartedAt),
              produced_at: maybeDate(f.producedAt),
              fulfilment_cancelled_at: maybeDate(f.cancelledAt),
              refunded_at: maybeDate(f.refundedAt),
              updated_at: now,
            })
            .where("id", "=", f.orderId)
            .execute()
          // One statement per child: a few rows per order, and PGlite runs them on its one connection anyway.
          for (const s of f.shipments) {
            const columns = { ...shipmentColumns(s, dayText), updated_at: now }
            await executor
              .insertInto("shipments")
              .values({ id: s.id, order_id: f.orderId, ...columns, created_at: now })
              .onConflict((oc) => oc.column("id").doUpdateSet(columns))
              .execute()
          }
          for (const r of f.refunds)
            await executor
              .insertInto("refunds")
              .values({ id: r.id, order_id: f.orderId, ...refundColumns(r) })
              .onConflict((oc) => oc.column("id").doUpdateSet(refundColumns(r)))
              .execute()
          for (const q of f.requests)
            await executor
              .insertInto("after_sale_requests")
              .values({ id: q.id, order_id: f.orderId, ...requestColumns(q) })
              .onConflict((oc) => oc.column("id").doUpdateSet(requestColumns(q)))
              .execute()
        }),
      findByTrackingCode: (code) =>
        run(async (executor) => {
          const text = code.trim().toUpperCase()
          if (!text) return null
          const ours = await executor
            .selectFrom("orders")
            .select("id")
            .where("tracking_code", "=", text)
            .executeTakeFirst()
          if (ours) return ours.id
          const theirs = await executor
            .selectFrom("shipments")
            .select("order_id")
            .where(sql<string>`upper(tracking_code)`, "=", text)
            .orderBy("shipped_at", "desc")
            .executeTakeFirst()
          return theirs?.order_id ?? null
        }),
      findByNumber: (orderNumber) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("orders")
            .select("id")
            .where("number", "=", orderNumber.trim().toUpperCase())
            .executeTakeFirst()
          return row?.id ?? null
        }),
    })
  }),
)
