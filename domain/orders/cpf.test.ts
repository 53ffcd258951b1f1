import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CPF_MESSAGES, cpfDigits, isValidCpf, maskCpfInput, maskedCpf, validateCpf } from "./cpf"

/** The rule of INTEGRATIONS.md, written out again so the test does not reuse the code it checks. */
function withCheckDigits(nine: string): string {
  const digit = (d: string) => {
    const weight = d.length + 1
    const total = [...d].reduce((acc, c, i) => acc + Number(c) * (weight - i), 0)
    const r = total % 11
    return r < 2 ? 0 : 11 - r
  }
  const ten = nine + digit(nine)
  return ten + digit(ten)
}

const arbNine = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 9, maxLength: 9 })

describe("CPF_MESSAGES", () => {
  it("are the store's pt-BR texts", () => {
    expect(CPF_MESSAGES).toEqual({ required: "CPF é obrigatório", invalid: "CPF inválido" })
  })
})

describe("cpfDigits", () => {
  it.each([
    ["123.456.789-09", "12345678909"],
    [" 123 456 789 09 ", "12345678909"],
    ["abc", ""],
    ["", ""],
  ])("%j → %j", (raw, digits) => {
    expect(cpfDigits(raw)).toBe(digits)
  })
})

describe("isValidCpf", () => {
  it.each([
    // Mercado Pago's test CPF must be accepted (INTEGRATIONS.md).
    ["12345678909", true],
    ["123.456.789-09", true],
    [" 123.456.789-09 ", true],
    ["123 456 789 09", true],
    ["529.982.247-25", true],
    ["52998224725", true],
    ["111.444.777-35", true],
    // First check digit 0 (remainder below 2) and second check digit 0.
    ["000.000.001-91", true],
    ["123.456.789-00", false],
    ["123.456.789-08", false],
    ["123.456.789-19", false],
    ["529.982.247-24", false],
    ["1234567890", false],
    ["123456789090", false],
    ["", false],
    ["abcdefghijk", false],
  ])("%j → %s", (raw, valid) => {
    expect(isValidCpf(raw)).toBe(valid)
  })

  it.each([..."0123456789"].map((d) => d.repeat(11)))("all-equal digits %s are invalid", (cpf) => {
    expect(isValidCpf(cpf)).toBe(false)
    expect(isValidCpf(maskCpfInput(cpf))).toBe(false)
  })

  // Only a changed check digit is always caught: the rule folds remainders 0 and 1 into the same digit, so a
  // few single-digit typos in the body still pass (a property of the CPF itself, not of this code).
  it("accepts every CPF built by the rule, masked or not, and nothing with a check digit changed", () => {
    fc.assert(
      fc.property(
        arbNine,
        fc.integer({ min: 9, max: 10 }),
        fc.integer({ min: 1, max: 9 }),
        (nine, at, delta) => {
          const cpf = withCheckDigits(nine)
          fc.pre(!/^(\d)\1{10}$/.test(cpf))
          expect(isValidCpf(cpf)).toBe(true)
          expect(isValidCpf(maskCpfInput(cpf))).toBe(true)
          const changed = cpf.slice(0, at) + ((Number(cpf[at]) + delta) % 10) + cpf.slice(at + 1)
          expect(isValidCpf(changed)).toBe(false)
        },
      ),
    )
  })
})

describe("validateCpf", () => {
  it.each([
    ["123.456.789-09", { ok: true, cpf: "12345678909" }],
    ["12345678909", { ok: true, cpf: "12345678909" }],
    ["", { ok: false, message: "CPF é obrigatório" }],
    ["   ", { ok: false, message: "CPF é obrigatório" }],
    ["...-", { ok: false, message: "CPF é obrigatório" }],
    ["123.456.789-00", { ok: false, message: "CPF inválido" }],
    ["111.111.111-11", { ok: false, message: "CPF inválido" }],
    ["123", { ok: false, message: "CPF inválido" }],
  ])("%j → %o", (raw, result) => {
    expect(validateCpf(raw)).toEqual(result)
  })
})

describe("maskCpfInput", () => {
  it.each([
    ["", ""],
    ["1", "1"],
    ["123", "123"],
    ["1234", "123.4"],
    ["123456", "123.456"],
    ["1234567", "123.456.7"],
    ["123456789", "123.456.789"],
    ["1234567890", "123.456.789-0"],
    ["12345678909", "123.456.789-09"],
    ["123456789091234", "123.456.789-09"],
    ["123.456.789-09", "123.456.789-09"],
    ["12a34b", "123.4"],
  ])("%j → %j", (raw, masked) => {
    expect(maskCpfInput(raw)).toBe(masked)
  })

  it("is idempotent and keeps the digits typed (at most 11)", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const masked = maskCpfInput(raw)
        expect(maskCpfInput(masked)).toBe(masked)
        expect(cpfDigits(masked)).toBe(cpfDigits(raw).slice(0, 11))
        expect(masked.length).toBeLessThanOrEqual(14)
      }),
    )
  })
})

describe("maskedCpf", () => {
  it.each([
    ["12345678909", "***.***.789-09"],
    ["52998224725", "***.***.247-25"],
  ])("%s → %s", (cpf, shown) => {
    expect(maskedCpf(cpf)).toBe(shown)
  })

  it("shows only the last five digits of a stored CPF", () => {
    fc.assert(
      fc.property(arbNine, (nine) => {
        const cpf = withCheckDigits(nine)
        const shown = maskedCpf(cpf)
        expect(shown).toMatch(/^\*{3}\.\*{3}\.\d{3}-\d{2}$/)
        expect(shown.replace(/\D/g, "")).toBe(cpf.slice(6))
      }),
    )
  })
})
