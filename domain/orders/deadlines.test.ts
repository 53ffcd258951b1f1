import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type CivilDate, saoPauloInstant, toSaoPauloCivil } from "../calendar"
import {
  boletoDueAt,
  gatewayExpiry,
  PAYMENT_WINDOWS,
  payByFor,
  pixExpiryAccepted,
  reviewDeadline,
} from "./deadlines"
import type { PaymentMethod } from "./order"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const day = (year: number, month: number, d: number): CivilDate => ({ year, month, day: d })
/** A São Paulo wall-clock instant (UTC−3 all year since 2019). */
const sp = (year: number, month: number, d: number, hour = 0, minute = 0, second = 0) =>
  Date.UTC(year, month - 1, d, hour + 3, minute, second)

describe("PAYMENT_WINDOWS", () => {
  it("are the store's windows", () => {
    expect(PAYMENT_WINDOWS).toEqual({
      pixMinutes: 30,
      pixGatewayMinutes: 31,
      boletoDueDays: 3,
      boletoClearingDays: 5,
      cardMinutes: 60,
      checkoutProHours: 24,
      reviewDays: 3,
    })
  })
})

describe("boletoDueAt", () => {
  it.each<[string, number, number]>([
    ["morning, mid-month", sp(2026, 3, 10, 9, 15), sp(2026, 3, 13, 23, 59, 59)],
    ["first second of the day", sp(2026, 3, 10, 0, 0, 0), sp(2026, 3, 13, 23, 59, 59)],
    ["last second of the day", sp(2026, 3, 10, 23, 59, 59), sp(2026, 3, 13, 23, 59, 59)],
    ["near a 31-day month's end", sp(2026, 3, 30, 14), sp(2026, 4, 2, 23, 59, 59)],
    ["on a 30-day month's last day", sp(2026, 4, 30, 14), sp(2026, 5, 3, 23, 59, 59)],
    ["late February, common year", sp(2026, 2, 27, 10), sp(2026, 3, 2, 23, 59, 59)],
    ["late February, leap year", sp(2028, 2, 27, 10), sp(2028, 3, 1, 23, 59, 59)],
    ["across the new year", sp(2026, 12, 30, 18), sp(2027, 1, 2, 23, 59, 59)],
    // 23:30 in São Paulo is already the next day in UTC: the São Paulo day counts.
    ["late evening (next day in UTC)", sp(2026, 1, 31, 23, 30), sp(2026, 2, 3, 23, 59, 59)],
    [
      "just after midnight (same day in UTC as the evening before)",
      sp(2026, 2, 1, 0, 30),
      sp(2026, 2, 4, 23, 59, 59),
    ],
  ])("%s", (_case, issued, due) => {
    expect(boletoDueAt(issued)).toBe(due)
  })

  it("is the last second of the São Paulo day three days after the issue", () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }), (issued) => {
        const due = boletoDueAt(issued)
        const issuedDay = toSaoPauloCivil(issued)
        const dueDay = toSaoPauloCivil(due)
        const expected = toSaoPauloCivil(saoPauloInstant(issuedDay, 12) + 3 * DAY)
        expect(dueDay).toEqual(expected)
        expect(toSaoPauloCivil(due + 1000)).not.toEqual(dueDay)
        expect(due - issued).toBeGreaterThan(3 * DAY)
        expect(due - issued).toBeLessThanOrEqual(4 * DAY)
      }),
    )
  })

  it("never falls on the issue day itself", () => {
    expect(toSaoPauloCivil(boletoDueAt(sp(2026, 6, 1, 12)))).toEqual(day(2026, 6, 4))
  })
})

describe("gatewayExpiry", () => {
  const start = sp(2026, 5, 20, 10, 0)

  it.each<[PaymentMethod, number | null]>([
    ["pix", start + 31 * MINUTE],
    ["boleto", sp(2026, 5, 23, 23, 59, 59)],
    ["checkout_pro", start + 24 * HOUR],
    ["card", null],
  ])("%s → %o", (method, expiry) => {
    expect(gatewayExpiry(method, start)).toBe(expiry)
  })
})

describe("payByFor", () => {
  const start = sp(2026, 5, 20, 10, 0)

  it.each<[PaymentMethod, number]>([
    ["pix", start + 30 * MINUTE],
    ["card", start + 60 * MINUTE],
    ["checkout_pro", start + 24 * HOUR],
    // Due at the end of 23/05, then 5 days for the bank to clear it.
    ["boleto", sp(2026, 5, 28, 23, 59, 59)],
  ])("%s → %o", (method, payBy) => {
    expect(payByFor(method, start)).toBe(payBy)
  })

  it("a boleto issued near a month end is kept into the next month", () => {
    expect(payByFor("boleto", sp(2026, 1, 29, 16))).toBe(sp(2026, 2, 6, 23, 59, 59))
  })

  it("is never before the gateway stops accepting the payment, but for the PIX code's minute in transit", () => {
    // A PIX code must reach Mercado Pago at least 30 minutes before it expires: sent with 31, it outlives the
    // order's 30 by that minute, and a payment in it is a late one (application/orders/applyGatewayPayment.ts).
    expect(gatewayExpiry("pix", 0)! - payByFor("pix", 0)).toBe(MINUTE)
    const methods = fc.constantFrom<PaymentMethod>("boleto", "card", "checkout_pro")
    fc.assert(
      fc.property(methods, fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }), (m, t) => {
        const payBy = payByFor(m, t)
        expect(payBy).toBeGreaterThan(t)
        const expiry = gatewayExpiry(m, t)
        if (expiry !== null) expect(payBy).toBeGreaterThanOrEqual(expiry)
      }),
    )
  })
})

describe("pixExpiryAccepted (Mercado Pago's documented window)", () => {
  const sent = sp(2026, 5, 20, 10, 0)

  it("takes from 30 minutes to 30 days after the request arrives", () => {
    expect(pixExpiryAccepted(sent + 30 * MINUTE, sent)).toBe(true)
    expect(pixExpiryAccepted(sent + 30 * DAY, sent)).toBe(true)
    expect(pixExpiryAccepted(sent + 30 * MINUTE - 1, sent)).toBe(false)
    expect(pixExpiryAccepted(sent + 30 * DAY + 1, sent)).toBe(false)
  })

  it("takes the store's own PIX expiry even when the request arrives a few seconds late", () => {
    expect(pixExpiryAccepted(gatewayExpiry("pix", sent)!, sent + 59_000)).toBe(true)
    // The order's window itself would be refused once in transit.
    expect(pixExpiryAccepted(payByFor("pix", sent), sent + 1)).toBe(false)
  })
})

describe("reviewDeadline", () => {
  it("is three days after the payment started", () => {
    const start = sp(2026, 5, 20, 10, 0)
    expect(reviewDeadline(start)).toBe(sp(2026, 5, 23, 10, 0))
    expect(reviewDeadline(start)).toBeGreaterThan(payByFor("card", start))
  })
})
