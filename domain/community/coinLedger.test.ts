import { describe, expect, it } from "vitest"
import {
  coinBalance,
  coinDebtNote,
  coinRedemptionEntry,
  coinReturnEntry,
  heldRedemption,
  isOrderCoinsReference,
} from "./coinLedger"
import { checkRedemption, DEFAULT_COIN_TERMS } from "./coins"
import type { LedgerEntry } from "./ledger"

const ORDER = { userId: "u-ana", orderId: "o-1", orderNumber: "LG-2026-000001" }
const AT = Date.UTC(2026, 10, 27, 15)

const spend = (history: readonly LedgerEntry[], coins = 120) =>
  coinRedemptionEntry(history, ORDER, coins, AT) as LedgerEntry

describe("coins spent on an order", () => {
  it("is one entry taking the coins, moving no points, naming the order", () => {
    expect(spend([])).toEqual({
      userId: "u-ana",
      kind: "coin_redemption",
      reference: "order:o-1",
      points: 0,
      coins: -120,
      description: "Usou 120 moedas no pedido LG-2026-000001",
      occurredAt: AT,
    })
    expect(coinRedemptionEntry([], ORDER, 1, AT)?.description).toBe("Usou 1 moeda no pedido LG-2026-000001")
  })

  it("takes nothing when the order spends none or already holds its coins", () => {
    expect(coinRedemptionEntry([], ORDER, 0, AT)).toBeNull()
    expect(coinRedemptionEntry([spend([])], ORDER, 120, AT)).toBeNull()
  })

  it("gives the coins back once: a second return finds nothing held", () => {
    const spent = spend([])
    const back = coinReturnEntry([spent], AT + 1) as LedgerEntry
    expect(back).toMatchObject({ kind: "coin_return", reference: "order:o-1", coins: 120, points: 0 })
    expect(coinReturnEntry([spent, back], AT + 2)).toBeNull()
    expect(coinReturnEntry([], AT)).toBeNull()
    expect(coinBalance([{ coins: 500 }, spent, back])).toBe(500)
  })

  it("an order paid again after its coins came back holds them anew, under a reference of its own", () => {
    const first = spend([])
    const back = coinReturnEntry([first], AT) as LedgerEntry
    const again = spend([first, back])
    expect(again.reference).toBe("order:o-1#2")
    expect(heldRedemption([first, back, again])).toEqual(again)
    expect(coinReturnEntry([first, back, again], AT)?.reference).toBe("order:o-1#2")
    expect(isOrderCoinsReference("order:o-1#2", "o-1")).toBe(true)
    expect(isOrderCoinsReference("order:o-10", "o-1")).toBe(false)
  })

  it("a balance below zero is kept and told, and the cap holds for what is spent", () => {
    expect(coinBalance([{ coins: 100 }, { coins: -300 }])).toBe(-200)
    expect(coinBalance([])).toBe(0)
    expect(coinDebtNote(0)).toBeNull()
    expect(coinDebtNote(-200)).toContain("Seu saldo de moedas está negativo (-200)")
    // Nothing can be spent while below zero.
    expect(checkRedemption(1, -200, 10_000, DEFAULT_COIN_TERMS)).toEqual({
      ok: false,
      message: "Você não tem moedas suficientes.",
    })
    // R$ 100,00 of items: 20 % is R$ 20,00, 200 coins of 10 centavos.
    expect(checkRedemption(201, 1_000, 10_000, DEFAULT_COIN_TERMS)).toEqual({
      ok: false,
      message: "Neste pedido você pode usar até 200 moedas.",
    })
    expect(checkRedemption(200, 1_000, 10_000, DEFAULT_COIN_TERMS)).toEqual({
      ok: true,
      redemption: { coins: 200, discount: 2_000 },
    })
  })
})
