import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { chargeableWeightKg, combineParcels, DEFAULT_PARCEL, type Parcel, volumetricWeightKg } from "./parcel"

const box = (lengthCm: number, widthCm: number, heightCm: number, weightKg: number): Parcel => ({
  lengthCm,
  widthCm,
  heightCm,
  weightKg,
})

describe("DEFAULT_PARCEL", () => {
  it("is a 20×15×10 cm, 1 kg box", () => {
    expect(DEFAULT_PARCEL).toEqual(box(20, 15, 10, 1))
  })
})

describe("volumetric and chargeable weight", () => {
  it.each<[string, Parcel, number, number]>([
    ["single default figure", DEFAULT_PARCEL, 0.5, 1],
    ["3 stacked figures", box(20, 15, 30, 3), 1.5, 3],
    ["light but big box: volume wins", box(40, 30, 30, 0.8), 6, 6],
    ["exactly balanced", box(20, 30, 10, 1), 1, 1],
    ["tiny heavy box", box(10, 10, 10, 2.5), 0.167, 2.5],
    ["float-noisy real weight", box(10, 10, 10, 0.1 + 0.2), 0.167, 0.3],
    ["half a gram rounds up (12 615 cm³)", box(145, 1, 87, 1), 2.103, 2.103],
  ])("%s → volumetric %s kg, chargeable %s kg", (_, parcel, volumetric, chargeable) => {
    expect(volumetricWeightKg(parcel)).toBe(volumetric)
    expect(chargeableWeightKg(parcel)).toBe(chargeable)
  })

  it("chargeable weight is never below either weight (to the gram)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 50_000 }),
        (l, w, h, grams) => {
          const parcel = box(l, w, h, grams / 1000)
          const chargeable = chargeableWeightKg(parcel)
          expect(chargeable).toBeGreaterThanOrEqual(grams / 1000)
          expect(chargeable).toBeGreaterThanOrEqual(volumetricWeightKg(parcel))
          // Within half a gram of l·w·h / 6000, ties rounding up.
          const offGrams = volumetricWeightKg(parcel) * 1000 - (l * w * h) / 6
          expect(offGrams).toBeGreaterThan(-0.5 - 1e-9)
          expect(offGrams).toBeLessThanOrEqual(0.5 + 1e-9)
        },
      ),
    )
  })
})

describe("combineParcels", () => {
  it.each<[string, Parameters<typeof combineParcels>[0], Parcel]>([
    ["no items", [], DEFAULT_PARCEL],
    ["only zero quantities", [{ parcel: box(50, 50, 50, 9), quantity: 0 }], DEFAULT_PARCEL],
    ["one default figure", [{ quantity: 1 }], DEFAULT_PARCEL],
    ["3 default figures stack", [{ quantity: 3 }], box(20, 15, 30, 3)],
    [
      "two lines of default figures",
      [{ quantity: 2 }, { parcel: DEFAULT_PARCEL, quantity: 1 }],
      box(20, 15, 30, 3),
    ],
    [
      "mixed boxes: largest footprint, summed height and weight",
      [
        { parcel: box(30, 10, 12, 1.2), quantity: 1 },
        { parcel: box(20, 25, 8, 0.7), quantity: 2 },
      ],
      box(30, 25, 28, 2.6),
    ],
    [
      "weights are rounded to the gram",
      [
        { parcel: box(10, 10, 10, 0.1), quantity: 1 },
        { parcel: box(10, 10, 10, 0.2), quantity: 1 },
      ],
      box(10, 10, 20, 0.3),
    ],
    ["negative and NaN quantities are ignored", [{ quantity: -2 }, { quantity: Number.NaN }], DEFAULT_PARCEL],
  ])("%s", (_, items, expected) => {
    expect(combineParcels(items)).toEqual(expected)
  })

  it("3 figures: volumetric 1.5 kg loses to the real 3 kg", () => {
    const parcel = combineParcels([{ quantity: 3 }])
    expect(volumetricWeightKg(parcel)).toBe(1.5)
    expect(chargeableWeightKg(parcel)).toBe(3)
  })

  it("adding a figure never lowers the chargeable weight", () => {
    const arbBox = fc.record({
      lengthCm: fc.integer({ min: 1, max: 60 }),
      widthCm: fc.integer({ min: 1, max: 60 }),
      heightCm: fc.integer({ min: 1, max: 60 }),
      weightKg: fc.integer({ min: 1, max: 10_000 }).map((g) => g / 1000),
    })
    const arbItems = fc.array(
      fc.record({ parcel: fc.option(arbBox, { nil: undefined }), quantity: fc.integer({ min: 1, max: 10 }) }),
      { minLength: 1, maxLength: 6 },
    )
    fc.assert(
      fc.property(arbItems, arbBox, (items, extra) => {
        const before = chargeableWeightKg(combineParcels(items))
        const after = chargeableWeightKg(combineParcels([...items, { parcel: extra, quantity: 1 }]))
        expect(after).toBeGreaterThanOrEqual(before)
      }),
    )
  })
})
