import { z } from "zod"
import { browseAudit } from "../../../application/admin"
import { AUDIT_SUBJECT_TYPES } from "../../../domain/audit"
import { saoPauloDayRange } from "../../../domain/calendar"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida")

export const adminAuditRouter = router({
  list: permissionProcedure("manage_settings")
    .input(
      z.object({
        subjectType: z.enum(AUDIT_SUBJECT_TYPES).optional(),
        search: z.string().trim().max(120).optional(),
        from: day.optional(),
        to: day.optional(),
        page: z.number().int().min(1).max(10_000).default(1),
        pageSize: z.number().int().min(10).max(100).default(25),
      }),
    )
    .query(({ ctx, input: { from, to, search, ...rest } }) =>
      ctx.run(browseAudit({ ...rest, search: search || undefined, ...saoPauloDayRange(from, to) })),
    ),
})
