import { describe, expect, it } from "vitest"
import { planMonthEntry, purchaseEntry, reversalEntry } from "./ledger"
import { levelOf, levelProgress, titleOf } from "./levels"
import { completionMessage, isComplete, percentOf, reachedAchievements } from "./progress"
import { streakOf } from "./streak"

describe("levels", () => {
  it("grows a level every 500 points, with the spec's bar score / (score + 500)", () => {
    expect([0, 499, 500, 1499, 1500].map(levelOf)).toEqual([1, 1, 2, 3, 4])
    expect(levelProgress(0)).toBe(0)
    expect(levelProgress(500)).toBe(0.5)
    expect(levelProgress(1500)).toBe(0.75)
    expect(levelOf(-100)).toBe(1)
  })
  it("names the collector by level", () => {
    expect([1, 3, 6, 10, 25].map(titleOf)).toEqual([
      "Iniciante",
      "Colecionador",
      "Veterano",
      "Mestre Colecionador",
      "Lenda",
    ])
  })
})

describe("streak", () => {
  it("counts consecutive months back from this month", () => {
    expect(streakOf(["2026-09", "2026-10", "2026-11"], "2026-11")).toBe(3)
    expect(streakOf(["2026-08", "2026-10", "2026-11"], "2026-11")).toBe(2)
  })
  it("keeps last month's streak until this month has none yet, then breaks it", () => {
    expect(streakOf(["2026-09", "2026-10"], "2026-11")).toBe(2)
    expect(streakOf(["2026-09", "2026-10"], "2026-12")).toBe(0)
    expect(streakOf([], "2026-11")).toBe(0)
  })
  it("crosses the year", () => {
    expect(streakOf(["2025-12", "2026-01"], "2026-01")).toBe(2)
  })
})

describe("collection progress", () => {
  it("gives the spec's completion messages at 0, 25, 50, 75 and 100%", () => {
    const message = (owned: number) => completionMessage({ owned, total: 12 })
    expect(message(0)).toBe("Comece sua jornada de colecionador")
    expect(message(2)).toBe("Comece sua jornada de colecionador")
    expect(message(3)).toBe("Bom começo! Continue assim")
    expect(message(6)).toBe("Ótimo progresso! Metade concluída")
    expect(message(9)).toBe("Quase lá! Continue coletando")
    expect(message(11)).toBe("Quase lá! Continue coletando")
    expect(message(12)).toBe("Coleção Completa! 🎉")
  })
  it("rounds down and never calls an empty collection complete", () => {
    expect(percentOf({ owned: 2, total: 3 })).toBe(66)
    expect(isComplete({ owned: 0, total: 0 })).toBe(false)
    expect(percentOf({ owned: 1, total: 0 })).toBe(0)
  })
  it("reaches the achievements at the first character, 25, 50, 75 and 100%", () => {
    const names = (owned: number) => reachedAchievements({ owned, total: 12 }).map((a) => a.name)
    expect(names(0)).toEqual([])
    expect(names(1)).toEqual(["Primeiro Personagem"])
    expect(names(3)).toEqual(["Primeiro Personagem", "Um Quarto Completo"])
    expect(names(9)).toEqual(["Primeiro Personagem", "Um Quarto Completo", "Meio Caminho", "Quase Completa"])
    expect(names(12)).toHaveLength(5)
    expect(names(12).at(-1)).toBe("Mestre Colecionador")
  })
})

describe("ledger entries", () => {
  it("keys a purchase by its order, so the same payment counts once", () => {
    const a = purchaseEntry("u1", "o1", 2, 1)
    expect(a).toMatchObject({ kind: "purchase", reference: "order:o1", points: 200, coins: 20 })
    expect(purchaseEntry("u1", "o1", 2, 99).reference).toBe(a.reference)
    expect(a.description).toBe("Comprou 2 personagens")
    expect(purchaseEntry("u1", "o2", 1, 1).description).toBe("Comprou 1 personagem")
  })
  it("gives a plan month its piece and its loyalty points", () => {
    expect(planMonthEntry("u1", "o3", "2026-11", 1)).toMatchObject({
      kind: "subscription_month",
      points: 150,
      description: "Recebeu o personagem de 11/2026 da assinatura",
    })
  })
  it("undoes an entry once, keyed by what it undoes", () => {
    const earned = purchaseEntry("u1", "o1", 1, 1)
    expect(reversalEntry(earned, 2)).toMatchObject({
      kind: "reversal",
      reference: "purchase:order:o1",
      points: -100,
      coins: -10,
    })
  })
})
