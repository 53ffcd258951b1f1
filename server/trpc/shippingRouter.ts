import { z } from "zod"
import { lookupCep, quoteShipping } from "../../application/shipping"
import { mergeCarts, normalizeQuantity } from "../../domain/cart/cart"
import { router } from "./init"
import { publicProcedure } from "./procedures"

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
  quote: publicProcedure
    .input(z.object({ cep: z.string().max(20), lines }))
    .mutation(({ ctx, input }) => ctx.run(quoteShipping(input.cep, input.lines))),
  /** Street, neighbourhood, city and state of a CEP, for the address form's autofill. */
  lookupCep: publicProcedure
    .input(z.object({ cep: z.string().max(20) }))
    .query(({ ctx, input }) => ctx.run(lookupCep(input.cep))),
})
