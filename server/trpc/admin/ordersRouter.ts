import { z } from "zod"
import { addOrderNote } from "../../../application/fulfilment/addOrderNote"
import { ADVANCE_STEPS, type AdvanceStep, advanceOrder } from "../../../application/fulfilment/advanceOrder"
import { bulkUpdateOrders } from "../../../application/fulfilment/bulkUpdateOrders"
import { cancelOrder } from "../../../application/fulfilment/cancelOrder"
import { decideAfterSale } from "../../../application/fulfilment/decideAfterSale"
import { exportAdminOrders } from "../../../application/fulfilment/exportAdminOrders"
import { getAdminOrder } from "../../../application/fulfilment/getAdminOrder"
import { listAdminOrders, PAGE_SIZE_MAX } from "../../../application/fulfilment/listAdminOrders"
import { receiveOrderReturn } from "../../../application/fulfilment/receiveOrderReturn"
import { refundOrder } from "../../../application/fulfilment/refundOrder"
import { shipOrder } from "../../../application/fulfilment/shipOrder"
import { FULFILMENT_STATUSES } from "../../../domain/fulfilment/fulfilment"
import { actionKey, orderId } from "../fulfilmentRouter"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

const manageOrders = permissionProcedure("manage_orders")
const action = z.object({ orderId, actionKey })
const id = z.string().trim().min(1).max(64)

export const adminOrderFilter = z.object({
  status: z.enum(["awaiting_payment", "paid", "rejected", "expired", "cancelled"]).nullish(),
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES as [string, ...string[]]).nullish(),
  method: z.enum(["card", "pix", "boleto", "checkout_pro"]).nullish(),
  placedFrom: z.number().int().nullish(),
  placedTo: z.number().int().nullish(),
  collectionId: id.nullish(),
  search: z.string().max(120).nullish(),
})

type Filter = z.infer<typeof adminOrderFilter>
// zod's enum of the shared list widens to string; the use case wants the status union back.
const asFilter = (filter: Filter) => filter as Parameters<typeof listAdminOrders>[0]["filter"]

/** /admin/orders (permission manage_orders: admin and moderator). Each mutation asks for its action key. */
export const adminOrdersRouter = router({
  list: manageOrders
    .input(
      z.object({
        filter: adminOrderFilter.default({}),
        page: z.number().int().min(1).default(1),
        pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(25),
      }),
    )
    .query(({ ctx, input }) => ctx.run(listAdminOrders({ ...input, filter: asFilter(input.filter) }))),
  exportCsv: manageOrders
    .input(z.object({ filter: adminOrderFilter.default({}) }))
    .query(({ ctx, input }) => ctx.run(exportAdminOrders(asFilter(input.filter)))),
  get: manageOrders
    .input(z.object({ orderId }))
    .query(({ ctx, input }) => ctx.run(getAdminOrder(input.orderId))),

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
