import { describe, expect, it } from "vitest"
import { hasControlCharacter, inputHasControlCharacter } from "./controlCharacters"

describe("control characters in a request's input", () => {
  it.each(["\u0000", "a\u0000b", "\u0001", "\u0008", "\u000b", "\u000c", "\u001b", "\u001f", "\u007f"])(
    "refuses %j",
    (text) => {
      expect(hasControlCharacter(text)).toBe(true)
    },
  )

  it.each(["Olá, São Paulo", "linha 1\nlinha 2\r\n\tfim", "😀", "\u0085", "\u2028", ""])(
    "accepts %j",
    (text) => {
      expect(hasControlCharacter(text)).toBe(false)
    },
  )

  it("finds one at any depth, in values and in keys, in arrays, maps and sets", () => {
    expect(inputHasControlCharacter({ a: [{ b: { c: "x\u0000" } }] })).toBe(true)
    expect(inputHasControlCharacter({ "chave\u0000": 1 })).toBe(true)
    expect(inputHasControlCharacter(new Map([["k", ["\u001b"]]]))).toBe(true)
    expect(inputHasControlCharacter(new Set(["\u007f"]))).toBe(true)
    expect(inputHasControlCharacter({ a: [1, true, null, undefined, "ok\n", { b: "ã" }] })).toBe(false)
    expect(inputHasControlCharacter(undefined)).toBe(false)
  })

  it("walks a deeply nested input without exhausting the stack", () => {
    let nested: unknown = "fundo\u0000"
    for (let i = 0; i < 100_000; i++) nested = [nested]
    expect(inputHasControlCharacter(nested)).toBe(true)
  })
})
