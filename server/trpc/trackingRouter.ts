import { z } from "zod"
import { lookupCertificate } from "../../application/fulfilment/lookupCertificate"
import { trackOrder } from "../../application/fulfilment/trackOrder"
import { TRACKING_CODE_MAX } from "../../domain/fulfilment/trackingMessages"
import { router } from "./init"
import { publicProcedure } from "./procedures"

/**
 * Open to anyone (spec 000 §6): the use cases mask the customer for strangers and count lookups per client
 * address, so codes cannot be tried one after another.
 */
export const trackingRouter = router({
  lookup: publicProcedure
    .input(z.object({ code: z.string().max(TRACKING_CODE_MAX) }))
    .query(({ ctx, input }) => ctx.run(trackOrder(input.code))),
})

export const certificatesRouter = router({
  get: publicProcedure
    .input(z.object({ code: z.string().max(64) }))
    .query(({ ctx, input }) => ctx.run(lookupCertificate(input.code))),
})
