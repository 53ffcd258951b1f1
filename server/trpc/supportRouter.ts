import { z } from "zod"
import { closeAsCustomer } from "../../application/support/closeAsCustomer"
import { listMyOrdersForSupport } from "../../application/support/listMyOrdersForSupport"
import { listMyTickets } from "../../application/support/listMyTickets"
import { openTicket } from "../../application/support/openTicket"
import { readMyTicket } from "../../application/support/readMyTicket"
import { replyAsCustomer } from "../../application/support/replyAsCustomer"
import { router } from "./init"
import { publicProcedure, signedInProcedure } from "./procedures"

const ticketId = z.object({ ticketId: z.string().uuid("Chamado não encontrado") })
// Loose caps against oversized bodies; the use case applies the form's own limits and pt-BR messages.
const text = (max: number) => z.string().max(max)

/** /support and /suporte for anyone; the customer's tickets (tab Suporte of /perfil) for their owner only. */
export const supportRouter = router({
  open: publicProcedure
    .input(
      z.object({
        name: text(500),
        email: text(500),
        category: text(40),
        subject: text(500),
        description: text(10_000),
        orderId: z.string().uuid("Escolha um pedido seu").nullish(),
        website: text(500).optional(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(openTicket(input))),
  mine: signedInProcedure.query(({ ctx }) => ctx.run(listMyTickets())),
  myOrders: signedInProcedure.query(({ ctx }) => ctx.run(listMyOrdersForSupport())),
  thread: signedInProcedure.input(ticketId).query(({ ctx, input }) => ctx.run(readMyTicket(input.ticketId))),
  reply: signedInProcedure
    .input(ticketId.extend({ body: text(10_000) }))
    .mutation(({ ctx, input }) => ctx.run(replyAsCustomer(input))),
  close: signedInProcedure
    .input(ticketId)
    .mutation(({ ctx, input }) => ctx.run(closeAsCustomer(input.ticketId))),
})
