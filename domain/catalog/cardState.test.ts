import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  CARD_STATE_LABELS,
  type CardState,
  type CardStateInput,
  cardState,
  isRevealedLooking,
  REVEALED_LOOKING,
} from "./cardState"
import type { Rarity } from "./rarity"

describe("card state", () => {
  it.each<[string, CardStateInput, CardState]>([
    // Before the reveal: the phase decides, whatever the viewer holds.
    ["before the teaser", { phase: null }, "hidden"],
    ["teaser phase", { phase: "early_preview" }, "teased"],
    ["preview phase", { phase: "preview" }, "teased"],
    ["owned, not revealed", { phase: null, owned: true }, "hidden"],
    ["offered for trade, not revealed", { phase: "preview", owned: true, forTrade: true }, "teased"],
    ["featured, not revealed", { phase: "preview", featured: true }, "teased"],
    ["legendary, not revealed", { phase: "preview", rarity: "legendary" }, "teased"],
    ["wished, not revealed", { phase: null, wished: true }, "wishlist"],
    ["wished, teased", { phase: "early_preview", wished: true }, "wishlist"],
    // After the reveal, one state by precedence.
    ["revealed", { phase: "final" }, "revealed"],
    ["common", { phase: "final", rarity: "common" }, "revealed"],
    ["rare", { phase: "final", rarity: "rare" }, "rare"],
    ["epic", { phase: "final", rarity: "epic" }, "rare"],
    ["legendary", { phase: "final", rarity: "legendary" }, "legendary"],
    ["mythic", { phase: "final", rarity: "mythic" }, "legendary"],
    ["featured over rarity", { phase: "final", featured: true, rarity: "mythic" }, "featured"],
    ["new over featured", { phase: "final", revealedRecently: true, featured: true }, "new"],
    ["wishlist over new", { phase: "final", wished: true, revealedRecently: true }, "wishlist"],
    ["owned over wishlist", { phase: "final", owned: true, wished: true, revealedRecently: true }, "owned"],
    ["tradeable over owned", { phase: "final", owned: true, forTrade: true, wished: true }, "tradeable"],
    [
      "everything at once",
      {
        phase: "final",
        owned: true,
        forTrade: true,
        wished: true,
        revealedRecently: true,
        featured: true,
        rarity: "legendary",
      },
      "tradeable",
    ],
    [
      "nothing of the viewer's",
      { phase: "final", owned: false, forTrade: false, wished: false, revealedRecently: false },
      "revealed",
    ],
  ])("%s → %s", (_, input, state) => {
    expect(cardState(input)).toBe(state)
  })

  it("never looks revealed before the reveal, whatever the marks", () => {
    const rarity = fc.constantFrom<Rarity | null>(null, "common", "rare", "epic", "legendary", "mythic")
    fc.assert(
      fc.property(
        fc.constantFrom(null, "early_preview" as const, "preview" as const),
        fc.record({
          owned: fc.boolean(),
          forTrade: fc.boolean(),
          wished: fc.boolean(),
          revealedRecently: fc.boolean(),
          featured: fc.boolean(),
          rarity,
        }),
        (phase, rest) => !isRevealedLooking(cardState({ phase, ...rest })),
      ),
    )
  })

  it.each<[CardState, boolean]>([
    ["hidden", false],
    ["teased", false],
    ["wishlist", false],
    ["revealed", true],
    ["owned", true],
    ["tradeable", true],
    ["featured", true],
    ["new", true],
    ["rare", true],
    ["legendary", true],
  ])("%s looks revealed: %s", (state, expected) => {
    expect(isRevealedLooking(state)).toBe(expected)
    expect(REVEALED_LOOKING.has(state)).toBe(expected)
  })

  it("labels the states that add a badge in pt-BR", () => {
    expect(CARD_STATE_LABELS).toEqual({
      owned: "Na sua coleção",
      tradeable: "Para troca",
      wishlist: "Nos seus favoritos",
      featured: "Destaque",
      new: "Novo",
    })
  })
})
