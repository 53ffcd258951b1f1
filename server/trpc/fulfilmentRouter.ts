import { z } from "zod"
import {
  cancelMyOrder,
  getMyOrder,
  lookupCertificate,
  openMyAfterSale,
  rateMyDelivery,
  trackOrder,
} from "../../application/fulfilment"
import { router } from "./init"
import { publicProcedure, signedInProcedure } from "./procedures"

export const orderId = z.string().trim().min(1).max(64)
/** One per confirmation dialog: the same key sent again is the same action, done once. */
export const actionKey = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "Chave de confirmação inválida")
const action = z.object({ orderId, actionKey })

/** The customer's order page and what they may do with their own order (object-level checks in the use cases). */
export const myOrdersRouter = router({
  get: signedInProcedure
    .input(z.object({ orderId }))
    .query(({ ctx, input }) => ctx.run(getMyOrder(input.orderId))),
  cancel: signedInProcedure.input(action).mutation(({ ctx, input }) => ctx.run(cancelMyOrder(input))),
  openRequest: signedInProcedure
    .input(
      action.extend({
        kind: z.enum(["withdrawal", "damage", "missing"]),
        description: z.string().max(1000, "A descrição deve ter no máximo 1000 caracteres."),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(openMyAfterSale(input))),
  rate: signedInProcedure
    .input(
      action.extend({
        stars: z
          .number()
          .int()
          .min(1, "Escolha uma nota de 1 a 5 estrelas.")
          .max(5, "Escolha uma nota de 1 a 5 estrelas."),
        review: z.string().max(500, "A avaliação deve ter no máximo 500 caracteres."),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(rateMyDelivery(input))),
})

/** /rastrear: anyone may look (spec 000 §6); the use case masks the customer and limits lookups. */
export const trackingRouter = router({
  lookup: publicProcedure
    .input(z.object({ code: z.string().max(64) }))
    .query(({ ctx, input }) => ctx.run(trackOrder(input.code))),
})

/** /certificado/{code}: public, found only by its unguessable code; lookups counted per client address. */
export const certificatesRouter = router({
  get: publicProcedure
    .input(z.object({ code: z.string().max(64) }))
    .query(({ ctx, input }) => ctx.run(lookupCertificate(input.code))),
})
