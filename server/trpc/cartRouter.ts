import { z } from "zod"
import {
  addToMyCart,
  checkCartItem,
  clearMyCart,
  mergeGuestCart,
  priceGuestCart,
  removeFromMyCart,
  setMyCartQuantity,
  viewMyCart,
} from "../../application/cart"
import { router } from "./init"
import { publicProcedure, signedInProcedure } from "./procedures"
import { cartLinesInput as lines } from "./shippingRouter"

const productId = z.string().trim().min(1).max(64)
export const cartRouter = router({
  mine: signedInProcedure.query(({ ctx }) => ctx.run(viewMyCart())),
  price: publicProcedure
    .input(z.object({ lines }))
    .query(({ ctx, input }) => ctx.run(priceGuestCart(input.lines))),
  check: publicProcedure
    .input(z.object({ productId }))
    .query(({ ctx, input }) => ctx.run(checkCartItem(input.productId))),
  add: signedInProcedure
    .input(z.object({ productId }))
    .mutation(({ ctx, input }) => ctx.run(addToMyCart(input.productId))),
  setQuantity: signedInProcedure
    .input(z.object({ productId, quantity: z.unknown() }))
    .mutation(({ ctx, input }) => ctx.run(setMyCartQuantity(input.productId, input.quantity))),
  remove: signedInProcedure
    .input(z.object({ productId }))
    .mutation(({ ctx, input }) => ctx.run(removeFromMyCart(input.productId))),
  clear: signedInProcedure.mutation(({ ctx }) => ctx.run(clearMyCart())),
  merge: signedInProcedure
    .input(z.object({ lines }))
    .mutation(({ ctx, input }) => ctx.run(mergeGuestCart(input.lines))),
})
