import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { chargeableWeightKg, combineParcels, DEFAULT_PARCEL } from "./parcel"
import { type UF, UFS } from "./postal"
import {
  applySubscriberFreeShipping,
  chooseQuote,
  FREE_SHIPPING_LABEL,
  type QuoteAttempt,
  roundedMeanDays,
  SHIPPING_MESSAGES,
  type ShippingOption,
  STATE_BASES,
  shippingToast,
  stateEstimate,
  weightFactor,
} from "./shipping"

const PROVIDER = "Correios (estimativa)"

const pac = (price: number, days: number): ShippingOption => ({
  id: "pac",
  name: "PAC",
  price,
  days,
  provider: PROVIDER,
})
const sedex = (price: number, days: number): ShippingOption => ({
  id: "sedex",
  name: "SEDEX",
  price,
  days,
  provider: PROVIDER,
})

describe("stateEstimate at 1 kg, every state", () => {
  // [UF, PAC centavos, PAC days, SEDEX centavos, SEDEX days]
  const table: [UF, number, number, number, number][] = [
    ["SP", 1990, 5, 2850, 2],
    ["RJ", 2250, 6, 3200, 3],
    ["MG", 2500, 7, 3500, 4],
    ["BA", 3500, 10, 5000, 7],
    ["PR", 3000, 8, 4200, 5],
    ["SC", 3200, 8, 4500, 5],
    ["RS", 3500, 9, 4800, 6],
    ["GO", 3800, 9, 5200, 6],
    ["DF", 3900, 9, 5400, 6],
    ["MS", 3600, 9, 5000, 6],
    ["MT", 4200, 10, 5800, 7],
    ["PE", 4000, 11, 5500, 8],
    ["CE", 4500, 12, 6200, 9],
    ["RN", 4400, 12, 6100, 9],
    ["PB", 4300, 12, 6000, 9],
    ["AL", 4200, 12, 5900, 9],
    ["SE", 4100, 12, 5800, 9],
    ["PI", 4000, 11, 5600, 8],
    ["MA", 4000, 11, 5700, 8],
    ["ES", 2600, 7, 3650, 4],
    ["PA", 4800, 13, 6800, 10],
    ["AM", 5200, 15, 7500, 12],
    ["RR", 5500, 16, 8000, 13],
    ["AC", 5000, 15, 7200, 12],
    ["RO", 4800, 15, 7000, 12],
    ["AP", 5300, 16, 7700, 13],
    ["TO", 4600, 14, 6700, 11],
  ]

  it("covers all 27 federative units", () => {
    expect(table.map(([uf]) => uf).sort()).toEqual([...UFS].sort())
    expect(Object.keys(STATE_BASES).sort()).toEqual([...UFS].sort())
  })

  it.each(table)("%s → PAC %i (%i d), SEDEX %i (%i d)", (uf, pacPrice, pacDays, sedexPrice, sedexDays) => {
    expect(stateEstimate(uf, 1)).toEqual([pac(pacPrice, pacDays), sedex(sedexPrice, sedexDays)])
  })
})

describe("weight", () => {
  it.each([
    [0, 1],
    [0.5, 1],
    [1, 1],
    [1.001, 1.0002],
    [1.5, 1.1],
    [2, 1.2],
    [3.7, 1.54],
    [11, 3],
  ])("weightFactor(%s) = %s", (kg, factor) => {
    expect(weightFactor(kg)).toBe(factor)
  })

  it.each([Number.NaN, Number.POSITIVE_INFINITY])("rejects weight %s", (kg) => {
    expect(() => weightFactor(kg)).toThrow(RangeError)
    expect(() => stateEstimate("SP", kg)).toThrow(RangeError)
  })

  // Exact values: base × factor, rounded half up to the centavo.
  it.each<[UF, number, number, number]>([
    ["SP", 0.5, 1990, 2850],
    ["SP", 1, 1990, 2850],
    ["SP", 1.001, 1990, 2851], // 1990.398 and 2850.57
    ["SP", 1.5, 2189, 3135],
    ["SP", 2, 2388, 3420],
    ["SP", 3.7, 3065, 4389], // 3064.6 and 4389
    ["AM", 0.5, 5200, 7500],
    ["AM", 1, 5200, 7500],
    ["AM", 1.001, 5201, 7502], // 5201.04 and 7501.5: the tie goes up
    ["AM", 1.5, 5720, 8250],
    ["AM", 2, 6240, 9000],
    ["AM", 3.7, 8008, 11550],
  ])("%s at %s kg → PAC %i, SEDEX %i", (uf, kg, pacPrice, sedexPrice) => {
    const [pacOption, sedexOption] = stateEstimate(uf, kg)
    expect(pacOption).toEqual(pac(pacPrice, STATE_BASES[uf].days + 3))
    expect(sedexOption).toEqual(sedex(sedexPrice, STATE_BASES[uf].days))
  })

  it.each<[string, Parameters<typeof combineParcels>[0], number, number, number]>([
    ["one default figure (volumetric 0.5 kg)", [{ quantity: 1 }], 1, 1990, 2850],
    ["3 figures (real 3 kg beats volumetric 1.5 kg)", [{ quantity: 3 }], 3, 2786, 3990],
    [
      "light but big box (volumetric 6 kg)",
      [{ parcel: { lengthCm: 40, widthCm: 30, heightCm: 30, weightKg: 0.8 }, quantity: 1 }],
      6,
      3980,
      5700,
    ],
    [
      "two big light boxes stacked (volumetric 12 kg)",
      [{ parcel: { lengthCm: 40, widthCm: 30, heightCm: 30, weightKg: 0.8 }, quantity: 2 }],
      12,
      6368,
      9120,
    ],
  ])("SP, %s", (_, items, kg, pacPrice, sedexPrice) => {
    const chargeable = chargeableWeightKg(combineParcels(items))
    expect(chargeable).toBe(kg)
    expect(stateEstimate("SP", chargeable).map((o) => o.price)).toEqual([pacPrice, sedexPrice])
  })

  it("prices are integer centavos within half a centavo of base × factor, PAC never above SEDEX", () => {
    fc.assert(
      fc.property(fc.constantFrom(...UFS), fc.integer({ min: 0, max: 100_000 }), (uf, grams) => {
        const [pacOption, sedexOption] = stateEstimate(uf, grams / 1000)
        const base = STATE_BASES[uf]
        for (const [option, baseCents] of [
          [pacOption!, base.pac],
          [sedexOption!, base.sedex],
        ] as const) {
          expect(Number.isInteger(option.price)).toBe(true)
          // price·5000 − base·(g + 4000) lies in (−2500, 2500]: nearest centavo, ties up.
          const exact = grams <= 1000 ? baseCents * 5000 : baseCents * (grams + 4000)
          expect(option.price * 5000 - exact).toBeGreaterThan(-2500)
          expect(option.price * 5000 - exact).toBeLessThanOrEqual(2500)
        }
        expect(pacOption!.price).toBeLessThanOrEqual(sedexOption!.price)
        expect(pacOption!.days).toBeGreaterThan(sedexOption!.days)
      }),
    )
  })

  it("never gets cheaper as the parcel gets heavier", () => {
    fc.assert(
      fc.property(fc.constantFrom(...UFS), fc.integer({ min: 0, max: 50_000 }), (uf, grams) => {
        const lighter = stateEstimate(uf, grams / 1000)
        const heavier = stateEstimate(uf, (grams + 1) / 1000)
        expect(heavier[0]!.price).toBeGreaterThanOrEqual(lighter[0]!.price)
        expect(heavier[1]!.price).toBeGreaterThanOrEqual(lighter[1]!.price)
      }),
    )
  })

  it("the default parcel ships at the base price", () => {
    expect(stateEstimate("RJ", chargeableWeightKg(DEFAULT_PARCEL))).toEqual(stateEstimate("RJ", 1))
  })
})

describe("subscriber free shipping and the toast", () => {
  const options = stateEstimate("MG", 1)

  it("subscribers ship free on every option", () => {
    expect(applySubscriberFreeShipping(options, true)).toEqual([pac(0, 7), sedex(0, 4)])
  })

  it("non-subscribers keep the prices, in a new array", () => {
    const result = applySubscriberFreeShipping(options, false)
    expect(result).toEqual(options)
    expect(result).not.toBe(options)
  })

  it.each<[string, ShippingOption[], string]>([
    ["subscriber", applySubscriberFreeShipping(options, true), "Frete grátis!"],
    ["two paid options", options, "2 opções disponíveis"],
    ["one paid option", [sedex(3500, 4)], "1 opção disponível"],
    ["three paid options", [...options, { ...sedex(9000, 1), id: "express" }], "3 opções disponíveis"],
    ["cheapest one free", [sedex(3500, 4), pac(0, 7)], "Frete grátis!"],
    ["no options", [], "Nenhuma opção de frete disponível"],
  ])("%s → %s", (_, opts, message) => {
    expect(shippingToast(opts)).toEqual({ title: "Frete calculado!", message })
  })

  it("keeps the pt-BR texts", () => {
    expect(FREE_SHIPPING_LABEL).toBe("Frete grátis!")
    expect(SHIPPING_MESSAGES).toEqual({
      toastTitle: "Frete calculado!",
      errorTitle: "Erro ao calcular frete",
      noOptions: "Nenhuma opção de frete disponível",
      noState: "Não foi possível calcular frete para este estado.",
      fallback: "Tente novamente em alguns instantes.",
    })
  })
})

describe("chooseQuote", () => {
  const carrier = [pac(2100, 6), sedex(3000, 2)]
  const table = stateEstimate("SP", 1)

  it.each<[string, QuoteAttempt[], ReturnType<typeof chooseQuote>]>([
    [
      "first answer wins",
      [
        { source: "melhorenvio", options: carrier },
        { source: "table", options: table },
      ],
      { source: "melhorenvio", options: carrier },
    ],
    [
      "failure then success",
      [
        { source: "melhorenvio", failed: true },
        { source: "table", options: table },
      ],
      { source: "table", options: table },
    ],
    [
      "empty then success",
      [
        { source: "melhorenvio", options: [] },
        { source: "table", options: table },
      ],
      { source: "table", options: table },
    ],
    [
      "failure and empty before success",
      [
        { source: "a", failed: true },
        { source: "b", options: [] },
        { source: "c", options: carrier },
      ],
      { source: "c", options: carrier },
    ],
    [
      "all fail",
      [
        { source: "a", failed: true },
        { source: "b", failed: true },
      ],
      null,
    ],
    [
      "all empty or failed",
      [
        { source: "a", options: [] },
        { source: "b", failed: true },
      ],
      null,
    ],
    ["nothing tried", [], null],
  ])("%s", (_, attempts, expected) => {
    expect(chooseQuote(attempts)).toEqual(expected)
  })

  it("returns a copy of the winning options", () => {
    const quote = chooseQuote([{ source: "a", options: carrier }])
    expect(quote?.options).not.toBe(carrier)
  })
})

describe("roundedMeanDays", () => {
  it.each([
    [2, 2, 2],
    [2, 4, 3],
    [2, 3, 3],
    [5, 8, 7],
    [1, 1, 1],
    [0, 1, 1],
  ])("(%i, %i) → %i", (min, max, expected) => {
    expect(roundedMeanDays(min, max)).toBe(expected)
  })
})
