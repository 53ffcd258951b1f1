import { describe, expect, it } from "vitest"
import { formatPhone, maskPhoneInput, normalizePhone } from "./phone"

describe("phone", () => {
  it("masks while typing, mobile and landline", () => {
    expect(
      ["1", "11", "119", "11987", "119876543", "1198765432", "11987654321", "119876543210"].map(
        maskPhoneInput,
      ),
    ).toEqual([
      "(1",
      "(11",
      "(11) 9",
      "(11) 987",
      "(11) 9876-543",
      "(11) 9876-5432",
      "(11) 98765-4321",
      "(11) 98765-4321",
    ])
    expect(maskPhoneInput("")).toBe("")
    expect(maskPhoneInput("(11) 3456-7890")).toBe("(11) 3456-7890")
  })

  it("keeps DDD and number, with or without +55, and refuses the rest", () => {
    expect(normalizePhone("(11) 98765-4321")).toBe("11987654321")
    expect(normalizePhone("+55 11 3456-7890")).toBe("1134567890")
    expect(normalizePhone("(01) 98765-4321")).toBeNull()
    expect(normalizePhone("98765-4321")).toBeNull()
  })

  it("formats a stored number", () => {
    expect(formatPhone("11987654321")).toBe("(11) 98765-4321")
    expect(formatPhone("abc")).toBe("abc")
  })
})
