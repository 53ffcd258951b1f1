import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { checkRedemption, DEFAULT_COIN_TERMS, maxRedemption } from "./coins"

const terms = DEFAULT_COIN_TERMS

describe("maxRedemption", () => {
  it("is bounded by the balance and by the cap on the items", () => {
    expect(maxRedemption(100, 29_990, terms)).toEqual({ coins: 100, discount: 1_000 })
    // 20 % of R$ 299,90 is R$ 59,98: 599 coins of 10 centavos.
    expect(maxRedemption(10_000, 29_990, terms)).toEqual({ coins: 599, discount: 5_990 })
    expect(maxRedemption(0, 29_990, terms)).toEqual({ coins: 0, discount: 0 })
  })

  it("never discounts more than the cap nor spends coins the collector lacks", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (balance, items) => {
          const r = maxRedemption(balance, items, terms)
          expect(r.coins).toBeLessThanOrEqual(balance)
          expect(r.discount).toBeLessThanOrEqual((items * terms.maxPercentOfOrder) / 100)
          expect(r.discount).toBe(r.coins * terms.centsPerCoin)
        },
      ),
    )
  })
})

describe("checkRedemption", () => {
  it("accepts what fits and explains what does not, in pt-BR", () => {
    expect(checkRedemption(50, 100, 29_990, terms)).toEqual({
      ok: true,
      redemption: { coins: 50, discount: 500 },
    })
    expect(checkRedemption(0, 0, 29_990, terms)).toEqual({ ok: true, redemption: { coins: 0, discount: 0 } })
    expect(checkRedemption(101, 100, 29_990, terms)).toEqual({
      ok: false,
      message: "Você não tem moedas suficientes.",
    })
    expect(checkRedemption(700, 1_000, 29_990, terms)).toEqual({
      ok: false,
      message: "Neste pedido você pode usar até 599 moedas.",
    })
    expect(checkRedemption(-1, 100, 29_990, terms).ok).toBe(false)
    expect(checkRedemption(1.5, 100, 29_990, terms).ok).toBe(false)
  })
})
