import { describe, expect, it } from "vitest"
import { foldText } from "./text"

describe("foldText", () => {
  it.each([
    ["Heróis", "herois"],
    ["  FICÇÃO Científica ", "ficcao cientifica"],
    ["Lendário", "lendario"],
    ["já", "ja"],
    ["", ""],
  ])("%o → %o", (raw, folded) => {
    expect(foldText(raw)).toBe(folded)
  })
})
