import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { CEP_MESSAGES } from "../../domain/postal"
import { ClientAddress } from "../ports/ClientAddress"
import { type CepLookup, PostalCodeLookup } from "../ports/PostalCodeLookup"
import { RateLimiter } from "../ports/RateLimiter"
import { CEP_LOOKUP_UNAVAILABLE, lookupCep } from "./lookupCep"

function run(answer: CepLookup, cep: string, allowed = true) {
  const asked: string[] = []
  const layer = Layer.mergeAll(
    Layer.succeed(RateLimiter, RateLimiter.of({ hit: () => Effect.succeed(allowed) })),
    Layer.succeed(
      PostalCodeLookup,
      PostalCodeLookup.of({
        lookup: (cep8) =>
          Effect.sync(() => {
            asked.push(cep8)
            return answer
          }),
      }),
    ),
  )
  const exit = Effect.runPromiseExit(
    lookupCep(cep).pipe(Effect.provide(layer), Effect.provideService(ClientAddress, "198.51.100.7")),
  )
  return { exit, asked }
}

const paulista: CepLookup = {
  kind: "found",
  uf: "SP",
  city: "São Paulo",
  street: "Avenida Paulista",
  district: "Bela Vista",
}

describe("lookupCep", () => {
  it("fills street, neighbourhood, city and state from the postal service", async () => {
    const { exit, asked } = run(paulista, "01310-100")
    expect(await exit).toEqual(
      Exit.succeed({
        found: true,
        street: "Avenida Paulista",
        neighborhood: "Bela Vista",
        city: "São Paulo",
        state: "SP",
      }),
    )
    expect(asked).toEqual(["01310100"])
  })

  it("answers why not for an unknown CEP, a malformed one and a postal service that is down", async () => {
    expect(await run({ kind: "not_found" }, "01310100").exit).toEqual(
      Exit.succeed({ found: false, message: CEP_MESSAGES.notFound }),
    )
    expect(await run({ kind: "unavailable" }, "01310100").exit).toEqual(
      Exit.succeed({ found: false, message: CEP_LOOKUP_UNAVAILABLE }),
    )
    const malformed = run(paulista, "0131")
    expect(await malformed.exit).toEqual(Exit.succeed({ found: false, message: CEP_MESSAGES.wrongLength }))
    expect(malformed.asked).toEqual([])
  })

  it("refuses once the client used up its lookups, without asking the postal service", async () => {
    const { exit, asked } = run(paulista, "01310100", false)
    expect(JSON.stringify((await exit).toJSON())).toContain("Muitas consultas de CEP")
    expect(asked).toEqual([])
  })
})
