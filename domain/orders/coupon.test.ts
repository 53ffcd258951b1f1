import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  COUPON_CODE_PATTERN,
  COUPON_MESSAGES,
  COUPON_RULES,
  type Coupon,
  type CouponContext,
  type CouponType,
  couponDiscount,
  normalizeCouponCode,
} from "./coupon"

const plain = (text: string) => text.replace(/\u00a0/g, " ")

const FROM = Date.UTC(2026, 0, 1, 3) // 2026-01-01 00:00 in São Paulo
const UNTIL = Date.UTC(2026, 1, 1, 2, 59, 59) // 2026-01-31 23:59:59 in São Paulo
const NOW = Date.UTC(2026, 0, 15, 15)

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  code: "BEMVINDO10",
  type: "percentage",
  value: 10,
  minimumOrderValue: 0,
  maximumDiscount: null,
  maxUses: null,
  totalUses: 0,
  isActive: true,
  validFrom: FROM,
  validUntil: UNTIL,
  oncePerCustomer: false,
  notWithCoins: false,
  ...over,
})

const context = (over: Partial<CouponContext> = {}): CouponContext => ({
  subtotal: 29990,
  shipping: 2850,
  now: NOW,
  ...over,
})

const refusal = (c: Coupon, x: CouponContext) => {
  const outcome = couponDiscount(c, x)
  return outcome.ok ? null : outcome.message
}

describe("COUPON_MESSAGES", () => {
  it("are the store's pt-BR texts", () => {
    expect(COUPON_MESSAGES.required).toBe("Digite o código do cupom")
    expect(COUPON_MESSAGES.notFound).toBe("Cupom não encontrado")
    expect(COUPON_MESSAGES.inactive).toBe("Este cupom não está ativo")
    expect(COUPON_MESSAGES.notYetValid).toBe("Este cupom ainda não está válido")
    expect(COUPON_MESSAGES.expired).toBe("Este cupom expirou")
    expect(COUPON_MESSAGES.exhausted).toBe("Este cupom atingiu o limite de usos")
    expect(COUPON_MESSAGES.noShipping).toBe("Este cupom dá frete grátis, e seu frete já é grátis")
    expect(COUPON_MESSAGES.applied).toBe("Cupom aplicado!")
  })

  it.each([
    [10000, "Este cupom vale para pedidos a partir de R$ 100,00"],
    [29990, "Este cupom vale para pedidos a partir de R$ 299,90"],
    [129990, "Este cupom vale para pedidos a partir de R$ 1.299,90"],
  ])("minimum of %i centavos reads %s (R$ followed by a non-breaking space)", (min, text) => {
    const message = COUPON_MESSAGES.minimum(min)
    expect(plain(message)).toBe(text)
    expect(message).toContain("R$\u00a0")
  })
})

describe("normalizeCouponCode", () => {
  it.each([
    ["bemvindo10", "BEMVINDO10"],
    ["  BemVindo10  ", "BEMVINDO10"],
    ["\tnatal-2026\n", "NATAL-2026"],
    ["frete_gratis", "FRETE_GRATIS"],
    ["", ""],
    ["   ", ""],
    // Inner spaces are kept: the pattern then refuses the code.
    ["bem vindo", "BEM VINDO"],
  ])("%j → %j", (raw, code) => {
    expect(normalizeCouponCode(raw)).toBe(code)
  })

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const once = normalizeCouponCode(raw)
        expect(normalizeCouponCode(once)).toBe(once)
      }),
    )
  })
})

describe("COUPON_CODE_PATTERN", () => {
  it.each([
    ["ABC", true],
    ["BEMVINDO10", true],
    ["NATAL-2026", true],
    ["FRETE_GRATIS", true],
    ["A".repeat(30), true],
    ["AB", false],
    ["A".repeat(31), false],
    ["bemvindo10", false],
    ["BEM VINDO", false],
    ["PROMOÇÃO", false],
    ["DESC%10", false],
    ["", false],
  ])("%j → %s", (code, ok) => {
    expect(COUPON_CODE_PATTERN.test(code)).toBe(ok)
  })

  it("accepts every typed code once normalised, when it is made of allowed characters", () => {
    const typed = fc
      .string({ unit: fc.constantFrom(..."abcXYZ019_-"), minLength: 3, maxLength: 30 })
      .map((s) => ` ${s} `)
    fc.assert(
      fc.property(typed, (raw) => {
        expect(COUPON_CODE_PATTERN.test(normalizeCouponCode(raw))).toBe(true)
      }),
    )
  })
})

describe("couponDiscount: discounts", () => {
  it.each<[string, Partial<Coupon>, Partial<CouponContext>, number, number]>([
    // [case, coupon, context, discount, shippingDiscount]
    ["10% of R$ 299,90", { value: 10 }, {}, 2999, 0],
    ["15% rounds half up", { value: 15 }, { subtotal: 29990 }, 4499, 0],
    ["12.5% of R$ 0,10 rounds half up", { value: 12.5 }, { subtotal: 10 }, 1, 0],
    ["percentage under its cap", { value: 10, maximumDiscount: 5000 }, {}, 2999, 0],
    ["percentage capped by maximumDiscount", { value: 50, maximumDiscount: 5000 }, {}, 5000, 0],
    ["percentage exactly at its cap", { value: 10, maximumDiscount: 2999 }, {}, 2999, 0],
    ["a cap of zero gives nothing", { value: 10, maximumDiscount: 0 }, {}, 0, 0],
    ["100% takes the whole subtotal", { value: 100 }, {}, 29990, 0],
    ["more than 100% is held at the subtotal", { value: 150 }, {}, 29990, 0],
    ["fixed R$ 50,00", { type: "fixed", value: 5000 }, {}, 5000, 0],
    ["fixed larger than the subtotal gives the subtotal", { type: "fixed", value: 50000 }, {}, 29990, 0],
    ["fixed equal to the subtotal", { type: "fixed", value: 29990 }, {}, 29990, 0],
    ["fixed ignores maximumDiscount", { type: "fixed", value: 5000, maximumDiscount: 1000 }, {}, 5000, 0],
    ["free shipping takes the whole shipping", { type: "free_shipping", value: 0 }, {}, 0, 2850],
    ["free shipping ignores its value", { type: "free_shipping", value: 99 }, { shipping: 5400 }, 0, 5400],
  ])("%s", (_case, over, ctx, discount, shippingDiscount) => {
    const c = coupon(over)
    expect(couponDiscount(c, context(ctx))).toEqual({ ok: true, code: c.code, discount, shippingDiscount })
  })
})

describe("couponDiscount: refusals", () => {
  it.each<[string, Partial<Coupon>, Partial<CouponContext>, string | null]>([
    ["inactive", { isActive: false }, {}, "Este cupom não está ativo"],
    ["one millisecond before validFrom", {}, { now: FROM - 1 }, "Este cupom ainda não está válido"],
    ["exactly at validFrom (inclusive)", {}, { now: FROM }, null],
    ["exactly at validUntil (inclusive)", {}, { now: UNTIL }, null],
    ["one millisecond after validUntil", {}, { now: UNTIL + 1 }, "Este cupom expirou"],
    ["no end date, years later", { validUntil: null }, { now: Date.UTC(2040, 0, 1) }, null],
    ["uses left", { maxUses: 100, totalUses: 99 }, {}, null],
    ["maxUses reached", { maxUses: 100, totalUses: 100 }, {}, "Este cupom atingiu o limite de usos"],
    ["maxUses exceeded", { maxUses: 100, totalUses: 140 }, {}, "Este cupom atingiu o limite de usos"],
    ["maxUses of zero", { maxUses: 0, totalUses: 0 }, {}, "Este cupom atingiu o limite de usos"],
    ["no use limit", { maxUses: null, totalUses: 1_000_000 }, {}, null],
    [
      "subtotal below the minimum",
      { minimumOrderValue: 30000 },
      {},
      "Este cupom vale para pedidos a partir de R$\u00a0300,00",
    ],
    ["subtotal exactly at the minimum", { minimumOrderValue: 29990 }, {}, null],
    // The minimum is on the products, not on products plus shipping.
    [
      "shipping does not count towards the minimum",
      { minimumOrderValue: 30000 },
      { shipping: 9000 },
      "Este cupom vale para pedidos a partir de R$\u00a0300,00",
    ],
    [
      "free shipping when shipping is already free",
      { type: "free_shipping" },
      { shipping: 0 },
      "Este cupom dá frete grátis, e seu frete já é grátis",
    ],
    ["a percentage coupon with free shipping is fine", { type: "percentage" }, { shipping: 0 }, null],
    ["a fixed coupon with free shipping is fine", { type: "fixed", value: 1000 }, { shipping: 0 }, null],
    [
      "once per customer, already used",
      { oncePerCustomer: true },
      { usedByCustomer: true },
      "Você já usou este cupom.",
    ],
    ["once per customer, first use", { oncePerCustomer: true }, { usedByCustomer: false }, null],
    ["any coupon used before, without the rule", { oncePerCustomer: false }, { usedByCustomer: true }, null],
    [
      "not combinable with coins, with coins",
      { notWithCoins: true },
      { coins: 1 },
      "Este cupom não pode ser usado junto com moedas.",
    ],
    ["not combinable with coins, without coins", { notWithCoins: true }, { coins: 0 }, null],
    ["combinable with coins", { notWithCoins: false }, { coins: 500 }, null],
  ])("%s", (_case, over, ctx, message) => {
    expect(refusal(coupon(over), context(ctx))).toBe(message)
  })

  it("checks in the order of COUPON_RULES: the first broken rule is the one shown", () => {
    expect(COUPON_RULES.map((r) => r.code)).toEqual([
      "active",
      "starts",
      "ends",
      "uses",
      "once",
      "minimum",
      "shipping",
      "coins",
    ])
    const broken = coupon({
      type: "free_shipping",
      isActive: false,
      validFrom: NOW + 1,
      maxUses: 1,
      totalUses: 1,
      minimumOrderValue: 10 ** 9,
    })
    expect(refusal(broken, context({ shipping: 0 }))).toBe(COUPON_MESSAGES.inactive)
    expect(refusal({ ...broken, isActive: true }, context({ shipping: 0 }))).toBe(COUPON_MESSAGES.notYetValid)
    expect(refusal({ ...broken, isActive: true, validFrom: FROM }, context({ shipping: 0 }))).toBe(
      COUPON_MESSAGES.exhausted,
    )
    expect(
      refusal({ ...broken, isActive: true, validFrom: FROM, maxUses: null }, context({ shipping: 0 })),
    ).toBe(COUPON_MESSAGES.minimum(10 ** 9))
    expect(
      refusal(
        { ...broken, isActive: true, validFrom: FROM, maxUses: null, minimumOrderValue: 0 },
        context({ shipping: 0 }),
      ),
    ).toBe(COUPON_MESSAGES.noShipping)
  })

  it("each rule refuses alone, with its own message", () => {
    const rule = (code: string) => COUPON_RULES.find((r) => r.code === code)!
    const ok = coupon()
    for (const r of COUPON_RULES) expect(r.refuse(ok, context())).toBeNull()
    expect(rule("active").refuse(coupon({ isActive: false }), context())).toBe(COUPON_MESSAGES.inactive)
    expect(rule("starts").refuse(ok, context({ now: FROM - 1 }))).toBe(COUPON_MESSAGES.notYetValid)
    expect(rule("ends").refuse(ok, context({ now: UNTIL + 1 }))).toBe(COUPON_MESSAGES.expired)
    expect(rule("uses").refuse(coupon({ maxUses: 1, totalUses: 1 }), context())).toBe(
      COUPON_MESSAGES.exhausted,
    )
    expect(rule("minimum").refuse(coupon({ minimumOrderValue: 1 }), context({ subtotal: 0 }))).toBe(
      COUPON_MESSAGES.minimum(1),
    )
    expect(rule("shipping").refuse(coupon({ type: "free_shipping" }), context({ shipping: 0 }))).toBe(
      COUPON_MESSAGES.noShipping,
    )
  })

  it("a refusal never carries a discount", () => {
    const outcome = couponDiscount(coupon({ isActive: false }), context())
    expect(outcome).toEqual({ ok: false, message: COUPON_MESSAGES.inactive })
  })
})

describe("couponDiscount: properties", () => {
  const arbType = fc.constantFrom<CouponType>("percentage", "fixed", "free_shipping")
  const arbCoupon = fc.record({
    code: fc.constant("PROMO"),
    type: arbType,
    value: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 10_000_000 })),
    minimumOrderValue: fc.integer({ min: 0, max: 100_000 }),
    maximumDiscount: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
    maxUses: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    totalUses: fc.integer({ min: 0, max: 100 }),
    isActive: fc.boolean(),
    validFrom: fc.integer({ min: FROM - 10, max: FROM + 10 }),
    validUntil: fc.option(fc.integer({ min: FROM - 10, max: FROM + 10 }), { nil: null }),
    oncePerCustomer: fc.boolean(),
    notWithCoins: fc.boolean(),
  })
  const arbContext = fc.record({
    subtotal: fc.integer({ min: 0, max: 10_000_000 }),
    shipping: fc.integer({ min: 0, max: 100_000 }),
    now: fc.integer({ min: FROM - 20, max: FROM + 20 }),
  })

  it("a discount never exceeds the subtotal, nor free shipping the shipping, and neither is negative", () => {
    fc.assert(
      fc.property(arbCoupon, arbContext, (c, x) => {
        const outcome = couponDiscount(c, x)
        if (!outcome.ok) return
        expect(Number.isSafeInteger(outcome.discount)).toBe(true)
        expect(outcome.discount).toBeGreaterThanOrEqual(0)
        expect(outcome.discount).toBeLessThanOrEqual(x.subtotal)
        expect(outcome.shippingDiscount).toBeGreaterThanOrEqual(0)
        expect(outcome.shippingDiscount).toBeLessThanOrEqual(x.shipping)
        if (c.type === "percentage" && c.maximumDiscount !== null)
          expect(outcome.discount).toBeLessThanOrEqual(c.maximumDiscount)
        if (c.type === "free_shipping") expect(outcome.discount).toBe(0)
        else expect(outcome.shippingDiscount).toBe(0)
      }),
    )
  })

  it("is accepted exactly when no rule refuses", () => {
    fc.assert(
      fc.property(arbCoupon, arbContext, (c, x) => {
        const refused = COUPON_RULES.some((r) => r.refuse(c, x) !== null)
        expect(couponDiscount(c, x).ok).toBe(!refused)
      }),
    )
  })

  it("a larger subtotal never gets a smaller percentage discount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (percent, a, b) => {
          const c = coupon({ value: percent })
          const low = couponDiscount(c, context({ subtotal: Math.min(a, b) }))
          const high = couponDiscount(c, context({ subtotal: Math.max(a, b) }))
          if (low.ok && high.ok) expect(high.discount).toBeGreaterThanOrEqual(low.discount)
        },
      ),
    )
  })
})
