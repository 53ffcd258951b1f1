import { z } from "zod"
import {
  listAdminPayments,
  listSubscriptionCharges,
  listWebhookReceipts,
  PAYMENT_SEARCH_MAX,
} from "../../../application/payments"
import { WEBHOOK_OUTCOMES } from "../../../domain/notifications/webhookReceipt"
import { PAYMENT_STATUS_LABEL } from "../../../domain/orders/payment"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

const manageOrders = permissionProcedure("manage_orders")
const DAY = /^\d{4}-\d{2}-\d{2}$/
const page = z.coerce.number().int().min(1).max(100_000).optional()

/** /admin/payments (manage_orders: admins and moderators): read-only; refunds are the order page's action. */
export const adminPaymentsRouter = router({
  list: manageOrders
    .input(
      z.object({
        status: z
          .enum(Object.keys(PAYMENT_STATUS_LABEL) as [string, ...string[]], "Status de pagamento inválido.")
          .optional(),
        method: z.enum(["card", "pix", "boleto", "checkout_pro"], "Forma de pagamento inválida.").optional(),
        from: z.string().regex(DAY, "Data inicial inválida.").optional(),
        to: z.string().regex(DAY, "Data final inválida.").optional(),
        q: z
          .string()
          .max(PAYMENT_SEARCH_MAX, `A busca deve ter no máximo ${PAYMENT_SEARCH_MAX} caracteres.`)
          .optional(),
        sort: z.enum(["recent", "oldest", "amount_desc", "amount_asc"]).optional(),
        page,
      }),
    )
    .query(({ ctx, input }) => ctx.run(listAdminPayments(input))),

  subscriptionCharges: manageOrders
    .input(
      z.object({
        status: z
          .enum(Object.keys(PAYMENT_STATUS_LABEL) as [string, ...string[]], "Status de pagamento inválido.")
          .optional(),
        page,
      }),
    )
    .query(({ ctx, input }) => ctx.run(listSubscriptionCharges(input))),

  webhooks: manageOrders
    .input(z.object({ outcome: z.enum(WEBHOOK_OUTCOMES).optional(), page }))
    .query(({ ctx, input }) => ctx.run(listWebhookReceipts(input))),
})
