import { z } from "zod"
import {
  closeAsCustomer,
  listMyOrdersForSupport,
  listMyTickets,
  openTicket,
  proveTicketAddress,
  readMyTicket,
  replyAsCustomer,
} from "../../application/support"
import { MAX_TICKET_PROOF_TOKEN, TICKET_PROOF_TEXTS } from "../../domain/support/addressProof"
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
  // The acknowledgement's link, clicked on its page: a mutation, so a GET (a mail scanner) changes nothing. The
  // signed token is the authority; it can only prove its own ticket's address, so it needs no session.
  proveAddress: publicProcedure
    .input(
      z.object({
        token: z
          .string()
          .min(1, TICKET_PROOF_TEXTS.invalid)
          .max(MAX_TICKET_PROOF_TOKEN, TICKET_PROOF_TEXTS.invalid),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(proveTicketAddress(input.token))),
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
