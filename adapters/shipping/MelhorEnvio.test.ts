import { Effect } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { QuoteRequest, ShippingSourceFailed } from "../../application/ports/ShippingQuoteSource"
import { type FakeMelhorEnvio, startFakeMelhorEnvio } from "../../tests/fakes/fakeMelhorEnvio"
import { melhorEnvioSource, parseServices, reaisToCents } from "./MelhorEnvio"

const TOKEN = "me-secret-token-123"
const USER_AGENT = "Legendarium Store (contato@example.com)"
const REQUEST: QuoteRequest = {
  originCep: "01001000",
  destinationCep: "20040020",
  parcel: { lengthCm: 20, widthCm: 15, heightCm: 10, weightKg: 1.2 },
  insuranceValue: 29990,
}

let fake: FakeMelhorEnvio
beforeAll(async () => {
  fake = await startFakeMelhorEnvio()
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.behaviour = "ok"
})

const source = (overrides: { baseUrl?: string; timeoutMs?: number } = {}) =>
  melhorEnvioSource({ baseUrl: fake.baseUrl, token: TOKEN, userAgent: USER_AGENT, ...overrides })

const failure = (effect: Effect.Effect<unknown, ShippingSourceFailed>) =>
  Effect.runPromise(Effect.flip(effect))

describe("Melhor Envio source", () => {
  it("quotes the services that can serve the route, custom price and time first", async () => {
    const options = await Effect.runPromise(source().quote(REQUEST))
    expect(options).toEqual([
      { id: "me-1", name: "Correios PAC", price: 2410, days: 7, provider: "Melhor Envio" },
      { id: "me-2", name: "Correios SEDEX", price: 4230, days: 2, provider: "Melhor Envio" },
      { id: "me-3", name: "Jadlog .Package", price: 1999, days: 5, provider: "Melhor Envio" },
    ])
  })

  it("sends the token, the required User-Agent and the parcel in Melhor Envio's format", async () => {
    await Effect.runPromise(source().quote(REQUEST))
    const request = fake.lastRequest!
    expect(request.method).toBe("POST")
    expect(request.path).toBe("/api/v2/me/shipment/calculate")
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect(request.headers["user-agent"]).toBe(USER_AGENT)
    expect(request.headers.accept).toBe("application/json")
    expect(request.headers["content-type"]).toBe("application/json")
    expect(request.body).toEqual({
      from: { postal_code: "01001000" },
      to: { postal_code: "20040020" },
      products: [
        { id: "parcel", width: 15, height: 10, length: 20, weight: 1.2, insurance_value: 299.9, quantity: 1 },
      ],
    })
  })

  it("accepts a base URL with a trailing slash", async () => {
    const options = await Effect.runPromise(source({ baseUrl: `${fake.baseUrl}/` }).quote(REQUEST))
    expect(options).toHaveLength(3)
  })

  it("fails on a server error without leaking the token", async () => {
    fake.behaviour = "500"
    const error = await failure(source().quote(REQUEST))
    expect(error).toMatchObject({ _tag: "ShippingSourceFailed", source: "Melhor Envio" })
    expect(error.reason).toContain("HTTP 500")
    expect(JSON.stringify(error)).not.toContain(TOKEN)
  })

  it("fails when the server does not answer in time", async () => {
    fake.behaviour = "timeout"
    const started = Date.now()
    const error = await failure(source({ timeoutMs: 300 }).quote(REQUEST))
    expect(error.reason).toBe("timeout after 300 ms")
    expect(Date.now() - started).toBeLessThan(3000)
  })

  it("fails on a malformed body", async () => {
    fake.behaviour = "malformed"
    const error = await failure(source().quote(REQUEST))
    expect(error.reason).toMatch(/malformed JSON/)
  })

  it("fails when the route is not served", async () => {
    fake.behaviour = "404"
    expect((await failure(source().quote(REQUEST))).reason).toMatch(/^HTTP 404/)
    fake.behaviour = "ok"
    const wrongBase = fake.baseUrl.replace("/api/v2", "/api/v1")
    expect((await failure(source({ baseUrl: wrongBase }).quote(REQUEST))).reason).toMatch(/^HTTP 404/)
  })

  it("fails when the server is unreachable", async () => {
    const other = await startFakeMelhorEnvio()
    await other.close()
    const error = await failure(source({ baseUrl: other.baseUrl }).quote(REQUEST))
    expect(error.reason).toMatch(/^network error/)
    expect(error.reason).not.toContain(TOKEN)
  })

  it("uses a fetch given in the options", async () => {
    const calls: string[] = []
    const fetch: typeof globalThis.fetch = async (input) => {
      calls.push(String(input))
      return new Response("[]", { status: 200, headers: { "Content-Type": "application/json" } })
    }
    const empty = melhorEnvioSource({
      baseUrl: "https://sandbox.melhorenvio.com.br/api/v2/",
      token: TOKEN,
      userAgent: USER_AGENT,
      fetch,
    })
    expect(await Effect.runPromise(empty.quote(REQUEST))).toEqual([])
    expect(calls).toEqual(["https://sandbox.melhorenvio.com.br/api/v2/me/shipment/calculate"])
  })

  it("redacts the token from any failure reason", async () => {
    const fetch: typeof globalThis.fetch = async () => {
      throw new Error(`boom with ${TOKEN}`)
    }
    const leaky = melhorEnvioSource({ baseUrl: fake.baseUrl, token: TOKEN, userAgent: USER_AGENT, fetch })
    const error = await failure(leaky.quote(REQUEST))
    expect(error.reason).not.toContain(TOKEN)
  })
})

describe("Melhor Envio response parsing", () => {
  it("converts decimal strings to centavos exactly", () => {
    expect(reaisToCents("25.65")).toBe(2565)
    expect(reaisToCents("0.29")).toBe(29)
    expect(reaisToCents("1234.5")).toBe(123450)
    expect(reaisToCents("19")).toBe(1900)
    expect(reaisToCents(16.1)).toBe(1610)
    expect(reaisToCents("10.005")).toBe(1001)
    expect(reaisToCents("abc")).toBeNull()
    expect(reaisToCents("-1.00")).toBeNull()
  })

  it("rejects a body that is not a list and skips unreadable services", () => {
    expect(parseServices({ message: "Unauthenticated." })).toBeNull()
    expect(parseServices([])).toEqual([])
    expect(
      parseServices([
        { id: 1, name: "PAC", price: "20.00", delivery_time: 5 },
        { id: 2, name: "SEDEX" },
        { id: 3, name: "X", price: "oops", delivery_time: 1 },
        { id: 4, name: "Y", price: "9.90", delivery_range: { min: 2, max: 4 } },
        "garbage",
        null,
      ]),
    ).toEqual([
      { id: "me-1", name: "PAC", price: 2000, days: 5, provider: "Melhor Envio" },
      { id: "me-4", name: "Y", price: 990, days: 4, provider: "Melhor Envio" },
    ])
  })
})
