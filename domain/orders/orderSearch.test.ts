import { describe, expect, it } from "vitest"
import { readOrderSearch } from "./orderSearch"

describe("readOrderSearch", () => {
  it("reads an order number, our tracking code or a carrier's code as one upper-case token", () => {
    expect(readOrderSearch(" lg-2026-000123 ")).toEqual({ code: "LG-2026-000123", cpf: null, email: null })
    expect(readOrderSearch("8r1cg2-g03g02")?.code).toBe("8R1CG2-G03G02")
    expect(readOrderSearch("AA 123 456 789 BR")?.code).toBe("AA123456789BR")
  })

  it("reads 11 digits, masked or not, as a CPF (and as a code too)", () => {
    expect(readOrderSearch("123.456.789-09")).toEqual({ code: null, cpf: "12345678909", email: null })
    expect(readOrderSearch("12345678909")).toEqual({ code: "12345678909", cpf: "12345678909", email: null })
  })

  it("reads an e-mail in lower case and nothing else", () => {
    expect(readOrderSearch("Ana@Example.com")).toEqual({ code: null, cpf: null, email: "ana@example.com" })
  })

  it("gives nothing for an empty text", () => {
    expect(readOrderSearch("   ")).toBeNull()
  })
})
