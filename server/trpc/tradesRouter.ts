import { z } from "zod"
import {
  cancelTrade,
  confirmTrade,
  getTradeTarget,
  listMyPieces,
  listMyTrades,
  markForTrade,
  offerTrade,
  respondToTrade,
} from "../../application/community"
import { router } from "./init"
import { signedInProcedure } from "./procedures"

const id = z.string().uuid("Identificador inválido")
const tradeId = z.object({ tradeId: id })

/** /trocas: trades between collectors; who may do what is checked on the locked trade in the use cases. */
export const tradesRouter = router({
  mine: signedInProcedure.query(({ ctx }) => ctx.run(listMyTrades())),
  myPieces: signedInProcedure.query(({ ctx }) => ctx.run(listMyPieces())),
  markForTrade: signedInProcedure
    .input(z.object({ pieceId: id, forTrade: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.run(markForTrade(input))),
  target: signedInProcedure
    .input(z.object({ pieceId: id }))
    .query(({ ctx, input }) => ctx.run(getTradeTarget(input.pieceId))),
  offer: signedInProcedure
    .input(
      z.object({
        fromPieceId: id,
        toPieceId: id,
        message: z.string().max(300, "A mensagem deve ter menos de 300 caracteres"),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(offerTrade(input))),
  respond: signedInProcedure
    .input(tradeId.extend({ answer: z.enum(["accept", "reject"]) }))
    .mutation(({ ctx, input }) => ctx.run(respondToTrade(input))),
  confirm: signedInProcedure
    .input(tradeId)
    .mutation(({ ctx, input }) => ctx.run(confirmTrade(input.tradeId))),
  cancel: signedInProcedure
    .input(
      tradeId.extend({
        reason: z
          .string()
          .trim()
          .min(1, "Informe o motivo do cancelamento")
          .max(200, "O motivo deve ter no máximo 200 caracteres"),
      }),
    )
    .mutation(({ ctx, input }) => ctx.run(cancelTrade(input))),
})
