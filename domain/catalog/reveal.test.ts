import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CivilDate } from "../calendar"
import {
  characterCountdown,
  collectionStatusBadge,
  itemBadge,
  MAX_HINTS,
  MYSTERY_NAME,
  monthCountdown,
  PHASE_LABELS,
  purchaseRule,
  type RevealPhase,
  revealPhase,
  SINGLE_PURCHASE_LABEL,
  TEASER_HINTS,
  type TimelineStatus,
  teaserHints,
  timelineStatus,
  validateHints,
} from "./reveal"

const day = (year: number, month: number, d: number): CivilDate => ({ year, month, day: d })
const NOV_2026 = { year: 2026, month: 11 }

describe("revealPhase", () => {
  const dates = { teaserAt: 1000, previewAt: 2000, revealAt: 3000 }

  it.each<[number, RevealPhase | null]>([
    [0, null],
    [999, null],
    [1000, "early_preview"],
    [1999, "early_preview"],
    [2000, "preview"],
    [2999, "preview"],
    [3000, "final"],
    [1e15, "final"],
  ])("at %i → %o", (now, phase) => {
    expect(revealPhase(dates, now)).toBe(phase)
  })

  it("labels every phase", () => {
    expect(PHASE_LABELS).toEqual({ early_preview: "Early Preview", preview: "Preview", final: "Final" })
  })

  it("never moves backwards in time", () => {
    const order = [null, "early_preview", "preview", "final"]
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 5000 }), (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a]
        expect(order.indexOf(revealPhase(dates, early))).toBeLessThanOrEqual(
          order.indexOf(revealPhase(dates, late)),
        )
      }),
    )
  })
})

describe("timelineStatus and purchaseRule", () => {
  it.each<[{ year: number; month: number }, CivilDate, TimelineStatus]>([
    [NOV_2026, day(2026, 11, 1), "current"],
    [NOV_2026, day(2026, 11, 30), "current"],
    [NOV_2026, day(2026, 12, 1), "released"],
    [NOV_2026, day(2027, 1, 15), "released"],
    [NOV_2026, day(2026, 10, 31), "upcoming"],
    [{ year: 2027, month: 1 }, day(2026, 12, 31), "upcoming"],
    [{ year: 2025, month: 12 }, day(2026, 1, 1), "released"],
  ])("%o on %o is %s", (edition, today, status) => {
    expect(timelineStatus(edition, today)).toBe(status)
  })

  it.each<[TimelineStatus, boolean, ReturnType<typeof purchaseRule>]>([
    ["current", false, { canBuy: true, mode: "single" }],
    ["current", true, { canBuy: true, mode: "single" }],
    ["released", true, { canBuy: true, mode: "subscription" }],
    ["released", false, { canBuy: false, mode: "none", reason: "Apenas para Assinantes" }],
    ["upcoming", true, { canBuy: false, mode: "none", reason: "Em Breve" }],
    ["upcoming", false, { canBuy: false, mode: "none", reason: "Em Breve" }],
  ])("%s, subscriber=%s → %o", (status, isSubscriber, rule) => {
    expect(purchaseRule(status, isSubscriber)).toEqual(rule)
  })

  it("names single purchases", () => {
    expect(SINGLE_PURCHASE_LABEL).toBe("Compra Avulsa")
  })
})

describe("itemBadge", () => {
  it.each([
    [NOV_2026, day(2026, 11, 15), "Mês Atual", "success"],
    [NOV_2026, day(2026, 12, 1), "Finalizada", "neutral"],
    [{ year: 2026, month: 12 }, day(2027, 1, 3), "Finalizada", "neutral"],
    [NOV_2026, day(2027, 1, 1), "Arquivo", "muted"],
    [{ year: 2024, month: 5 }, day(2026, 11, 1), "Arquivo", "muted"],
    [NOV_2026, day(2026, 10, 31), "Em Breve", "info"],
    [{ year: 2027, month: 6 }, day(2026, 11, 1), "Em Breve", "info"],
  ])("%o on %o → %s", (edition, today, label, tone) => {
    expect(itemBadge(edition, today)).toEqual({ label, tone })
  })
})

describe("monthCountdown", () => {
  it.each([
    [NOV_2026, day(2026, 11, 30), "Último dia!", "urgent"],
    [NOV_2026, day(2026, 11, 29), "Últimos 2 dias!", "urgent"],
    [NOV_2026, day(2026, 11, 28), "Últimos 3 dias!", "urgent"],
    [NOV_2026, day(2026, 11, 27), "Restam 4 dias", "warning"],
    [NOV_2026, day(2026, 11, 24), "Restam 7 dias", "warning"],
    [NOV_2026, day(2026, 11, 23), "8 dias restantes", "neutral"],
    [NOV_2026, day(2026, 11, 1), "30 dias restantes", "neutral"],
    [{ year: 2026, month: 12 }, day(2026, 12, 31), "Último dia!", "urgent"],
    [{ year: 2026, month: 12 }, day(2026, 12, 1), "31 dias restantes", "neutral"],
    [{ year: 2028, month: 2 }, day(2028, 2, 29), "Último dia!", "urgent"],
    [{ year: 2028, month: 2 }, day(2028, 2, 28), "Últimos 2 dias!", "urgent"],
    [{ year: 2027, month: 2 }, day(2027, 2, 22), "Restam 7 dias", "warning"],
    [NOV_2026, day(2026, 10, 15), "Lança em novembro", "info"],
    [{ year: 2027, month: 1 }, day(2026, 12, 20), "Lança em janeiro de 2027", "info"],
    [{ year: 2027, month: 3 }, day(2026, 11, 1), "Lança em março de 2027", "info"],
    [NOV_2026, day(2026, 12, 1), "Finalizada", "muted"],
    [{ year: 2025, month: 11 }, day(2026, 11, 1), "Finalizada", "muted"],
  ])("%o on %o → %s", (edition, today, label, tone) => {
    expect(monthCountdown(edition, today)).toEqual({ label, tone })
  })
})

describe("characterCountdown", () => {
  const s = 1000
  const m = 60 * s
  const h = 60 * m
  const d = 24 * h

  it.each([
    [0, "Revelado!"],
    [-1, "Revelado!"],
    [-5 * d, "Revelado!"],
    [1, "0m 0s"],
    [s, "0m 1s"],
    [59 * s, "0m 59s"],
    [m, "1m 0s"],
    [59 * m + 59 * s + 999, "59m 59s"],
    [h, "1h 0m"],
    [2 * h + 5 * m + 30 * s, "2h 5m"],
    [23 * h + 59 * m + 59 * s, "23h 59m"],
    [d, "1d 0h"],
    [d + 3 * h + 59 * m, "1d 3h"],
    [14 * d + 23 * h, "14d 23h"],
  ])("%i ms left → %s", (remaining, text) => {
    const now = 1_800_000_000_000
    expect(characterCountdown(now + remaining, now)).toBe(text)
  })
})

describe("hints", () => {
  it("names the mystery character and the limits", () => {
    expect(MYSTERY_NAME).toBe("Personagem Misterioso")
    expect([MAX_HINTS, TEASER_HINTS]).toEqual([5, 3])
  })

  it.each([
    [[], []],
    [["a"], ["a"]],
    [
      ["a", "b", "c"],
      ["a", "b", "c"],
    ],
    [
      ["a", "b", "c", "d", "e"],
      ["a", "b", "c"],
    ],
  ])("teaserHints(%o) = %o", (hints, expected) => {
    expect(teaserHints(hints)).toEqual(expected)
  })

  it.each([
    [0, null],
    [5, null],
    [6, "Maximum 5 hints allowed"],
    [10, "Maximum 5 hints allowed"],
  ])("%i hints → %o", (count, expected) => {
    expect(validateHints(Array.from({ length: count }, (_, i) => `dica ${i}`))).toBe(expected)
  })
})

describe("collectionStatusBadge", () => {
  it.each([
    [true, "Ativa"],
    [false, "Completa"],
  ])("active=%s → %s", (isActive, label) => {
    expect(collectionStatusBadge(isActive)).toBe(label)
  })
})
