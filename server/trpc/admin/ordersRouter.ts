import { z } from "zod"
import { exportAdminOrders } from "../../../application/adminOrders/exportAdminOrders"
import { getAdminOrder } from "../../../application/adminOrders/getAdminOrder"
import { listAdminOrders, listOrderCollections } from "../../../application/adminOrders/listAdminOrders"
import { FULFILMENT_STATUSES } from "../../../domain/fulfilment/fulfilment"
import { ORDER_STATUS_LABEL, PAYMENT_METHOD_LABEL } from "../../../domain/orders/order"
import { ADMIN_ORDER_SORTS, ORDER_SEARCH_MAX } from "../../../domain/orders/orderSearch"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** One of the domain's values, typed as such (its label tables list them). */
const oneOf = <T extends string>(values: readonly T[], message: string) =>
  z.custom<T>((value) => typeof value === "string" && (values as readonly string[]).includes(value), message)
const keysOf = <T extends string>(labels: Readonly<Record<T, string>>) => Object.keys(labels) as T[]

/** The list's filters; the CSV route passes its query string here too, so numbers may come as text. */
export const orderListFilter = z.object({
  payment: oneOf(keysOf(ORDER_STATUS_LABEL), "Status de pagamento inválido.").optional(),
  fulfilment: oneOf(FULFILMENT_STATUSES, "Status do pedido inválido.").optional(),
  method: oneOf(keysOf(PAYMENT_METHOD_LABEL), "Forma de pagamento inválida.").optional(),
  collection: z.string().max(60).optional(),
  from: z.string().regex(DAY, "Data inicial inválida.").optional(),
  to: z.string().regex(DAY, "Data final inválida.").optional(),
  q: z
    .string()
    .max(ORDER_SEARCH_MAX, `A busca deve ter no máximo ${ORDER_SEARCH_MAX} caracteres.`)
    .optional(),
  sort: z.enum(ADMIN_ORDER_SORTS).optional(),
})

const manageOrders = permissionProcedure("manage_orders")

/** The order administration's reads (permission `manage_orders`: administrators and moderators). */
export const ordersRouter = router({
  list: manageOrders
    .input(
      orderListFilter.extend({
        page: z.coerce.number().int().min(1).max(100_000).optional(),
        pageSize: z.coerce.number().int().optional(),
      }),
    )
    .query(({ ctx, input }) => ctx.run(listAdminOrders(input))),

  collections: manageOrders.query(({ ctx }) => ctx.run(listOrderCollections())),

  get: manageOrders
    .input(z.object({ orderId: z.uuid("Pedido inválido") }))
    .query(({ ctx, input }) => ctx.run(getAdminOrder(input.orderId))),

  /** The filtered list as CSV; served as a download by the `/api/admin/orders.csv` route. */
  exportCsv: manageOrders.input(orderListFilter).query(({ ctx, input }) => ctx.run(exportAdminOrders(input))),
})
