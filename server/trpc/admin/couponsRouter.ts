import { z } from "zod"
import {
  createCoupon,
  deleteCoupon,
  duplicateCoupon,
  listCoupons,
  setCouponActive,
  updateCoupon,
} from "../../../application/coupons"
import { saoPauloDayRange } from "../../../domain/calendar"
import {
  COUPON_PAGE_SIZE,
  COUPON_SORTS,
  COUPON_STATUSES,
  COUPON_TYPES,
} from "../../../domain/orders/couponAdmin"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

/** Promotions are merchandising: the administrators and moderators who manage collections manage coupons. */
const manageCoupons = permissionProcedure("manage_collections")

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Data inválida")
// Within the integer columns; whether a value makes sense is the domain's rule, the same on the form.
const amount = z.number().int().min(-1).max(2_000_000_000).nullable()
const id = z.object({ id: z.uuid() })

// Shapes only: the rules ('Código do cupom é obrigatório', 1–100 %, ...) are validateCouponDraft's.
const draft = z.object({
  code: z.string().max(60),
  type: z.enum(COUPON_TYPES),
  value: amount,
  minimumOrderValue: amount,
  maximumDiscount: amount,
  maxUses: amount,
  validFrom: z.string().max(10),
  validUntil: day.nullable(),
  oncePerCustomer: z.boolean().default(false),
  notWithCoins: z.boolean().default(false),
})

export const adminCouponsRouter = router({
  list: manageCoupons
    .input(
      z.object({
        search: z.string().trim().max(30).optional(),
        type: z.enum(COUPON_TYPES).optional(),
        status: z.enum(COUPON_STATUSES).optional(),
        from: day.optional(),
        to: day.optional(),
        sort: z.enum(COUPON_SORTS).default("recent"),
        page: z.number().int().min(1).max(10_000).default(1),
        pageSize: z.number().int().min(10).max(100).default(COUPON_PAGE_SIZE),
      }),
    )
    .query(({ ctx, input: { from, to, search, ...rest } }) =>
      ctx.run(listCoupons({ ...rest, search: search || undefined, ...saoPauloDayRange(from, to) })),
    ),
  create: manageCoupons.input(draft).mutation(({ ctx, input }) => ctx.run(createCoupon(input))),
  update: manageCoupons
    .input(draft.extend(id.shape))
    .mutation(({ ctx, input: { id, ...fields } }) => ctx.run(updateCoupon(id, fields))),
  setActive: manageCoupons
    .input(id.extend({ isActive: z.boolean() }))
    .mutation(({ ctx, input }) => ctx.run(setCouponActive(input.id, input.isActive))),
  duplicate: manageCoupons.input(id).mutation(({ ctx, input }) => ctx.run(duplicateCoupon(input.id))),
  remove: manageCoupons.input(id).mutation(({ ctx, input }) => ctx.run(deleteCoupon(input.id))),
})
