import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  clampStat,
  compareRarityDesc,
  parseRarity,
  RARITY_LABELS,
  RARITY_ORDER,
  type Rarity,
  rarityTone,
  statTone,
} from "./rarity"

describe("parseRarity", () => {
  it.each<[string | null | undefined, Rarity]>([
    ["common", "common"],
    ["Comum", "common"],
    ["rare", "rare"],
    ["Raro", "rare"],
    ["RARA", "rare"],
    ["epic", "epic"],
    ["Épico", "epic"],
    ["epico", "epic"],
    ["legendary", "legendary"],
    ["Lendário", "legendary"],
    ["LENDARIO", "legendary"],
    ["mythic", "mythic"],
    ["Mítico", "mythic"],
    [" MÍTICO ", "mythic"],
    ["ultra", "common"],
    ["constructor", "common"],
    ["", "common"],
    [null, "common"],
    [undefined, "common"],
  ])("%o → %s", (raw, expected) => {
    expect(parseRarity(raw)).toBe(expected)
  })

  it("round-trips its own labels", () => {
    for (const rarity of RARITY_ORDER) expect(parseRarity(RARITY_LABELS[rarity])).toBe(rarity)
  })
})

describe("rarity order and tone", () => {
  it.each<[Rarity, string, string]>([
    ["common", "Comum", "grey"],
    ["rare", "Raro", "blue"],
    ["epic", "Épico", "purple"],
    ["legendary", "Lendário", "amber"],
    ["mythic", "Mítico", "rose"],
  ])("%s is %s, %s", (rarity, label, tone) => {
    expect(RARITY_LABELS[rarity]).toBe(label)
    expect(rarityTone(rarity)).toBe(tone)
  })

  it("sorts rarest first", () => {
    const shuffled: Rarity[] = ["rare", "common", "mythic", "epic", "legendary", "common"]
    expect([...shuffled].sort(compareRarityDesc)).toEqual([
      "mythic",
      "legendary",
      "epic",
      "rare",
      "common",
      "common",
    ])
    expect(RARITY_ORDER).toEqual(["mythic", "legendary", "epic", "rare", "common"])
  })

  it.each<[Rarity, Rarity, number]>([
    ["mythic", "common", -1],
    ["common", "mythic", 1],
    ["epic", "epic", 0],
    ["rare", "legendary", 1],
  ])("compareRarityDesc(%s, %s) has sign %i", (a, b, sign) => {
    expect(Math.sign(compareRarityDesc(a, b))).toBe(sign)
  })
})

describe("stats", () => {
  it.each([
    [100, "excellent"],
    [90, "excellent"],
    [89.9, "great"],
    [70, "great"],
    [69, "good"],
    [50, "good"],
    [49, "fair"],
    [30, "fair"],
    [29, "low"],
    [0, "low"],
    [-5, "low"],
  ])("statTone(%s) = %s", (value, tone) => {
    expect(statTone(value)).toBe(tone)
  })

  it.each([
    [50, 50],
    [0, 0],
    [100, 100],
    [101, 100],
    [-1, 0],
    [-0.4, 0],
    [49.5, 50],
    [49.4, 49],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 100],
    [Number.NEGATIVE_INFINITY, 0],
  ])("clampStat(%s) = %s", (n, expected) => {
    expect(clampStat(n)).toBe(expected)
  })

  it("clampStat always yields an integer in 0..100", () => {
    fc.assert(
      fc.property(fc.double(), (n) => {
        const v = clampStat(n)
        expect(Number.isInteger(v) && v >= 0 && v <= 100).toBe(true)
        expect(Object.is(v, -0)).toBe(false)
      }),
    )
  })
})
