import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { inMemoryEvents } from "../../tests/fakes/inMemoryEvents"
import { Newsletter } from "../ports/Newsletter"
import { subscribeNewsletter } from "./subscribeNewsletter"

function newsletterLayer() {
  const stored: string[] = []
  const events = inMemoryEvents()
  const newsletter = Layer.succeed(
    Newsletter,
    Newsletter.of({
      subscribe: (email) =>
        Effect.sync(() => {
          if (stored.includes(email)) return false
          stored.push(email)
          return true
        }),
    }),
  )
  return { stored, events: events.committed, layer: Layer.merge(newsletter, events.layer) }
}

describe("subscribeNewsletter", () => {
  it("stores a normalised address once, recording one NewsletterSubscribed", async () => {
    const { stored, events, layer } = newsletterLayer()
    const first = await Effect.runPromise(
      subscribeNewsletter("  Ana@Example.COM ").pipe(Effect.provide(layer)),
    )
    const second = await Effect.runPromise(subscribeNewsletter("ana@example.com").pipe(Effect.provide(layer)))
    expect([first.created, second.created]).toEqual([true, false])
    expect(stored).toEqual(["ana@example.com"])
    expect(events).toEqual([
      {
        type: "NewsletterSubscribed",
        version: 1,
        aggregateId: "ana@example.com",
        payload: { email: "ana@example.com", source: "footer" },
      },
    ])
  })

  it.each(["", "sem-arroba", "a@b", "a b@c.com", `${"x".repeat(250)}@ex.com`])(
    "refuses %j with 'Email inválido' and stores nothing",
    async (raw) => {
      const { stored, events, layer } = newsletterLayer()
      const exit = await Effect.runPromiseExit(subscribeNewsletter(raw).pipe(Effect.provide(layer)))
      expect(Exit.isFailure(exit) && JSON.stringify(exit.cause)).toContain("Email inválido")
      expect(stored).toEqual([])
      expect(events).toEqual([])
    },
  )
})
