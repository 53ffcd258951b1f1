import { describe, expect, it } from "vitest"
import { fieldChanges, isAuditSubjectType } from "./audit"

describe("fieldChanges", () => {
  it("lists only the fields that changed, with both values", () => {
    expect(
      fieldChanges({ name: "A", price: 100, tags: ["x"] }, { name: "A", price: 200, tags: ["x"] }),
    ).toEqual({
      price: { from: 100, to: 200 },
    })
  })

  it("compares arrays and objects by value", () => {
    expect(fieldChanges({ hints: ["a", "b"] }, { hints: ["a", "c"] })).toEqual({
      hints: { from: ["a", "b"], to: ["a", "c"] },
    })
  })

  it("lists every field of a created or deleted record", () => {
    expect(fieldChanges(null, { code: "X", value: 10 })).toEqual({
      code: { from: null, to: "X" },
      value: { from: null, to: 10 },
    })
    expect(fieldChanges({ code: "X" }, null)).toEqual({ code: { from: "X", to: null } })
  })

  it("never lists an omitted field", () => {
    expect(fieldChanges({ image: "a", name: "A" }, { image: "b", name: "B" }, ["image"])).toEqual({
      name: { from: "A", to: "B" },
    })
  })

  it("is empty when nothing changed", () => {
    expect(fieldChanges({ a: 1 }, { a: 1 })).toEqual({})
  })
})

describe("isAuditSubjectType", () => {
  it("accepts the listed types only", () => {
    expect(isAuditSubjectType("coupon")).toBe(true)
    expect(isAuditSubjectType("wallet")).toBe(false)
    expect(isAuditSubjectType(3)).toBe(false)
  })
})
