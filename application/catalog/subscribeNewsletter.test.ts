import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { SealedLink } from "../../domain/accounts/accountEvents"
import { fixedClock } from "../../tests/fakes/inMemoryCatalog"
import { inMemoryEvents } from "../../tests/fakes/inMemoryEvents"
import { ClientAddress } from "../ports/ClientAddress"
import { Newsletter } from "../ports/Newsletter"
import { RateLimiter } from "../ports/RateLimiter"
import { SealBroken, SecretBox } from "../ports/SecretBox"
import { confirmNewsletter, INVALID_CONFIRMATION, newsletterConfirmationToken } from "./confirmNewsletter"
import { subscribeNewsletter } from "./subscribeNewsletter"

const NOW = Date.UTC(2026, 10, 24, 12)

function world(now = NOW) {
  const stored = new Map<string, "pending" | "confirmed">()
  const hits = new Map<string, number>()
  const events = inMemoryEvents()
  const layer = Layer.mergeAll(
    events.layer,
    fixedClock(now),
    Layer.succeed(
      Newsletter,
      Newsletter.of({
        subscribe: (email) =>
          Effect.sync(() => {
            const state = stored.get(email)
            if (!state) stored.set(email, "pending")
            return state ?? "created"
          }),
        confirm: (email) =>
          Effect.sync(() => {
            if (!stored.has(email)) return false
            stored.set(email, "confirmed")
            return true
          }),
      }),
    ),
    Layer.succeed(
      RateLimiter,
      RateLimiter.of({
        hit: (key, max) =>
          Effect.sync(() => {
            hits.set(key, (hits.get(key) ?? 0) + 1)
            return (hits.get(key) ?? 0) <= max
          }),
      }),
    ),
    Layer.succeed(
      SecretBox,
      SecretBox.of({
        seal: (text) => `sealed:${text}` as SealedLink,
        open: (sealed) =>
          sealed.startsWith("sealed:") ? Effect.succeed(sealed.slice(7)) : Effect.fail(new SealBroken()),
      }),
    ),
  )
  return { stored, events: events.committed, layer }
}

const run = <A, E>(effect: Effect.Effect<A, E, never>) => Effect.runPromiseExit(effect)
const inWorld = <A, E, R>(
  effect: Effect.Effect<A, E, R>,
  w: ReturnType<typeof world>,
  address = "198.51.100.9",
) =>
  run(
    effect.pipe(Effect.provide(w.layer), Effect.provideService(ClientAddress, address)) as Effect.Effect<
      A,
      E,
      never
    >,
  )

describe("subscribeNewsletter", () => {
  it("stores a normalised address awaiting confirmation and asks its owner to confirm, answering the same every time", async () => {
    const w = world()
    const first = await inWorld(subscribeNewsletter("  Ana@Example.COM "), w)
    const second = await inWorld(subscribeNewsletter("ana@example.com"), w)
    expect([first, second].map((e) => Exit.isSuccess(e) && e.value)).toEqual([{ ok: true }, { ok: true }])
    expect([...w.stored]).toEqual([["ana@example.com", "pending"]])
    // Still pending: the owner may have lost the first e-mail, so it goes again (within the daily limit).
    expect(w.events.map((e) => e.type)).toEqual(["NewsletterSubscribed", "NewsletterSubscribed"])
  })

  it("sends nothing to an address already confirmed, and says the same", async () => {
    const w = world()
    w.stored.set("ana@example.com", "confirmed")
    const exit = await inWorld(subscribeNewsletter("ana@example.com"), w)
    expect(Exit.isSuccess(exit) && exit.value).toEqual({ ok: true })
    expect(w.events).toEqual([])
  })

  it("limits confirmation e-mails per mailbox and subscriptions per connection", async () => {
    const w = world()
    for (let i = 0; i < 4; i++) await inWorld(subscribeNewsletter("bia@example.com"), w, `10.0.0.${i}`)
    expect(w.events).toHaveLength(3)
    for (let i = 0; i < 5; i++) await inWorld(subscribeNewsletter(`x${i}@example.com`), w, "203.0.113.1")
    const refused = await inWorld(subscribeNewsletter("y@example.com"), w, "203.0.113.1")
    expect(Exit.isFailure(refused) && JSON.stringify(refused.cause)).toContain("Muitas inscrições")
    expect(w.stored.has("y@example.com")).toBe(false)
  })

  it.each(["", "sem-arroba", "a@b", "a b@c.com", `${"x".repeat(250)}@ex.com`])(
    "refuses %j with 'E-mail inválido' and stores nothing",
    async (raw) => {
      const w = world()
      const exit = await inWorld(subscribeNewsletter(raw), w)
      expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("E-mail inválido")
      expect(w.stored.size).toBe(0)
      expect(w.events).toEqual([])
    },
  )
})

describe("confirmNewsletter", () => {
  it("confirms the address of a valid link, once", async () => {
    const w = world()
    await inWorld(subscribeNewsletter("ana@example.com"), w)
    const token = await inWorld(newsletterConfirmationToken("ana@example.com"), w)
    if (!Exit.isSuccess(token)) throw new Error("no token")
    const exit = await inWorld(confirmNewsletter(token.value), w)
    expect(Exit.isSuccess(exit) && exit.value).toEqual({ email: "ana@example.com" })
    expect(w.stored.get("ana@example.com")).toBe("confirmed")
    expect(w.events.at(-1)?.type).toBe("NewsletterConfirmed")
  })

  it("refuses a forged, expired or unknown link with one message", async () => {
    const w = world()
    const later = world(NOW + 8 * 24 * 60 * 60_000)
    const token = await inWorld(newsletterConfirmationToken("ana@example.com"), w)
    if (!Exit.isSuccess(token)) throw new Error("no token")
    await inWorld(subscribeNewsletter("ana@example.com"), later)
    for (const [candidate, where] of [
      ["adulterado", w],
      [token.value, later],
      [token.value, w],
    ] as const) {
      const exit = await inWorld(confirmNewsletter(candidate), where)
      expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain(INVALID_CONFIRMATION)
    }
  })
})
