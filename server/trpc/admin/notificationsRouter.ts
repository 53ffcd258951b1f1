import { z } from "zod"
import { browseEmailLog, listAnnouncements, publishAnnouncement } from "../../../application/notifications"
import { ANNOUNCEMENT_LIMITS, ANNOUNCEMENT_MESSAGES } from "../../../domain/notifications/announcement"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

const manageSettings = permissionProcedure("manage_settings")
const page = z.coerce.number().int().min(1).max(100_000).optional()
const m = ANNOUNCEMENT_MESSAGES

/** /admin/notifications (manage_settings: administrators only). Parked events are `admin.events`. */
export const adminNotificationsRouter = router({
  emails: manageSettings
    .input(
      z.object({
        search: z.string().max(120, "A busca deve ter no máximo 120 caracteres.").optional(),
        page,
      }),
    )
    .query(({ ctx, input }) => ctx.run(browseEmailLog(input))),

  announcements: manageSettings
    .input(z.object({ page }).default({}))
    .query(({ ctx, input }) => ctx.run(listAnnouncements(input.page))),

  /** The use case validates with the domain's rules (the form uses the same); zod only bounds the sizes. */
  announce: manageSettings
    .input(
      z.object({
        title: z.string().max(ANNOUNCEMENT_LIMITS.title, m.titleTooLong),
        message: z.string().max(ANNOUNCEMENT_LIMITS.message, m.messageTooLong),
        link: z.string().max(ANNOUNCEMENT_LIMITS.link, m.invalidLink).optional(),
        audience: z.discriminatedUnion("kind", [
          z.object({ kind: z.literal("all") }),
          z.object({ kind: z.literal("collection"), collectionId: z.string().max(64) }),
        ]),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(publishAnnouncement(input))),
})
