import { z } from "zod"
import { cancelMyOrder } from "../../application/fulfilment/cancelMyOrder"
import { getMyOrder } from "../../application/fulfilment/getMyOrder"
import { openMyAfterSale } from "../../application/fulfilment/openMyAfterSale"
import { rateMyDelivery } from "../../application/fulfilment/rateMyDelivery"
import { listMyOrders, paymentView } from "../../application/orders/views"
import { REQUEST_DESCRIPTION_MAX, REVIEW_MAX } from "../../domain/fulfilment/afterSales"
import { router } from "./init"
import { signedInProcedure } from "./procedures"

const id = z.string().trim().min(1).max(64)
/** Made by the confirmation dialog: the same key twice is the same action, done once. */
const actionKey = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "Chave de confirmação inválida")
const action = z.object({ orderId: id, actionKey })

/** The signed-in customer's own orders; the use cases answer "not found" for anyone else's. */
export const ordersRouter = router({
  mine: signedInProcedure.query(({ ctx }) => ctx.run(listMyOrders())),
  get: signedInProcedure.input(z.object({ id })).query(({ ctx, input }) => ctx.run(paymentView(input.id))),
  detail: signedInProcedure.input(z.object({ id })).query(({ ctx, input }) => ctx.run(getMyOrder(input.id))),
  cancel: signedInProcedure.input(action).mutation(({ ctx, input }) => ctx.run(cancelMyOrder(input))),
  requestAfterSale: signedInProcedure
    .input(
      action.extend({
        kind: z.enum(["withdrawal", "damage", "missing"]),
        // The domain trims and checks the length with its own pt-BR text; this only bounds the request.
        description: z.string().max(REQUEST_DESCRIPTION_MAX * 2),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(openMyAfterSale(input))),
  rate: signedInProcedure
    .input(action.extend({ stars: z.number().int(), review: z.string().max(REVIEW_MAX * 2) }))
    .mutation(({ ctx, input }) => ctx.run(rateMyDelivery(input))),
})
