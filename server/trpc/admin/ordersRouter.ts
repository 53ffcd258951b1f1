import { z } from "zod"
import {
  exportAdminOrders,
  getAdminOrder,
  listAdminOrders,
  listOrderCollections,
} from "../../../application/adminOrders"
import {
  ADVANCE_STEPS,
  type AdvanceStep,
  addOrderNote,
  advanceOrder,
  bulkUpdateOrders,
  cancelOrder,
  decideAfterSale,
  receiveOrderReturn,
  refundOrder,
  resolveAfterSale,
  shipOrder,
} from "../../../application/fulfilment"
import { FULFILMENT_STATUSES } from "../../../domain/fulfilment/fulfilment"
import { ORDER_STATUS_LABEL, PAYMENT_METHOD_LABEL } from "../../../domain/orders/order"
import { ADMIN_ORDER_SORTS, ORDER_SEARCH_MAX } from "../../../domain/orders/orderSearch"
import { actionKey, orderId } from "../fulfilmentRouter"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

const manageOrders = permissionProcedure("manage_orders")
const action = z.object({ orderId, actionKey })
const id = z.string().trim().min(1).max(64)

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

/** /admin/orders (permission manage_orders: admin and moderator). Each mutation asks for its action key. */
export const adminOrdersRouter = router({
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

  advance: manageOrders
    .input(action.extend({ step: z.enum(Object.keys(ADVANCE_STEPS) as [AdvanceStep, ...AdvanceStep[]]) }))
    .mutation(({ ctx, input }) => ctx.run(advanceOrder(input))),
  ship: manageOrders
    .input(
      action.extend({
        carrier: z.string().trim().min(1, "Informe a transportadora.").max(60),
        service: z.string().trim().min(1, "Informe o serviço de envio.").max(60),
        trackingCode: z.string().trim().min(1, "Informe o código de rastreamento.").max(60),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(shipOrder(input))),
  cancel: manageOrders.input(action).mutation(({ ctx, input }) => ctx.run(cancelOrder(input))),
  refund: manageOrders
    .input(
      action.extend({
        /** Centavos; null refunds all that is left. */
        amount: z.number().int().positive("Informe um valor de reembolso maior que zero.").nullable(),
        note: z.string().trim().min(1, "Informe o motivo do reembolso.").max(500),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(refundOrder(input))),
  decideRequest: manageOrders
    .input(action.extend({ requestId: id, approve: z.boolean(), note: z.string().max(1000) }))
    .mutation(({ ctx, input }) => ctx.run(decideAfterSale(input))),
  resolveRequest: manageOrders
    .input(action.extend({ requestId: id }))
    .mutation(({ ctx, input }) => ctx.run(resolveAfterSale(input))),
  receiveReturn: manageOrders
    .input(action.extend({ requestId: id }))
    .mutation(({ ctx, input }) => ctx.run(receiveOrderReturn(input))),
  addNote: manageOrders
    .input(action.extend({ body: z.string().max(2000, "A nota deve ter no máximo 2000 caracteres.") }))
    .mutation(({ ctx, input }) => ctx.run(addOrderNote(input))),
  bulk: manageOrders
    .input(
      z.object({
        action: z.enum(["mark_produced", "ship"]),
        batchKey: actionKey,
        csv: z.string().max(100_000, "Arquivo grande demais: envie no máximo 500 pedidos."),
        carrier: z.string().trim().max(60).default(""),
        service: z.string().trim().max(60).default(""),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(bulkUpdateOrders(input))),
})
