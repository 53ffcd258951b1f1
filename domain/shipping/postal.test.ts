import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  CEP_MESSAGES,
  CEP_RANGES,
  formatCep,
  isUF,
  maskCepInput,
  type UF,
  UFS,
  ufFromCep,
  validateCep,
} from "./postal"

const TITLE = "CEP inválido"
const WRONG_LENGTH = "Digite um CEP válido com 8 dígitos"
const PLACEHOLDER = "Este CEP é inválido. Por favor, digite um CEP real (ex: 01310-100 para São Paulo)."
const REPEATED = "CEP com dígitos repetidos é inválido. Por favor, digite um CEP real."

const arbCep = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 8, maxLength: 8 })

describe("UFS", () => {
  it("lists the 27 federative units once each", () => {
    expect(UFS).toHaveLength(27)
    expect(new Set(UFS).size).toBe(27)
    expect(isUF("SP")).toBe(true)
    expect(isUF("sp")).toBe(false)
    expect(isUF("XX")).toBe(false)
  })

  it("every state has a CEP range", () => {
    expect(new Set(CEP_RANGES.map(([, , uf]) => uf))).toEqual(new Set(UFS))
  })
})

describe("maskCepInput", () => {
  it.each([
    ["", ""],
    ["0", "0"],
    ["01310", "01310"],
    ["013101", "01310-1"],
    ["0131010", "01310-10"],
    ["01310100", "01310-100"],
    ["013101009999", "01310-100"],
    ["01310-100", "01310-100"],
    ["01.310-100", "01310-100"],
    ["abc01310xyz100", "01310-100"],
    ["01310-", "01310"],
    ["R$", ""],
  ])("%o → %o", (raw, masked) => {
    expect(maskCepInput(raw)).toBe(masked)
  })

  it("is idempotent, at most 9 characters, and keeps the digits", () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const masked = maskCepInput(raw)
        expect(masked.length).toBeLessThanOrEqual(9)
        expect(maskCepInput(masked)).toBe(masked)
        expect(masked.replace("-", "")).toBe(raw.replace(/\D/g, "").slice(0, 8))
      }),
    )
  })
})

describe("formatCep", () => {
  it.each([
    ["01310100", "01310-100"],
    ["99999999", "99999-999"],
    ["0131010", "0131010"],
    ["01310-100", "01310-100"],
    ["", ""],
  ])("%o → %o", (raw, formatted) => {
    expect(formatCep(raw)).toBe(formatted)
  })

  it("round-trips through validateCep and maskCepInput", () => {
    fc.assert(
      fc.property(arbCep, (digits) => {
        const formatted = formatCep(digits)
        expect(formatted).toMatch(/^\d{5}-\d{3}$/)
        expect(maskCepInput(digits)).toBe(formatted)
        const result = validateCep(formatted)
        if (result.ok) expect(result.cep).toBe(digits)
      }),
    )
  })
})

describe("validateCep", () => {
  it.each([
    ["01310100", "01310100"],
    ["01310-100", "01310100"],
    [" 01310-100 ", "01310100"],
    ["01310 100", "01310100"],
    ["22041-001", "22041001"],
    ["11111112", "11111112"],
  ])("%o is valid as %s", (raw, cep) => {
    expect(validateCep(raw)).toEqual({ ok: true, cep })
  })

  it.each([
    ["", WRONG_LENGTH],
    ["0131010", WRONG_LENGTH],
    ["013101000", WRONG_LENGTH],
    ["01310--100", WRONG_LENGTH],
    ["0131-0-100", WRONG_LENGTH],
    ["01.310-100", WRONG_LENGTH],
    ["abcdefgh", WRONG_LENGTH],
    ["00000000", PLACEHOLDER],
    ["00000-000", PLACEHOLDER],
    ["12345678", PLACEHOLDER],
    ["12345-678", PLACEHOLDER],
    ["11111111", REPEATED],
    ["55555-555", REPEATED],
    ["99999999", REPEATED],
  ])("%o → %s", (raw, message) => {
    expect(validateCep(raw)).toEqual({ ok: false, error: { title: TITLE, message } })
  })

  it("exposes the CEP messages used elsewhere", () => {
    expect(CEP_MESSAGES).toMatchObject({
      invalidTitle: TITLE,
      wrongLength: WRONG_LENGTH,
      placeholder: PLACEHOLDER,
      repeatedDigits: REPEATED,
      notFound: "CEP não encontrado. Verifique se digitou corretamente e tente novamente.",
      noShippingForState: "Não foi possível calcular frete para este estado.",
    })
  })
})

describe("ufFromCep", () => {
  it.each<[string, UF | null]>([
    ["00000000", null],
    ["00999999", null],
    ["01000000", "SP"],
    ["01310100", "SP"],
    ["19999999", "SP"],
    ["20000000", "RJ"],
    ["28999999", "RJ"],
    ["29000000", "ES"],
    ["29999999", "ES"],
    ["30000000", "MG"],
    ["39999999", "MG"],
    ["40000000", "BA"],
    ["48999999", "BA"],
    ["49000000", "SE"],
    ["49999999", "SE"],
    ["50000000", "PE"],
    ["56999999", "PE"],
    ["57000000", "AL"],
    ["57999999", "AL"],
    ["58000000", "PB"],
    ["58999999", "PB"],
    ["59000000", "RN"],
    ["59999999", "RN"],
    ["60000000", "CE"],
    ["63999999", "CE"],
    ["64000000", "PI"],
    ["64999999", "PI"],
    ["65000000", "MA"],
    ["65999999", "MA"],
    ["66000000", "PA"],
    ["68899999", "PA"],
    ["68900000", "AP"],
    ["68999999", "AP"],
    ["69000000", "AM"],
    ["69299999", "AM"],
    ["69300000", "RR"],
    ["69399999", "RR"],
    ["69400000", "AM"],
    ["69899999", "AM"],
    ["69900000", "AC"],
    ["69999999", "AC"],
    ["70000000", "DF"],
    ["72799999", "DF"],
    ["72800000", "GO"],
    ["72999999", "GO"],
    ["73000000", "DF"],
    ["73699999", "DF"],
    ["73700000", "GO"],
    ["76799999", "GO"],
    ["76800000", "RO"],
    ["76999999", "RO"],
    ["77000000", "TO"],
    ["77999999", "TO"],
    ["78000000", "MT"],
    ["78899999", "MT"],
    ["79000000", "MS"],
    ["79999999", "MS"],
    ["80000000", "PR"],
    ["87999999", "PR"],
    ["88000000", "SC"],
    ["89999999", "SC"],
    ["90000000", "RS"],
    ["99999999", "RS"],
    ["01310-100", "SP"],
    ["0131010", null],
    ["", null],
    ["abcdefgh", null],
  ])("%s → %o", (cep, uf) => {
    expect(ufFromCep(cep)).toBe(uf)
  })

  it("ranges are sorted and never overlap", () => {
    for (let i = 1; i < CEP_RANGES.length; i++) {
      const previous = CEP_RANGES[i - 1]
      const current = CEP_RANGES[i]
      expect(previous && current && previous[1] < current[0]).toBe(true)
    }
  })

  it("only the three last digits never matter", () => {
    fc.assert(
      fc.property(arbCep, arbCep, (a, b) => {
        expect(ufFromCep(a.slice(0, 5) + b.slice(5))).toBe(ufFromCep(a))
      }),
    )
  })
})
