import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  normalizeTrackingCode,
  ORDER_NUMBER_PATTERN,
  orderNumber,
  TRACKING_CODE_LENGTH,
  trackingCodeFrom,
} from "./orderNumber"

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{6}-[0-9A-HJKMNP-TV-Z]{6}$/

const bytes = (...values: number[]) => Uint8Array.from(values)
const arbBytes = fc.uint8Array({ minLength: 8, maxLength: 32 })

describe("orderNumber", () => {
  it.each([
    [2026, 123, "LG-2026-000123"],
    [2026, 1, "LG-2026-000001"],
    [2026, 0, "LG-2026-000000"],
    [2026, 999_999, "LG-2026-999999"],
    // The sequence grows past six digits instead of wrapping.
    [2026, 1_234_567, "LG-2026-1234567"],
    [2027, 42, "LG-2027-000042"],
  ])("year %i, sequence %i → %s", (year, sequence, number) => {
    expect(orderNumber(year, sequence)).toBe(number)
    expect(ORDER_NUMBER_PATTERN.test(number)).toBe(true)
  })

  it.each([
    "LG-2026-00012",
    "LG-26-000123",
    "lg-2026-000123",
    "LG2026000123",
    "LG-2026-000123 ",
    "XX-2026-000123",
  ])("%j does not match the pattern", (text) => {
    expect(ORDER_NUMBER_PATTERN.test(text)).toBe(false)
  })

  it("different sequences give different numbers, in the same order when padded", () => {
    fc.assert(
      fc.property(fc.nat(999_999), fc.nat(999_999), (a, b) => {
        fc.pre(a !== b)
        const [na, nb] = [orderNumber(2026, a), orderNumber(2026, b)]
        expect(na).not.toBe(nb)
        expect(na < nb).toBe(a < b)
      }),
    )
  })
})

describe("trackingCodeFrom", () => {
  it.each([
    [bytes(0, 0, 0, 0, 0, 0, 0, 0), "000000-000000"],
    [bytes(255, 255, 255, 255, 255, 255, 255, 255), "ZZZZZZ-ZZZZZZ"],
    // Lowest five bits first: 1 → "1", then 32 → "01".
    [bytes(0, 0, 0, 0, 0, 0, 0, 1), "100000-000000"],
    [bytes(0, 0, 0, 0, 0, 0, 0, 32), "010000-000000"],
    [bytes(0, 0, 0, 0, 0, 0, 0, 31), "Z00000-000000"],
    [bytes(1, 2, 3, 4, 5, 6, 7, 8), "8R1CG2-G03G02"],
  ])("%o → %s", (random, code) => {
    expect(trackingCodeFrom(random)).toBe(code)
  })

  it("refuses fewer than 8 bytes", () => {
    expect(() => trackingCodeFrom(bytes(1, 2, 3, 4, 5, 6, 7))).toThrow(RangeError)
    expect(() => trackingCodeFrom(new Uint8Array())).toThrow(RangeError)
  })

  it("is deterministic, uses only the first 8 bytes, and has 12 Crockford characters with a hyphen", () => {
    fc.assert(
      fc.property(arbBytes, fc.uint8Array({ maxLength: 8 }), (random, extra) => {
        const code = trackingCodeFrom(random)
        expect(code).toMatch(CODE_SHAPE)
        expect(code.replace("-", "")).toHaveLength(TRACKING_CODE_LENGTH)
        expect(trackingCodeFrom(random)).toBe(code)
        expect(trackingCodeFrom(Uint8Array.from([...random.subarray(0, 8), ...extra]))).toBe(code)
      }),
    )
  })

  it("uses 60 bits: the top 4 bits of the first byte do not matter, every other bit does", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 8, maxLength: 8 }),
        fc.integer({ min: 0, max: 63 }),
        (random, bit) => {
          const flipped = Uint8Array.from(random)
          const index = 7 - Math.floor(bit / 8)
          flipped[index] = (flipped[index] ?? 0) ^ (1 << (bit % 8))
          if (bit >= 60) expect(trackingCodeFrom(flipped)).toBe(trackingCodeFrom(random))
          else expect(trackingCodeFrom(flipped)).not.toBe(trackingCodeFrom(random))
        },
      ),
    )
  })

  it("does not read past the view it is given", () => {
    const buffer = Uint8Array.from([9, 9, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(trackingCodeFrom(buffer.subarray(2))).toBe("000000-000000")
  })
})

describe("normalizeTrackingCode", () => {
  it.each<[string, string | null]>([
    ["8G1G1R-0G4080", "8G1G1R-0G4080"],
    ["8g1g1r-0g4080", "8G1G1R-0G4080"],
    ["8G1G1R0G4080", "8G1G1R-0G4080"],
    ["  8G1G1R 0G4080  ", "8G1G1R-0G4080"],
    ["8G1-G1R-0G4-080", "8G1G1R-0G4080"],
    ["8 G 1 G 1 R 0 G 4 0 8 0", "8G1G1R-0G4080"],
    // Letters people confuse are read as the digits they look like.
    ["8GIG1R-OG4O8O", "8G1G1R-0G4080"],
    ["8glgir-og4o8o", "8G1G1R-0G4080"],
    ["8GLGLR-0G4080", "8G1G1R-0G4080"],
    // U is not in the alphabet; nor are symbols.
    ["8G1G1R-0G408U", null],
    ["8G1G1R-0G408!", null],
    ["8G1G1R-0G408Ç", null],
    // Wrong lengths.
    ["", null],
    ["   ", null],
    ["8G1G1R-0G408", null],
    ["8G1G1R-0G40800", null],
    ["LG-2026-000123-1", null],
    // An order number has 12 characters once its hyphens go, and L reads as 1: it is looked up as a code
    // (which will not be found) rather than refused outright.
    ["LG-2026-000123", "1G2026-000123"],
  ])("%j → %o", (raw, code) => {
    expect(normalizeTrackingCode(raw)).toBe(code)
  })

  it("reads back every code it makes, however it is typed", () => {
    fc.assert(
      fc.property(arbBytes, fc.boolean(), fc.boolean(), (random, lower, noHyphen) => {
        const code = trackingCodeFrom(random)
        let typed = code
        if (lower) typed = typed.toLowerCase()
        if (noHyphen) typed = typed.replace("-", "")
        expect(normalizeTrackingCode(typed)).toBe(code)
        expect(normalizeTrackingCode(` ${typed.replace(/0/g, "o").replace(/1/g, "l")} `)).toBe(code)
      }),
    )
  })

  it("answers a code in canonical form or null, never anything else", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...`${CROCKFORD}iloOuU- !`), maxLength: 16 }), (raw) => {
        const code = normalizeTrackingCode(raw)
        if (code !== null) {
          expect(code).toMatch(CODE_SHAPE)
          expect(normalizeTrackingCode(code)).toBe(code)
        }
      }),
    )
  })
})
