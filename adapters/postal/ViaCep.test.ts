import { Effect } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { PostalCodeLookup } from "../../application/ports/PostalCodeLookup"
import { type FakeViaCep, startFakeViaCep } from "../../tests/fakes/fakeViaCep"
import { offlineCepLookup, PostalCodeLookupLayer, parseViaCepBody, viaCepLookup } from "./ViaCep"

let fake: FakeViaCep
beforeAll(async () => {
  fake = await startFakeViaCep()
})
afterAll(() => fake.close())
beforeEach(() => fake.setBehaviour("ok"))

const lookup = (cep: string, timeoutMs?: number) =>
  Effect.runPromise(viaCepLookup({ baseUrl: fake.baseUrl, ...(timeoutMs ? { timeoutMs } : {}) }).lookup(cep))

describe("ViaCEP lookup", () => {
  it("finds a known CEP with its address", async () => {
    expect(await lookup("01310100")).toEqual({
      kind: "found",
      uf: "SP",
      city: "São Paulo",
      street: "Avenida Paulista",
      district: "Bela Vista",
    })
    expect(fake.requests.at(-1)).toBe("/ws/01310100/json/")
  })

  it("answers not found to erro, in its string and boolean forms", async () => {
    expect(await lookup("01310999")).toEqual({ kind: "not_found" })
    await fake.setBehaviour("ok-legacy")
    expect(await lookup("01310999")).toEqual({ kind: "not_found" })
  })

  it("answers not found to HTTP 400, and to a malformed CEP without asking", async () => {
    await fake.setBehaviour("400")
    expect(await lookup("01310100")).toEqual({ kind: "not_found" })
    await fake.setBehaviour("ok")
    const before = fake.requests.length
    expect(await lookup("0131010")).toEqual({ kind: "not_found" })
    expect(fake.requests.length).toBe(before)
  })

  it("is unavailable on a server error", async () => {
    await fake.setBehaviour("500")
    expect(await lookup("01310100")).toEqual({ kind: "unavailable" })
  })

  it("is unavailable when the server is unreachable, and recovers when it is back", async () => {
    await fake.setBehaviour("down")
    expect(await lookup("01310100")).toEqual({ kind: "unavailable" })
    await fake.setBehaviour("ok")
    expect((await lookup("01310100")).kind).toBe("found")
  })

  it("is unavailable when the server is too slow", async () => {
    const slowFetch: typeof globalThis.fetch = (_input, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))
      })
    const slow = viaCepLookup({ baseUrl: fake.baseUrl, timeoutMs: 100, fetch: slowFetch })
    expect(await Effect.runPromise(slow.lookup("01310100"))).toEqual({ kind: "unavailable" })
  })

  it("reads bodies tolerantly but never trusts an unknown state", () => {
    expect(parseViaCepBody({ uf: "RJ", localidade: "Rio de Janeiro" })).toEqual({
      kind: "found",
      uf: "RJ",
      city: "Rio de Janeiro",
      street: "",
      district: "",
    })
    expect(parseViaCepBody({ uf: "XX", localidade: "?" })).toEqual({ kind: "unavailable" })
    expect(parseViaCepBody("<html>")).toEqual({ kind: "unavailable" })
    expect(parseViaCepBody([])).toEqual({ kind: "unavailable" })
    expect(parseViaCepBody({ erro: true })).toEqual({ kind: "not_found" })
  })
})

describe("offline CEP lookup", () => {
  const offline = (cep: string) => Effect.runPromise(offlineCepLookup().lookup(cep))

  it("answers the state from the CEP ranges, without an address", async () => {
    expect(await offline("01310100")).toEqual({ kind: "found", uf: "SP", city: "", street: "", district: "" })
    expect(await offline("68906-000")).toMatchObject({ kind: "found", uf: "AP" })
    expect(await offline("00999999")).toEqual({ kind: "not_found" })
    expect(await offline("abc")).toEqual({ kind: "not_found" })
  })

  it("takes over from ViaCEP only when ViaCEP is unavailable", async () => {
    const run = (cep: string) =>
      Effect.runPromise(
        PostalCodeLookup.use((l) => l.lookup(cep)).pipe(
          Effect.provide(PostalCodeLookupLayer({ baseUrl: fake.baseUrl })),
        ),
      )
    expect(await run("01310100")).toMatchObject({ kind: "found", city: "São Paulo" })
    expect(await run("01310999")).toEqual({ kind: "not_found" })
    await fake.setBehaviour("down")
    expect(await run("20040020")).toEqual({ kind: "found", uf: "RJ", city: "", street: "", district: "" })
    const disabled = await Effect.runPromise(
      PostalCodeLookup.use((l) => l.lookup("30130010")).pipe(Effect.provide(PostalCodeLookupLayer(null))),
    )
    expect(disabled).toMatchObject({ kind: "found", uf: "MG" })
  })
})
