import { z } from "zod"
import {
  addTicketNote,
  assignTicket,
  getSupportSummary,
  listSupportInbox,
  readTicket,
  replyAsStaff,
  setTicketStatus,
} from "../../../application/support"
import { SUPPORT_CATEGORIES, TICKET_STATUSES } from "../../../domain/support/tickets"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

/** /admin/support: administrators and moderators answer tickets (answer_support); the use cases check it again. */
const answerSupport = permissionProcedure("answer_support")
const id = z.object({ id: z.string().uuid("Chamado não encontrado") })
const body = z.string().max(10_000)

export const adminSupportRouter = router({
  summary: answerSupport.query(({ ctx }) => ctx.run(getSupportSummary())),
  inbox: answerSupport
    .input(
      z.object({
        status: z.enum([...TICKET_STATUSES, "active"]).optional(),
        category: z.enum(SUPPORT_CATEGORIES).optional(),
        assignedTo: z.string().trim().min(1).max(64).optional(),
        search: z.string().trim().max(120).optional(),
        page: z.number().int().min(1).max(10_000).default(1),
        pageSize: z.number().int().min(10).max(100).default(25),
      }),
    )
    .query(({ ctx, input }) => ctx.run(listSupportInbox(input))),
  ticket: answerSupport.input(id).query(({ ctx, input }) => ctx.run(readTicket(input.id))),
  reply: answerSupport
    .input(id.extend({ body }))
    .mutation(({ ctx, input }) => ctx.run(replyAsStaff({ ticketId: input.id, body: input.body }))),
  note: answerSupport
    .input(id.extend({ body }))
    .mutation(({ ctx, input }) => ctx.run(addTicketNote({ ticketId: input.id, body: input.body }))),
  assign: answerSupport
    .input(id.extend({ assigneeId: z.string().trim().min(1).max(64).nullable() }))
    .mutation(({ ctx, input }) =>
      ctx.run(assignTicket({ ticketId: input.id, assigneeId: input.assigneeId })),
    ),
  setStatus: answerSupport
    .input(id.extend({ status: z.enum(TICKET_STATUSES) }))
    .mutation(({ ctx, input }) => ctx.run(setTicketStatus({ ticketId: input.id, status: input.status }))),
})
