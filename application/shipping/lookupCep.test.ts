import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { ClientAddress } from "../ports/ClientAddress"
import { type CepLookup, PostalCodeLookup } from "../ports/PostalCodeLookup"
import { RateLimiter } from "../ports/RateLimiter"
import { lookupCep } from "./lookupCep"

function run(answer: CepLookup, allowed = true) {
  const asked: string[] = []
  const limited: string[] = []
  const layer = Layer.mergeAll(
    Layer.succeed(
      PostalCodeLookup,
      PostalCodeLookup.of({
        lookup: (cep) =>
          Effect.sync(() => {
            asked.push(cep)
            return answer
          }),
      }),
    ),
    Layer.succeed(
      RateLimiter,
      RateLimiter.of({
        hit: (key) =>
          Effect.sync(() => {
            limited.push(key)
            return allowed
          }),
      }),
    ),
  )
  return (cep: string) =>
    Effect.runPromiseExit(
      lookupCep(cep).pipe(Effect.provide(layer), Effect.provideService(ClientAddress, "203.0.113.9")),
    ).then((exit) => ({ exit, asked, limited }))
}

const paulista: CepLookup = {
  kind: "found",
  uf: "SP",
  city: "São Paulo",
  street: "Avenida Paulista",
  district: "Bela Vista",
}

describe("lookupCep", () => {
  it("answers the address of a known CEP, rate-limited per client address", async () => {
    const { exit, asked, limited } = await run(paulista)("01310-100")
    expect(exit).toEqual(
      Exit.succeed({
        cep: "01310-100",
        state: "SP",
        city: "São Paulo",
        street: "Avenida Paulista",
        neighborhood: "Bela Vista",
        complete: true,
      }),
    )
    expect(asked).toEqual(["01310100"])
    expect(limited).toEqual(["cep:203.0.113.9"])
  })

  it("refuses an invalid CEP without asking the postal service", async () => {
    const { exit, asked } = await run(paulista)("11111111")
    expect(Exit.isFailure(exit)).toBe(true)
    expect(JSON.stringify(exit)).toContain("CEP com dígitos repetidos")
    expect(asked).toEqual([])
  })

  it("says a CEP the postal service does not know is not found", async () => {
    const { exit } = await run({ kind: "not_found" })("99999998")
    expect(JSON.stringify(exit)).toContain("CEP não encontrado")
  })

  it("falls back to the state of the CEP range when the postal service is down", async () => {
    const { exit } = await run({ kind: "unavailable" })("20040-020")
    expect(exit).toEqual(
      Exit.succeed({
        cep: "20040-020",
        state: "RJ",
        city: "",
        street: "",
        neighborhood: "",
        complete: false,
      }),
    )
  })

  it("stops at the limit before asking anyone", async () => {
    const { exit, asked } = await run(paulista, false)("01310100")
    expect(JSON.stringify(exit)).toContain("Muitas consultas de CEP")
    expect(asked).toEqual([])
  })
})
