import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../calendar"
import {
  type CouponDraft,
  couponStatus,
  defaultCouponDraft,
  draftOfCoupon,
  duplicateCode,
  duplicateFields,
  COUPON_ADMIN_MESSAGES as M,
  matchesCouponFilter,
  maxUsesBelowUses,
  validateCouponDraft,
} from "./couponAdmin"

const NOW = saoPauloInstant({ year: 2026, month: 11, day: 27 }, 10)
const HOUR = 3_600_000

const coupon = (over: Partial<Parameters<typeof matchesCouponFilter>[0]> = {}) => ({
  code: "NATAL10",
  type: "percentage" as const,
  isActive: true,
  validUntil: null,
  createdAt: NOW - 24 * HOUR,
  ...over,
})

describe("a coupon's status on a fixed clock", () => {
  it.each([
    ["active, no end", { isActive: true, validUntil: null }, "active"],
    ["active, ends later", { isActive: true, validUntil: NOW + HOUR }, "active"],
    ["switched off", { isActive: false, validUntil: NOW + HOUR }, "inactive"],
    ["active but ended", { isActive: true, validUntil: NOW - 1 }, "expired"],
    ["off and ended", { isActive: false, validUntil: NOW - 1 }, "expired"],
    ["ends this very instant", { isActive: true, validUntil: NOW }, "active"],
  ] as const)("%s → %s", (_, over, status) => {
    expect(couponStatus(over, NOW)).toBe(status)
  })

  it("filters by status, type, code (any case, contains) and created range", () => {
    const rows = [
      coupon({ code: "NATAL10" }),
      coupon({ code: "FRETE", type: "free_shipping", isActive: false }),
      coupon({ code: "VERAO", validUntil: NOW - HOUR, createdAt: NOW - 90 * 24 * HOUR }),
    ]
    const codes = (filter: Parameters<typeof matchesCouponFilter>[1]) =>
      rows.filter((r) => matchesCouponFilter(r, filter, NOW)).map((r) => r.code)
    expect(codes({ status: "active" })).toEqual(["NATAL10"])
    expect(codes({ status: "inactive" })).toEqual(["FRETE"])
    expect(codes({ status: "expired" })).toEqual(["VERAO"])
    expect(codes({ type: "free_shipping" })).toEqual(["FRETE"])
    expect(codes({ search: "tal" })).toEqual(["NATAL10"])
    expect(codes({ from: NOW - 30 * 24 * HOUR })).toEqual(["NATAL10", "FRETE"])
    expect(codes({ to: NOW - 30 * 24 * HOUR })).toEqual(["VERAO"])
    expect(codes({})).toHaveLength(3)
  })
})

describe("duplicating a coupon", () => {
  it("appends -COPIA, then -COPIA2, -COPIA3 past the codes taken", () => {
    expect(duplicateCode("NATAL10", new Set())).toBe("NATAL10-COPIA")
    expect(duplicateCode("NATAL10", new Set(["NATAL10-COPIA"]))).toBe("NATAL10-COPIA2")
    expect(duplicateCode("NATAL10", new Set(["NATAL10-COPIA", "NATAL10-COPIA2"]))).toBe("NATAL10-COPIA3")
  })

  it("cuts the original so the copy's code stays within 30 characters", () => {
    const long = "A".repeat(30)
    expect(duplicateCode(long, new Set())).toBe(`${"A".repeat(24)}-COPIA`)
    const second = duplicateCode(long, new Set([`${"A".repeat(24)}-COPIA`]))
    expect(second).toBe(`${"A".repeat(23)}-COPIA2`)
    expect(second).toHaveLength(30)
  })

  it("keeps the conditions and carries no usage or switch (the store starts the copy unused and off)", () => {
    const fields = {
      code: "NATAL10",
      type: "fixed" as const,
      value: 2000,
      minimumOrderValue: 10000,
      maximumDiscount: null,
      maxUses: 50,
      validFrom: NOW,
      validUntil: NOW + HOUR,
      oncePerCustomer: true,
      notWithCoins: false,
    }
    const copy = duplicateFields(
      { ...fields, totalUses: 7, isActive: true } as typeof fields,
      "NATAL10-COPIA",
    )
    expect(copy).toEqual({ ...fields, code: "NATAL10-COPIA" })
  })
})

describe("the coupon form's rules", () => {
  const draft = (over: Partial<CouponDraft> = {}): CouponDraft => ({
    ...defaultCouponDraft(NOW),
    code: "natal10",
    ...over,
  })

  it("defaults to a 10 % percentage, minimum 0, valid from today in São Paulo", () => {
    const late = saoPauloInstant({ year: 2026, month: 11, day: 27 }, 23, 30) // 02:30 UTC on the 28th
    expect(defaultCouponDraft(late)).toEqual({
      code: "",
      type: "percentage",
      value: 10,
      minimumOrderValue: 0,
      maximumDiscount: null,
      maxUses: null,
      validFrom: "2026-11-27",
      validUntil: null,
      oncePerCustomer: false,
      notWithCoins: false,
    })
  })

  it("upper-cases the code and turns days into São Paulo instants, the last day whole", () => {
    const checked = validateCouponDraft(draft({ code: " natal10 ", validUntil: "2026-12-25" }))
    expect(checked).toMatchObject({ ok: true, fields: { code: "NATAL10", value: 10 } })
    if (!checked.ok) return
    expect(checked.fields.validFrom).toBe(saoPauloInstant({ year: 2026, month: 11, day: 27 }, 0))
    expect(checked.fields.validUntil).toBe(saoPauloInstant({ year: 2026, month: 12, day: 26 }, 0) - 1)
    expect(draftOfCoupon(checked.fields)).toMatchObject({ validFrom: "2026-11-27", validUntil: "2026-12-25" })
  })

  it.each<[string, Partial<CouponDraft>, keyof CouponDraft, string]>([
    ["no code", { code: "  " }, "code", M.codeRequired],
    ["a code with spaces", { code: "NATAL 10" }, "code", M.codeFormat],
    ["a code too long", { code: "A".repeat(31) }, "code", M.codeFormat],
    ["no value", { value: null }, "value", M.valueRequired],
    ["0 %", { value: 0 }, "value", M.percentRange],
    ["101 %", { value: 101 }, "value", M.percentRange],
    ["a fractional percent", { value: 12.5 }, "value", M.percentRange],
    ["a fixed 0", { type: "fixed", value: 0 }, "value", M.fixedPositive],
    ["a fixed without value", { type: "fixed", value: null }, "value", M.valueRequired],
    ["a negative minimum", { minimumOrderValue: -1 }, "minimumOrderValue", M.minimum],
    ["a zero cap", { maximumDiscount: 0 }, "maximumDiscount", M.maximumDiscount],
    ["zero uses", { maxUses: 0 }, "maxUses", M.maxUses],
    ["no start", { validFrom: "" }, "validFrom", M.validFrom],
    ["an end before the start", { validUntil: "2026-11-26" }, "validUntil", M.validUntil],
    ["an impossible end", { validUntil: "2026-02-30" }, "validUntil", M.validUntil],
  ])("refuses %s with its field's message", (_, over, field, message) => {
    const checked = validateCouponDraft(draft(over))
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.errors[field]).toBe(message)
    expect(checked.message).toBe(message)
  })

  it("accepts a fixed amount in centavos and free shipping without a value; the cap is only a percentage's", () => {
    expect(validateCouponDraft(draft({ type: "fixed", value: 1, maximumDiscount: 500 }))).toMatchObject({
      ok: true,
      fields: { value: 1, maximumDiscount: null },
    })
    expect(validateCouponDraft(draft({ type: "free_shipping", value: null }))).toMatchObject({
      ok: true,
      fields: { value: 0 },
    })
    expect(validateCouponDraft(draft({ value: 100, validUntil: "2026-11-27", maxUses: 1 }))).toMatchObject({
      ok: true,
    })
  })

  it("reports every field at once", () => {
    const checked = validateCouponDraft(draft({ code: "", value: null, maxUses: 0 }))
    expect(checked.ok || Object.keys(checked.errors)).toEqual(["code", "value", "maxUses"])
  })
})

describe("an edit's limit of uses", () => {
  it("may not fall below the uses already counted", () => {
    expect(maxUsesBelowUses(3, 4)).toBe("O limite de usos não pode ser menor que os 4 usos já feitos")
    expect(maxUsesBelowUses(4, 4)).toBeNull()
    expect(maxUsesBelowUses(null, 4)).toBeNull()
  })
})
