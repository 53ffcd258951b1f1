import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CEP_MESSAGES, CEP_RANGES, type UF, UFS } from "../shipping/postal"
import {
  ADDRESS_LIMITS,
  ADDRESS_MESSAGES,
  type Address,
  type AddressField,
  addressLine,
  MAX_ADDRESSES,
  validateAddress,
} from "./address"

type Input = Record<AddressField, string>

const input = (over: Partial<Input> = {}): Input => ({
  name: "Ana Souza",
  street: "Avenida Paulista",
  number: "1578",
  complement: "apto 42",
  neighborhood: "Bela Vista",
  city: "São Paulo",
  state: "SP",
  zipCode: "01310-200",
  ...over,
})

const errorsOf = (over: Partial<Input>) => {
  const check = validateAddress(input(over))
  return check.ok ? {} : check.errors
}

describe("ADDRESS_MESSAGES", () => {
  it("are the store's pt-BR texts", () => {
    expect(ADDRESS_MESSAGES.name).toBe("Nome é obrigatório")
    expect(ADDRESS_MESSAGES.street).toBe("Rua é obrigatória")
    expect(ADDRESS_MESSAGES.number).toBe("Número é obrigatório")
    expect(ADDRESS_MESSAGES.neighborhood).toBe("Bairro é obrigatório")
    expect(ADDRESS_MESSAGES.city).toBe("Cidade é obrigatória")
    expect(ADDRESS_MESSAGES.state).toBe("Estado deve ter 2 caracteres")
    expect(ADDRESS_MESSAGES.zipCode).toBe("Formato de CEP inválido")
    expect(ADDRESS_MESSAGES.stateMismatch).toBe("O CEP informado não pertence a este estado")
    expect(ADDRESS_MESSAGES.tooLong(80)).toBe("Use no máximo 80 caracteres")
    expect(ADDRESS_MESSAGES.limit(10)).toBe("Você pode guardar até 10 endereços")
    expect(MAX_ADDRESSES).toBe(10)
  })
})

describe("validateAddress: a good address", () => {
  it("comes back trimmed, with the CEP as 8 digits", () => {
    expect(validateAddress(input())).toEqual({
      ok: true,
      address: {
        name: "Ana Souza",
        street: "Avenida Paulista",
        number: "1578",
        complement: "apto 42",
        neighborhood: "Bela Vista",
        city: "São Paulo",
        state: "SP",
        zipCode: "01310200",
      },
    })
  })

  it("trims every field and collapses runs of spaces, tabs and line breaks", () => {
    const check = validateAddress(
      input({
        name: "  Ana   Souza ",
        street: "Avenida\tPaulista",
        number: " 1578 ",
        complement: "  apto\n42  ",
        neighborhood: " Bela  Vista",
        city: "São   Paulo ",
        state: " sp ",
        zipCode: " 01310200 ",
      }),
    )
    expect(check).toEqual(validateAddress(input({ zipCode: "01310200" })))
  })

  it.each([
    ["01310-200", "01310200"],
    ["01310200", "01310200"],
    [" 01310-200 ", "01310200"],
  ])("CEP %j is stored as %s", (zipCode, stored) => {
    const check = validateAddress(input({ zipCode }))
    expect(check.ok && check.address.zipCode).toBe(stored)
  })

  it.each(["sp", "Sp", " SP "])("state %j is read as SP", (state) => {
    const check = validateAddress(input({ state }))
    expect(check.ok && check.address.state).toBe("SP")
  })

  it("an empty complement is allowed", () => {
    const check = validateAddress(input({ complement: "   " }))
    expect(check.ok && check.address.complement).toBe("")
  })
})

describe("validateAddress: required fields", () => {
  it.each<[AddressField, string]>([
    ["name", "Nome é obrigatório"],
    ["street", "Rua é obrigatória"],
    ["number", "Número é obrigatório"],
    ["neighborhood", "Bairro é obrigatório"],
    ["city", "Cidade é obrigatória"],
  ])("%s empty or blank → %s", (field, message) => {
    expect(errorsOf({ [field]: "" })).toEqual({ [field]: message })
    expect(errorsOf({ [field]: "  \t " })).toEqual({ [field]: message })
  })

  it("reports every problem at once", () => {
    const check = validateAddress({
      name: "",
      street: "",
      number: "",
      complement: "",
      neighborhood: "",
      city: "",
      state: "",
      zipCode: "",
    })
    expect(check).toEqual({
      ok: false,
      errors: {
        name: "Nome é obrigatório",
        street: "Rua é obrigatória",
        number: "Número é obrigatório",
        neighborhood: "Bairro é obrigatório",
        city: "Cidade é obrigatória",
        state: "Estado deve ter 2 caracteres",
        zipCode: "Formato de CEP inválido",
      },
    })
  })
})

describe("validateAddress: length limits", () => {
  const fields = Object.entries(ADDRESS_LIMITS) as [keyof typeof ADDRESS_LIMITS, number][]

  it("has a limit for every free-text field", () => {
    expect(ADDRESS_LIMITS).toEqual({
      name: 80,
      street: 120,
      number: 10,
      complement: 60,
      neighborhood: 80,
      city: 80,
    })
  })

  it.each(fields)("%s of %i characters is accepted, one more is refused", (field, max) => {
    expect(errorsOf({ [field]: "a".repeat(max) })).toEqual({})
    expect(errorsOf({ [field]: "a".repeat(max + 1) })).toEqual({ [field]: `Use no máximo ${max} caracteres` })
  })

  it.each(fields)("%s is measured after trimming and collapsing spaces", (field, max) => {
    expect(errorsOf({ [field]: `  ${"a".repeat(max)}   ` })).toEqual({})
    const half = "a".repeat(Math.floor(max / 2))
    const rest = "a".repeat(max - half.length - 1)
    expect(errorsOf({ [field]: `${half}      ${rest}` })).toEqual({})
  })
})

describe("validateAddress: state", () => {
  it.each(["", "S", "SPX", "São Paulo", "XX", "ZZ", "12"])("%j → Estado deve ter 2 caracteres", (state) => {
    expect(errorsOf({ state })).toEqual({ state: "Estado deve ter 2 caracteres" })
  })

  it("a wrong state does not also blame the CEP", () => {
    expect(errorsOf({ state: "XX", zipCode: "20040-020" })).toEqual({ state: "Estado deve ter 2 caracteres" })
  })
})

describe("validateAddress: CEP", () => {
  it.each([
    ["", "Formato de CEP inválido"],
    ["0131-0200", "Formato de CEP inválido"],
    ["0131020", "Formato de CEP inválido"],
    ["013102000", "Formato de CEP inválido"],
    ["01310--200", "Formato de CEP inválido"],
    ["01.310-200", "Formato de CEP inválido"],
    ["01310 200", "Formato de CEP inválido"],
    ["abcde-fgh", "Formato de CEP inválido"],
    ["12345-678", CEP_MESSAGES.placeholder],
    ["00000-000", CEP_MESSAGES.placeholder],
    ["11111-111", CEP_MESSAGES.repeatedDigits],
    ["99999999", CEP_MESSAGES.repeatedDigits],
  ])("%j → %s", (zipCode, message) => {
    expect(errorsOf({ zipCode })).toEqual({ zipCode: message })
  })

  it.each<[string, UF, UF]>([
    ["20040-020", "SP", "RJ"],
    ["70040-010", "GO", "DF"],
    ["73700-000", "DF", "GO"],
    ["68900-000", "PA", "AP"],
    ["69300-000", "AM", "RR"],
    ["76800-000", "GO", "RO"],
  ])("CEP %s with state %s is refused (it is %s)", (zipCode, state, real) => {
    expect(errorsOf({ zipCode, state })).toEqual({ zipCode: "O CEP informado não pertence a este estado" })
    expect(errorsOf({ zipCode, state: real })).toEqual({})
  })

  it("a CEP below the first range (00xxx) belongs to no state", () => {
    expect(errorsOf({ zipCode: "00999-000" })).toEqual({
      zipCode: "O CEP informado não pertence a este estado",
    })
  })

  it("the first and last CEP of every range match their state", () => {
    for (const [from, to, uf] of CEP_RANGES) {
      for (const prefix of [from, to]) {
        const zipCode = `${String(prefix).padStart(5, "0")}-${prefix === from ? "001" : "998"}`
        expect(errorsOf({ zipCode, state: uf }), `${zipCode} ${uf}`).toEqual({})
      }
    }
  })

  it("a CEP is accepted with exactly one state inside the table's ranges, and at most one anywhere", () => {
    // The table (INTEGRATIONS.md) has gaps, e.g. 78900–78999 between MT and MS: no state is right there.
    const inTable = (prefix: number) => CEP_RANGES.some(([from, to]) => prefix >= from && prefix <= to)
    const arbPrefix = fc.integer({ min: 1000, max: 99999 })
    fc.assert(
      fc.property(arbPrefix, (prefix) => {
        const zipCode = `${String(prefix).padStart(5, "0")}-101`
        const accepted = UFS.filter((state) => validateAddress(input({ zipCode, state })).ok)
        expect(accepted).toHaveLength(inTable(prefix) ? 1 : 0)
      }),
      { numRuns: 50 },
    )
    const gap = UFS.filter((state) => validateAddress(input({ zipCode: "78900-101", state })).ok)
    expect(gap).toEqual([])
  })
})

describe("validateAddress: properties", () => {
  it("an accepted address is accepted again unchanged (idempotent)", () => {
    const text = fc.string({ unit: fc.constantFrom(..."ab  \tç1"), minLength: 0, maxLength: 20 })
    fc.assert(
      fc.property(text, text, text, text, (name, street, complement, city) => {
        const first = validateAddress(input({ name, street, complement, city }))
        if (!first.ok) return
        const again = validateAddress(first.address)
        expect(again).toEqual(first)
        for (const value of Object.values(first.address)) {
          expect(value).toBe(value.trim())
          expect(value).not.toMatch(/\s{2}/)
        }
      }),
    )
  })
})

describe("addressLine", () => {
  const address: Address = {
    name: "Ana Souza",
    street: "Rua Augusta",
    number: "10",
    complement: "apto 2",
    neighborhood: "Consolação",
    city: "São Paulo",
    state: "SP",
    zipCode: "01310100",
  }

  it.each([
    [address, "Rua Augusta, 10 - apto 2, Consolação, São Paulo/SP, CEP 01310-100"],
    [{ ...address, complement: "" }, "Rua Augusta, 10, Consolação, São Paulo/SP, CEP 01310-100"],
  ])("%o → %s", (a, line) => {
    expect(addressLine(a)).toBe(line)
  })
})
