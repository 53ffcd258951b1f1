import { z } from "zod"
import { joinWaitlist, leaveWaitlist, myWaitlists, waitlistStatus } from "../../application/waitlist"
import { router } from "./init"
import { publicProcedure, signedInProcedure } from "./procedures"

const product = z.object({ productId: z.uuid() })

/** Waitlists of sold-out editions: the product page's box (per viewer, never cached) and /perfil's tab. */
export const waitlistRouter = router({
  status: publicProcedure.input(product).query(({ ctx, input }) => ctx.run(waitlistStatus(input.productId))),
  join: signedInProcedure.input(product).mutation(({ ctx, input }) => ctx.run(joinWaitlist(input.productId))),
  leave: signedInProcedure
    .input(product)
    .mutation(({ ctx, input }) => ctx.run(leaveWaitlist(input.productId))),
  mine: signedInProcedure.query(({ ctx }) => ctx.run(myWaitlists())),
})
