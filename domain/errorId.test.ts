import { describe, expect, it } from "vitest"
import { ERROR_ID_PATTERN, errorIdIn, formatErrorId } from "./errorId"

describe("error ids", () => {
  it("are found in a server's message, and made in the one format", () => {
    const id = formatErrorId(Date.UTC(2026, 10, 24), "a1b2c3d4")
    expect(id).toMatch(ERROR_ID_PATTERN)
    expect(errorIdIn(`Erro inesperado (${id})`)).toBe(id)
    expect(errorIdIn("Coleção não encontrada")).toBeNull()
  })
})
