import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type AttemptStatus,
  cardBrandLabel,
  isFinalPaymentStatus,
  nextPaymentStatus,
  type PaymentStatus,
  paymentStatusFromGateway,
} from "./payment"

type Current = AttemptStatus

const STATUSES: readonly PaymentStatus[] = [
  "pending",
  "in_process",
  "approved",
  "rejected",
  "cancelled",
  "refunded",
  "charged_back",
]
const CURRENT: readonly Current[] = ["new", "interrupted", ...STATUSES]

// The order a payment's life goes through; statuses on the same step are alternative endings.
const STEP: Readonly<Record<Current, number>> = {
  new: 0,
  interrupted: 0,
  pending: 1,
  in_process: 2,
  approved: 3,
  rejected: 3,
  cancelled: 3,
  refunded: 4,
  charged_back: 4,
}

/** Every move the gateway may make, written out as a table: anything not listed is ignored. */
const ALLOWED: readonly [Current, PaymentStatus][] = [
  ["new", "pending"],
  ["new", "in_process"],
  ["new", "approved"],
  ["new", "rejected"],
  ["new", "cancelled"],
  // Never reached the gateway as far as anyone knew: whatever the gateway turns out to have still counts.
  ["interrupted", "pending"],
  ["interrupted", "in_process"],
  ["interrupted", "approved"],
  ["interrupted", "rejected"],
  ["interrupted", "cancelled"],
  ["pending", "in_process"],
  ["pending", "approved"],
  ["pending", "rejected"],
  ["pending", "cancelled"],
  ["in_process", "approved"],
  ["in_process", "rejected"],
  ["in_process", "cancelled"],
  ["approved", "refunded"],
  ["approved", "charged_back"],
]

describe("nextPaymentStatus", () => {
  it.each<[string, Current, PaymentStatus, PaymentStatus | null]>([
    ["a new attempt is pending", "new", "pending", "pending"],
    ["a card approved at once", "new", "approved", "approved"],
    ["a PIX paid", "pending", "approved", "approved"],
    ["a card goes to review", "pending", "in_process", "in_process"],
    ["a review approves", "in_process", "approved", "approved"],
    ["a review rejects", "in_process", "rejected", "rejected"],
    ["a boleto not paid in time", "pending", "cancelled", "cancelled"],
    ["refunded after approved", "approved", "refunded", "refunded"],
    ["charged back after approved", "approved", "charged_back", "charged_back"],
    ["approved, then a stale pending: stays approved", "approved", "pending", null],
    ["approved, then a stale in_process: stays approved", "approved", "in_process", null],
    ["approved, then rejected: ignored", "approved", "rejected", null],
    ["rejected, then approved: ignored", "rejected", "approved", null],
    ["cancelled, then approved: ignored", "cancelled", "approved", null],
    ["rejected, then cancelled: ignored", "rejected", "cancelled", null],
    ["in_process, then a stale pending: ignored", "in_process", "pending", null],
    ["refunded, then approved again: ignored", "refunded", "approved", null],
    ["refunded, then charged back: ignored", "refunded", "charged_back", null],
    ["a refund of a payment never approved: ignored", "pending", "refunded", null],
    ["a new attempt cannot be refunded", "new", "refunded", null],
    ["an interrupted attempt the gateway had after all is approved", "interrupted", "approved", "approved"],
    ["the same status twice: nothing to do", "approved", "approved", null],
    ["pending twice: nothing to do", "pending", "pending", null],
  ])("%s", (_case, current, reported, next) => {
    expect(nextPaymentStatus(current, reported)).toBe(next)
  })

  it("moves exactly along the allowed table, every pair checked", () => {
    const allowed = new Set(ALLOWED.map(([a, b]) => `${a}>${b}`))
    for (const current of CURRENT)
      for (const reported of STATUSES)
        expect(nextPaymentStatus(current, reported), `${current} → ${reported}`).toBe(
          allowed.has(`${current}>${reported}`) ? reported : null,
        )
  })

  it("never moves backwards, whatever order the notifications arrive in", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STATUSES), { maxLength: 20 }), (reports) => {
        let status: Current = "new"
        let approvedOnce = false
        for (const reported of reports) {
          const next = nextPaymentStatus(status, reported)
          if (next === null) continue
          expect(next).toBe(reported)
          expect(STEP[next]).toBeGreaterThan(STEP[status])
          if (isFinalPaymentStatus(status)) expect(isFinalPaymentStatus(next)).toBe(true)
          status = next
          if (status === "approved") approvedOnce = true
          // Money that came in is only ever given back, never "un-approved".
          if (approvedOnce) expect(["approved", "refunded", "charged_back"]).toContain(status)
        }
      }),
    )
  })

  it("ends at most four moves from new (new → pending → in_process → approved → refunded)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STATUSES), { maxLength: 30 }), (reports) => {
        let status: Current = "new"
        let moves = 0
        for (const reported of reports) {
          const next = nextPaymentStatus(status, reported)
          if (next !== null) {
            status = next
            moves++
          }
        }
        expect(moves).toBeLessThanOrEqual(4)
      }),
    )
  })

  it("a duplicate notification is always a no-op", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STATUSES), { maxLength: 20 }), (reports) => {
        let once: Current = "new"
        let twice: Current = "new"
        for (const r of reports) {
          once = nextPaymentStatus(once, r) ?? once
          twice = nextPaymentStatus(twice, r) ?? twice
          twice = nextPaymentStatus(twice, r) ?? twice
        }
        expect(twice).toBe(once)
      }),
    )
  })
})

describe("isFinalPaymentStatus", () => {
  it.each<[Current, boolean]>([
    ["new", false],
    ["pending", false],
    ["in_process", false],
    ["approved", true],
    ["rejected", true],
    ["cancelled", true],
    ["refunded", true],
    ["charged_back", true],
  ])("%s → %s", (status, final) => {
    expect(isFinalPaymentStatus(status)).toBe(final)
  })
})

describe("paymentStatusFromGateway", () => {
  it.each<[string, PaymentStatus | null]>([
    ["pending", "pending"],
    ["in_process", "in_process"],
    ["approved", "approved"],
    ["rejected", "rejected"],
    ["cancelled", "cancelled"],
    ["refunded", "refunded"],
    ["charged_back", "charged_back"],
    // An authorised (not yet captured) card is still in process.
    ["authorized", "in_process"],
    // A dispute counts as charged back.
    ["in_mediation", "charged_back"],
    ["", null],
    ["APPROVED", null],
    [" approved", null],
    ["canceled", null],
    ["paused", null],
    ["new", null],
    ["toString", null],
  ])("%j → %o", (raw, status) => {
    expect(paymentStatusFromGateway(raw)).toBe(status)
  })

  it("answers one of our statuses or null for any text", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const status = paymentStatusFromGateway(raw)
        if (status !== null) expect(STATUSES).toContain(status)
      }),
    )
  })
})

describe("cardBrandLabel", () => {
  it("writes Mercado Pago's brand ids as people do, capitalising one it does not know", () => {
    expect(cardBrandLabel("master")).toBe("Mastercard")
    expect(cardBrandLabel("amex")).toBe("American Express")
    expect(cardBrandLabel("cabal")).toBe("Cabal")
  })
})
