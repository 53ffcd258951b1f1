import { TRPCError } from "@trpc/server"
import { z } from "zod"
import { quoteShipping } from "../../application/shipping/quoteShipping"
import { mergeCarts, normalizeQuantity } from "../../domain/cart"
import { router } from "./init"
import { publicProcedure } from "./procedures"

const QUOTES_PER_MINUTE = 20

// Quantities arrive as typed by a person: the domain rule decides (non-numeric → 1, ≤ 0 removes, > 10 → 10).
const lines = z
  .array(z.object({ productId: z.string().trim().min(1).max(64), quantity: z.unknown() }))
  .max(50)
  .transform((raw) =>
    mergeCarts(
      [],
      raw.flatMap((line) => {
        const quantity = normalizeQuantity(line.quantity)
        return quantity === "remove" ? [] : [{ productId: line.productId, quantity }]
      }),
    ),
  )

export { lines as cartLinesInput }

export const shippingRouter = router({
  /** Rate-limited per client address: every quote may call a paid provider. */
  quote: publicProcedure
    .input(z.object({ cep: z.string().max(20), lines }))
    .mutation(async ({ ctx, input }) => {
      const ip = ctx.headers.get("x-store-client-ip") ?? "unknown"
      if (!(await ctx.rateLimit(`shipping:${ip}`, QUOTES_PER_MINUTE, 60_000))) {
        throw new TRPCError({
          code: "TOO_MANY_REQUESTS",
          message: "Muitas consultas de frete. Aguarde um minuto e tente novamente.",
        })
      }
      return ctx.run(quoteShipping(input.cep, input.lines))
    }),
})
