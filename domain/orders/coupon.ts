import { type Cents, formatBRL, percentOf } from "../money"

export type CouponType = "percentage" | "fixed" | "free_shipping"

/** A coupon as the rules need it (spec 002 §3 coupons); money in centavos, percentages as numbers. */
export interface Coupon {
  readonly code: string
  readonly type: CouponType
  /** Percent for `percentage`, centavos for `fixed`, unused for `free_shipping`. */
  readonly value: number
  readonly minimumOrderValue: Cents
  /** Cap of a percentage discount, in centavos; null for no cap. */
  readonly maximumDiscount: Cents | null
  readonly maxUses: number | null
  readonly totalUses: number
  readonly isActive: boolean
  readonly validFrom: number
  readonly validUntil: number | null
  /** 'Uso único por cliente': once per customer (account, or CPF) across orders paid or awaiting payment. */
  readonly oncePerCustomer: boolean
  /** 'Não acumula com moedas': refused on an order that spends coins. */
  readonly notWithCoins: boolean
}

export const COUPON_MESSAGES = {
  required: "Digite o código do cupom",
  notFound: "Cupom não encontrado",
  inactive: "Este cupom não está ativo",
  notYetValid: "Este cupom ainda não está válido",
  expired: "Este cupom expirou",
  exhausted: "Este cupom atingiu o limite de usos",
  minimum: (min: Cents) => `Este cupom vale para pedidos a partir de ${formatBRL(min)}`,
  noShipping: "Este cupom dá frete grátis, e seu frete já é grátis",
  applied: "Cupom aplicado!",
  alreadyUsed: "Você já usou este cupom.",
  notWithCoins: "Este cupom não pode ser usado junto com moedas.",
  /** A coupon kept with the cart that no longer applies: taken off, and the customer told why. */
  dropped: (code: string, reason: string) =>
    `${reason.replace(/\.$/, "")}. O cupom ${code} foi removido do seu carrinho.`,
} as const

/** Codes are compared upper-cased and without surrounding spaces (spec: code upper-cased). */
export const normalizeCouponCode = (raw: string): string => raw.trim().toUpperCase()

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,30}$/

export interface CouponContext {
  readonly subtotal: Cents
  readonly shipping: Cents
  readonly now: number
  /** Coins the order spends (0 when absent). */
  readonly coins?: number
  /** The customer already holds a use of this coupon (an order paid or awaiting payment). */
  readonly usedByCustomer?: boolean
}

/** One condition a coupon must meet: checked alone, listed in one table, tested alone. */
interface CouponRule {
  readonly code: string
  readonly refuse: (coupon: Coupon, context: CouponContext) => string | null
}

export const COUPON_RULES: readonly CouponRule[] = [
  { code: "active", refuse: (c) => (c.isActive ? null : COUPON_MESSAGES.inactive) },
  { code: "starts", refuse: (c, x) => (x.now < c.validFrom ? COUPON_MESSAGES.notYetValid : null) },
  {
    code: "ends",
    refuse: (c, x) => (c.validUntil !== null && x.now > c.validUntil ? COUPON_MESSAGES.expired : null),
  },
  {
    code: "uses",
    refuse: (c) => (c.maxUses !== null && c.totalUses >= c.maxUses ? COUPON_MESSAGES.exhausted : null),
  },
  {
    code: "once",
    refuse: (c, x) => (c.oncePerCustomer && x.usedByCustomer ? COUPON_MESSAGES.alreadyUsed : null),
  },
  {
    code: "minimum",
    refuse: (c, x) =>
      x.subtotal < c.minimumOrderValue ? COUPON_MESSAGES.minimum(c.minimumOrderValue) : null,
  },
  {
    code: "shipping",
    refuse: (c, x) => (c.type === "free_shipping" && x.shipping === 0 ? COUPON_MESSAGES.noShipping : null),
  },
  {
    code: "coins",
    refuse: (c, x) => (c.notWithCoins && (x.coins ?? 0) > 0 ? COUPON_MESSAGES.notWithCoins : null),
  },
]

export type CouponOutcome =
  | { readonly ok: true; readonly code: string; readonly discount: Cents; readonly shippingDiscount: Cents }
  | { readonly ok: false; readonly message: string }

/** The discount a coupon gives an order, never more than the subtotal (or the shipping, for free shipping). */
export function couponDiscount(coupon: Coupon, context: CouponContext): CouponOutcome {
  for (const rule of COUPON_RULES) {
    const message = rule.refuse(coupon, context)
    if (message) return { ok: false, message }
  }
  const base = { ok: true as const, code: coupon.code }
  switch (coupon.type) {
    case "free_shipping":
      return { ...base, discount: 0, shippingDiscount: context.shipping }
    case "fixed":
      return { ...base, discount: Math.min(coupon.value, context.subtotal), shippingDiscount: 0 }
    case "percentage": {
      const raw = percentOf(context.subtotal, coupon.value)
      const capped = coupon.maximumDiscount === null ? raw : Math.min(raw, coupon.maximumDiscount)
      return { ...base, discount: Math.min(capped, context.subtotal), shippingDiscount: 0 }
    }
  }
}
