import { z } from "zod"
import { listAdminPlans, updatePlan } from "../../../application/plans"
import { actionKey } from "../fulfilmentRouter"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

/** Prepaid plans are catalogue: the administrators and moderators who manage collections edit them. */
const managePlans = permissionProcedure("manage_collections")

// Shapes only: the rules ('Preencha todos os campos obrigatórios', edition count ≥ 1) are the domain's, the same
// on the admin screen, so the administrator reads the spec's text whichever side refuses.
const edit = z.object({
  id: z.string().trim().min(1).max(40),
  actionKey,
  name: z.string().max(200),
  description: z.string().max(2000),
  /** Centavos. */
  price: z.number().int().nullable(),
  editionCount: z.number().int().nullable(),
  isActive: z.boolean(),
  isPopular: z.boolean(),
  features: z.array(z.string().max(300)).max(30),
})

export const adminPlansRouter = router({
  list: managePlans.query(({ ctx }) => ctx.run(listAdminPlans())),
  update: managePlans
    .input(edit)
    .mutation(({ ctx, input: { id, actionKey, ...fields } }) => ctx.run(updatePlan(id, fields, actionKey))),
})
