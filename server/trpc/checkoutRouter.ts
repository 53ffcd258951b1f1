import { z } from "zod"
import {
  applyCartCoupon,
  checkoutStart,
  installmentOptions,
  listMyAddresses,
  listMyOrders,
  myDetails,
  paymentView,
  payOrder,
  placeOrder,
  quoteCheckout,
  removeCartCoupon,
  removeMyAddress,
  saveMyAddress,
  saveMyDetails,
} from "../../application/orders"
import { checkoutPlan } from "../../application/plans"
import { router } from "./init"
import { signedInProcedure } from "./procedures"

const id = z.string().trim().min(1).max(64)
const key = z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "Chave de idempotência inválida")
/** A prepaid plan bought at `/checkout?collection=&period=`; the server prices it, the browser only names it. */
const plan = z.object({ collectionId: id, planId: z.string().trim().min(1).max(40) })
const choice = z.object({
  plan: plan.nullish(),
  addressId: id,
  shippingOptionId: z.string().trim().max(64).nullable(),
  /** Coins the buyer asks to spend; the server checks them against the balance and the cap. */
  coins: z.number().int().min(0).max(100_000_000).optional(),
})
/**
 * Mercado Pago's device session id (security.js), optional (none offline). Its format is not documented, and it is
 * a hint for the gateway's anti-fraud, not the customer's input: a value that is not a plain token of safe
 * characters (which alone may become a request header) is dropped, never a reason to refuse the payment.
 */
const deviceSessionId = z
  .string()
  .regex(/^[A-Za-z0-9._:-]{1,256}$/)
  .nullish()
  .catch(null)
export const paymentInput = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("card"),
    card: z.object({
      token: z.string().trim().min(1).max(200),
      installments: z.number().int().min(1).max(12),
      paymentMethodId: z.string().trim().min(1).max(40),
      issuerId: z.string().trim().max(40).nullable(),
      deviceSessionId,
    }),
  }),
  z.object({ method: z.literal("pix") }),
  z.object({ method: z.literal("boleto") }),
  z.object({ method: z.literal("checkout_pro") }),
])
const text = (max: number) => z.string().max(max)
const address = z.object({
  name: text(200),
  street: text(200),
  number: text(50),
  complement: text(200),
  neighborhood: text(200),
  city: text(200),
  state: text(10),
  zipCode: text(20),
})

/** The checkout and what it needs: every procedure for the signed-in customer's own data only. */
export const checkoutRouter = router({
  start: signedInProcedure.query(({ ctx }) => ctx.run(checkoutStart())),
  /** The plan of `/checkout?collection=&period=` priced for its collection, or why it cannot be bought. */
  plan: signedInProcedure.input(plan).query(({ ctx, input }) => ctx.run(checkoutPlan(input))),
  /** Priced with the coupon kept with the cart, checked again (one that no longer applies leaves the cart). */
  price: signedInProcedure.input(choice).query(({ ctx, input }) => ctx.run(quoteCheckout(input))),
  applyCoupon: signedInProcedure
    .input(choice.extend({ code: z.string().max(40) }))
    .mutation(({ ctx, input: { code, ...rest } }) => ctx.run(applyCartCoupon(code, rest))),
  removeCoupon: signedInProcedure
    .input(choice)
    .mutation(({ ctx, input }) => ctx.run(removeCartCoupon(input))),
  installments: signedInProcedure
    .input(
      z.object({
        of: z.union([choice, z.object({ orderId: id })]),
        bin: z
          .string()
          .regex(/^\d{6,8}$/)
          .nullable(),
      }),
    )
    .query(({ ctx, input }) => ctx.run(installmentOptions(input.of, input.bin))),
  placeOrder: signedInProcedure
    .input(choice.extend({ idempotencyKey: key, cpf: z.string().max(20), payment: paymentInput }))
    .mutation(({ ctx, input }) => ctx.run(placeOrder(input))),
  payOrder: signedInProcedure
    .input(z.object({ orderId: id, idempotencyKey: key, payment: paymentInput }))
    .mutation(({ ctx, input }) => ctx.run(payOrder(input))),
})

export const ordersRouter = router({
  mine: signedInProcedure.query(({ ctx }) => ctx.run(listMyOrders())),
  get: signedInProcedure.input(z.object({ id })).query(({ ctx, input }) => ctx.run(paymentView(input.id))),
})

export const profileRouter = router({
  details: signedInProcedure.query(({ ctx }) => ctx.run(myDetails())),
  saveDetails: signedInProcedure
    .input(z.object({ phone: text(30), cpf: text(20) }))
    .mutation(({ ctx, input }) => ctx.run(saveMyDetails(input))),
  addresses: signedInProcedure.query(({ ctx }) => ctx.run(listMyAddresses())),
  saveAddress: signedInProcedure
    .input(z.object({ id: id.optional(), address, makeDefault: z.boolean() }))
    .mutation(({ ctx, input }) =>
      ctx.run(
        saveMyAddress({
          address: input.address,
          makeDefault: input.makeDefault,
          ...(input.id ? { id: input.id } : {}),
        }),
      ),
    ),
  removeAddress: signedInProcedure
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => ctx.run(removeMyAddress(input.id))),
})
