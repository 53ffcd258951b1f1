import { Effect } from "effect"
import { type AdminOrderFilter, OrderAdminQueries } from "../ports/OrderAdminQueries"
import { requireOrderManager } from "./actors"

export const PAGE_SIZE_MAX = 100

/** /admin/orders: the filtered list, paged on the server, newest first. */
export const listAdminOrders = Effect.fn("Fulfilment.listAdminOrders")(function* (input: {
  readonly filter: AdminOrderFilter
  readonly page: number
  readonly pageSize: number
}) {
  yield* requireOrderManager
  const pageSize = Math.min(Math.max(1, Math.trunc(input.pageSize)), PAGE_SIZE_MAX)
  const page = Math.max(1, Math.trunc(input.page))
  const { rows, total } = yield* (yield* OrderAdminQueries).list(input.filter, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  })
  return { rows, total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) }
})
