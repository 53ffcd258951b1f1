import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { ShippingOption } from "../../domain/shipping/shipping"
import { charactersFixture, collectionFixture } from "../../tests/fakes/catalogFixtures"
import { fixedClock, inMemoryCatalog, settingsLayer } from "../../tests/fakes/inMemoryCatalog"
import { waitlistLineOnly } from "../../tests/fakes/waitlistLineOnly"
import { ClientAddress } from "../ports/ClientAddress"
import { CurrentUser } from "../ports/CurrentUser"
import { Entitlements } from "../ports/Entitlements"
import { type CepLookup, PostalCodeLookup } from "../ports/PostalCodeLookup"
import { RateLimiter } from "../ports/RateLimiter"
import {
  type ShippingQuoteSourceShape,
  ShippingQuoteSources,
  ShippingSourceFailed,
} from "../ports/ShippingQuoteSource"
import { quoteShipping } from "./quoteShipping"

const anime = collectionFixture({ slug: "anime" })
const chars = charactersFixture(anime, { year: 2026, month: 11 })
const NOW = Date.UTC(2026, 10, 20, 13)
const option = (id: string, price: number): ShippingOption => ({
  id,
  name: id,
  price,
  days: 3,
  provider: "teste",
})

const source = (
  name: string,
  answer: "fail" | readonly ShippingOption[],
  calls: string[],
): ShippingQuoteSourceShape => ({
  name,
  quote: () =>
    Effect.suspend(() => {
      calls.push(name)
      return answer === "fail"
        ? Effect.fail(new ShippingSourceFailed({ source: name, reason: "down" }))
        : Effect.succeed(answer)
    }),
})

/** A limiter that counts hits per key and allows `max` of each. */
function limiter(max = 20) {
  const hits = new Map<string, number>()
  const layer = Layer.succeed(
    RateLimiter,
    RateLimiter.of({
      hit: (key) =>
        Effect.sync(() => {
          hits.set(key, (hits.get(key) ?? 0) + 1)
          return (hits.get(key) ?? 0) <= max
        }),
    }),
  )
  return { hits, layer }
}

function layer(
  sources: ShippingQuoteSourceShape[],
  lookup: CepLookup,
  subscribed: string[] = [],
  rateLimiter = limiter().layer,
) {
  return Layer.mergeAll(
    rateLimiter,
    inMemoryCatalog([anime], chars),
    fixedClock(NOW),
    settingsLayer(),
    waitlistLineOnly(),
    Layer.succeed(
      CurrentUser,
      CurrentUser.of({ viewer: { id: "u", email: "u@x.com", name: "U", role: "user", emailVerified: true } }),
    ),
    Layer.succeed(
      Entitlements,
      Entitlements.of({ subscribedCollections: () => Effect.succeed(new Set(subscribed)) }),
    ),
    Layer.succeed(PostalCodeLookup, PostalCodeLookup.of({ lookup: () => Effect.succeed(lookup) })),
    Layer.succeed(ShippingQuoteSources, ShippingQuoteSources.of({ sources })),
  )
}
const sp: CepLookup = { kind: "found", uf: "SP", city: "São Paulo", street: "", district: "" }
const cart = [{ productId: chars[0]!.id, quantity: 1 }]

describe("quoteShipping", () => {
  it("refuses the 21st quote in a minute from one address with the pt-BR message, calling no source", async () => {
    const limit = limiter(20)
    let calls = 0
    const counting: ShippingQuoteSourceShape = {
      name: "contador",
      quote: () =>
        Effect.sync(() => {
          calls++
          return []
        }),
    }
    const run = () =>
      Effect.runPromiseExit(
        quoteShipping("01001-000", cart).pipe(
          Effect.provide(layer([counting], sp, [], limit.layer)),
          Effect.provideService(ClientAddress, "203.0.113.7"),
        ),
      )
    for (let i = 0; i < 20; i++) expect((await run())._tag).toBe("Success")
    const refused = await run()
    expect(refused._tag === "Failure" && JSON.stringify(refused.cause)).toContain(
      "Muitas consultas de frete. Aguarde um minuto e tente novamente.",
    )
    expect(calls).toBe(20)
    expect([...limit.hits.keys()]).toEqual(["shipping:203.0.113.7"])
  })

  it("takes the first source that answers with options; a failing source passes silently", async () => {
    const calls: string[] = []
    const exit = await Effect.runPromiseExit(
      quoteShipping("01310-100", cart).pipe(
        Effect.provide(
          layer(
            [
              source("me", "fail", calls),
              source("tabela", [option("pac", 1890)], calls),
              source("nunca", [option("x", 1)], calls),
            ],
            sp,
          ),
        ),
      ),
    )
    expect(
      Exit.isSuccess(exit) && [
        exit.value.source,
        exit.value.options.map((o) => o.id),
        exit.value.toast.message,
      ],
    ).toEqual(["tabela", ["pac"], "1 opção disponível"])
    expect(calls).toEqual(["me", "tabela"])
  })

  it("falls back to the per-state estimate when every source fails or is empty", async () => {
    const exit = await Effect.runPromiseExit(
      quoteShipping("69005000", cart).pipe(
        Effect.provide(layer([source("a", [], []), source("b", "fail", [])], { kind: "unavailable" })),
      ),
    )
    expect(Exit.isSuccess(exit) && exit.value.uf).toBe("AM")
    expect(Exit.isSuccess(exit) && exit.value.options.map((o) => [o.id, o.price])).toEqual([
      ["pac", 5200],
      ["sedex", 7500],
    ])
  })

  it("ships free to a subscriber of a collection in the cart", async () => {
    const exit = await Effect.runPromiseExit(
      quoteShipping("01310100", cart).pipe(
        Effect.provide(layer([source("t", [option("pac", 1890)], [])], sp, [anime.id])),
      ),
    )
    expect(Exit.isSuccess(exit) && [exit.value.options[0]?.price, exit.value.toast.message]).toEqual([
      0,
      "Frete grátis!",
    ])
  })

  it.each([
    ["123", "Digite um CEP válido com 8 dígitos"],
    ["12345678", "Este CEP é inválido"],
    ["22222222", "CEP com dígitos repetidos"],
  ])("refuses %s without asking any source", async (cep, message) => {
    const calls: string[] = []
    const exit = await Effect.runPromiseExit(
      quoteShipping(cep, cart).pipe(Effect.provide(layer([source("t", [], calls)], sp))),
    )
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain(message)
    expect(calls).toEqual([])
  })

  it("answers a well-formed CEP that does not exist with the spec's message", async () => {
    const exit = await Effect.runPromiseExit(
      quoteShipping("01310199", cart).pipe(Effect.provide(layer([], { kind: "not_found" }))),
    )
    expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain(
      "CEP não encontrado. Verifique se digitou corretamente e tente novamente.",
    )
  })

  it("quotes each figure's own box, as the administration measured it", async () => {
    const asked: { weightKg: number; heightCm: number }[] = []
    const measuring: ShippingQuoteSourceShape = {
      name: "medidor",
      quote: (request) =>
        Effect.sync(() => {
          asked.push({ weightKg: request.parcel.weightKg, heightCm: request.parcel.heightCm })
          return [option("PAC", 2500)]
        }),
    }
    const heavy = { ...chars[0]!, parcel: { lengthCm: 40, widthCm: 30, heightCm: 35, weightKg: 4.2 } }
    const measured = Layer.mergeAll(
      layer([measuring], sp),
      inMemoryCatalog([anime], [heavy, ...chars.slice(1)]),
    )
    await Effect.runPromise(
      quoteShipping("01310-100", [{ productId: heavy.id, quantity: 2 }]).pipe(Effect.provide(measured)),
    )
    // Two 4.2 kg boxes of 35 cm, stacked (the default box would be 1 kg and 10 cm).
    expect(asked).toEqual([{ weightKg: 8.4, heightCm: 70 }])
  })
})
