import { getSystemStatus } from "../../application/status"
import { router } from "./init"
import { publicProcedure } from "./procedures"

export const statusRouter = router({
  /** "Status do sistema" of the support page (and the admin dashboard): from recorded measurements only. */
  system: publicProcedure.query(({ ctx }) => ctx.run(getSystemStatus())),
})
