import { z } from "zod"
import { getMyMissions, redeemMission } from "../../application/community"
import { router } from "./init"
import { signedInProcedure } from "./procedures"

/** /missions and /achievements: the signed-in collector's own missions, achievements and badges only. */
export const missionsRouter = router({
  board: signedInProcedure.query(({ ctx }) => ctx.run(getMyMissions())),
  redeem: signedInProcedure
    .input(z.object({ mission: z.string().trim().min(1).max(64) }))
    .mutation(({ ctx, input }) => ctx.run(redeemMission(input.mission))),
})
