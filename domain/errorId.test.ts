import { describe, expect, it } from "vitest"
import { ERROR_ID_PATTERN, errorCodeIn, errorCodeLine, errorIdIn, formatErrorId } from "./errorId"

describe("error ids", () => {
  it("are found in a server's message, and made in the one format", () => {
    const id = formatErrorId(Date.UTC(2026, 10, 24), "a1b2c3d4")
    expect(id).toMatch(ERROR_ID_PATTERN)
    expect(errorIdIn(`Erro inesperado (${id})`)).toBe(id)
    expect(errorIdIn("Coleção não encontrada")).toBeNull()
  })

  it("read back the code a failure's message names, in a proxy's format too", () => {
    const proxied = "4bf92f3577b34da6a3ce929d0e0e4736"
    expect(errorCodeLine(proxied)).toBe(`Código do erro: ${proxied}`)
    expect(errorCodeIn(`Erro inesperado. ${errorCodeLine(proxied)}`)).toBe(proxied)
    expect(errorCodeIn("Erro inesperado (eb_mia2b3c4_k9x8y7z6)")).toBe("eb_mia2b3c4_k9x8y7z6")
    expect(errorCodeIn("Coleção não encontrada")).toBeNull()
  })
})
