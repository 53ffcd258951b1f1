import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { isValidCpf } from "../../domain/orders/cpf"
import { CPF_SERIES_SIZE, uniqueCpf, validCpf } from "./cpf"

const anyIndex = fc.integer({ min: 0, max: CPF_SERIES_SIZE - 1 })

describe("validCpf", () => {
  it("gives a CPF the store accepts: 11 digits with both check digits right", () => {
    fc.assert(
      fc.property(anyIndex, (n) => {
        const cpf = validCpf(n)
        expect(cpf).toMatch(/^\d{11}$/)
        expect(isValidCpf(cpf)).toBe(true)
      }),
    )
  })

  it("gives each collector of a run a CPF of their own", () => {
    const run = Array.from({ length: 4000 }, (_, n) => validCpf(n))
    expect(new Set(run).size).toBe(run.length)
    fc.assert(
      fc.property(anyIndex, anyIndex, (a, b) => {
        fc.pre(a !== b)
        expect(validCpf(a)).not.toBe(validCpf(b))
      }),
    )
  })

  it("gives a valid CPF where the series reaches a digit repeated nine times (222.222.222-22 is no CPF)", () => {
    const repeated = [2, 3, 4, 5, 6, 7, 8, 9].map((d) => Number(String(d).repeat(9)) - 200_000_000)
    const cpfs = [...repeated, 0, 1, 2, 8].map(validCpf)
    for (const cpf of cpfs) expect(isValidCpf(cpf)).toBe(true)
    expect(new Set(cpfs).size).toBe(cpfs.length)
  })

  it("refuses an index outside the series instead of repeating a CPF", () => {
    expect(() => validCpf(CPF_SERIES_SIZE)).toThrow(RangeError)
    expect(() => validCpf(-1)).toThrow(RangeError)
    expect(() => validCpf(1.5)).toThrow(RangeError)
  })
})

describe("uniqueCpf", () => {
  it("is a valid CPF", () => {
    for (let i = 0; i < 100; i++) expect(isValidCpf(uniqueCpf())).toBe(true)
  })
})
