import { Effect } from "effect"
import { toSaoPauloCivil } from "../../domain/calendar"
import { Clock } from "../ports/Clock"
import { type AdminOrderFilter, OrderAdminQueries } from "../ports/OrderAdminQueries"
import { requireOrderManager } from "./actors"
import { ordersCsv } from "./ordersCsv"

/** An export is for a spreadsheet, not a backup: beyond this, narrow the filter. */
export const EXPORT_MAX = 10_000

/** The same filtered list as a CSV file (up to EXPORT_MAX orders). */
export const exportAdminOrders = Effect.fn("Fulfilment.exportAdminOrders")(function* (
  filter: AdminOrderFilter,
) {
  yield* requireOrderManager
  const queries = yield* OrderAdminQueries
  const rows = []
  for (let offset = 0; offset < EXPORT_MAX; offset += 500) {
    const batch = yield* queries.list(filter, { offset, limit: Math.min(500, EXPORT_MAX - offset) })
    rows.push(...batch.rows)
    if (batch.rows.length < 500) break
  }
  const today = toSaoPauloCivil(yield* (yield* Clock).now())
  const day = `${today.year}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`
  return { filename: `pedidos-${day}.csv`, content: ordersCsv(rows), count: rows.length }
})
