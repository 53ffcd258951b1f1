import { Effect } from "effect"
import {
  ADMIN_ORDER_DEFAULT_PAGE_SIZE as DEFAULT_PAGE_SIZE,
  ADMIN_ORDER_PAGE_SIZES as PAGE_SIZES,
} from "../../domain/orders/orderSearch"
import { InvalidInput } from "../errors"
import { requireOrderManager } from "../fulfilment"
import { AdminOrderQueries } from "../ports/AdminOrderQueries"
import { type AdminOrderListInput, readListFilter } from "./orderListQuery"

/** The order administration's list: filtered, sorted and cut into pages by the database. */
export const listAdminOrders = Effect.fn("AdminOrders.listAdminOrders")(function* (
  input: AdminOrderListInput,
) {
  yield* requireOrderManager
  const filter = yield* readListFilter(input)
  const pageSize = input.pageSize ?? DEFAULT_PAGE_SIZE
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize))
    return yield* new InvalidInput({ message: "Quantidade de pedidos por página inválida." })
  const page = input.page ?? 1
  if (!Number.isSafeInteger(page) || page < 1) return yield* new InvalidInput({ message: "Página inválida." })
  const queries = yield* AdminOrderQueries
  const found = yield* queries.list(filter, input.sort ?? "recent", {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  })
  return {
    ...found,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(found.total / pageSize)),
  }
})

/** The collections the list can be filtered by. */
export const listOrderCollections = Effect.fn("AdminOrders.listOrderCollections")(function* () {
  yield* requireOrderManager
  return yield* (yield* AdminOrderQueries).collections()
})

export type AdminOrderList = Effect.Success<ReturnType<typeof listAdminOrders>>
