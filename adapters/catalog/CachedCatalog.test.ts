import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { CatalogRepository } from "../../application/ports/CatalogRepository"
import { strictFake } from "../../tests/fakes/strict"
import { cachedCatalog } from "./CachedCatalog"

function counting(fail = false) {
  const calls: string[] = []
  const inner = strictFake<CatalogRepository["Service"]>("CatalogRepository", {
    findCollection: (key) =>
      Effect.suspend(() => {
        calls.push(key)
        return fail ? Effect.die(new Error("db down")) : Effect.succeed(null)
      }),
  })
  return { calls, inner }
}

describe("cachedCatalog", () => {
  it("answers repeated reads from memory until the TTL passes", async () => {
    let now = 0
    const { calls, inner } = counting()
    const cache = cachedCatalog(inner, 1000, () => now)
    await Effect.runPromise(cache.findCollection("a"))
    await Effect.runPromise(cache.findCollection("a"))
    await Effect.runPromise(cache.findCollection("b"))
    expect(calls).toEqual(["a", "b"])
    now = 1001
    await Effect.runPromise(cache.findCollection("a"))
    expect(calls).toEqual(["a", "b", "a"])
  })

  it("forgets everything when the catalogue version moves, even a read begun before", async () => {
    let version = 0
    const { calls, inner } = counting()
    const cache = cachedCatalog(inner, 60_000, Date.now, () => version)
    await Effect.runPromise(cache.findCollection("a"))
    const inFlight = Effect.runPromise(cache.findCollection("b"))
    version = 1
    await inFlight
    await Effect.runPromise(cache.findCollection("a"))
    await Effect.runPromise(cache.findCollection("b"))
    await Effect.runPromise(cache.findCollection("a"))
    expect(calls).toEqual(["a", "b", "a", "b"])
  })

  it("shares one query among concurrent misses", async () => {
    const { calls, inner } = counting()
    const cache = cachedCatalog(inner, 1000)
    await Promise.all(Array.from({ length: 10 }, () => Effect.runPromise(cache.findCollection("a"))))
    expect(calls).toEqual(["a"])
  })

  it("does not keep a failure", async () => {
    const { calls, inner } = counting(true)
    const cache = cachedCatalog(inner, 1000)
    await expect(Effect.runPromise(cache.findCollection("a"))).rejects.toThrow()
    await expect(Effect.runPromise(cache.findCollection("a"))).rejects.toThrow()
    expect(calls).toEqual(["a", "a"])
  })
})
