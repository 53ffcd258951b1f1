import { Cause, Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { Delivery, EventProgress } from "../../domain/delivery"
import { domainEvent, type RecordedEvent } from "../../domain/events"
import { fixedClock } from "../../tests/fakes/inMemoryCatalog"
import { inMemoryEvents } from "../../tests/fakes/inMemoryEvents"
import { strictFake } from "../../tests/fakes/strict"
import { Clock } from "../ports/Clock"
import { EventQueue, type HandlerFailure } from "../ports/EventQueue"
import { type DispatchOptions, describeFailure, dispatchEvents } from "./dispatchEvents"
import type { EventHandler } from "./EventHandler"

const NOW = Date.UTC(2026, 10, 24, 12)
const options: DispatchOptions = {
  batchSize: 10,
  leaseMs: 1000,
  retry: { baseDelayMs: 1000, maxDelayMs: 60_000, maxAttempts: 3 },
  random: () => 0,
}

const event: RecordedEvent = {
  ...domainEvent("UserRegistered", "u1", { userId: "u1", email: "ana@example.com", name: "Ana" }),
  id: "7",
  occurredAt: NOW - 1000,
}

function queue(deliveries: Delivery[] = []) {
  const applied: string[] = []
  const failures: Array<{ handler: string } & HandlerFailure> = []
  const settled: EventProgress[] = []
  const layer = Layer.succeed(
    EventQueue,
    strictFake<EventQueue["Service"]>("EventQueue", {
      claim: () => Effect.succeed([{ event, deliveries }]),
      markApplied: (_id, handler) =>
        Effect.sync(() => {
          if (applied.includes(handler)) return false
          applied.push(handler)
          return true
        }),
      recordFailure: (_id, handler, failure) =>
        Effect.sync(() => void failures.push({ handler, ...failure })),
      settle: (_id, progress, marked) =>
        Effect.sync(() => {
          settled.push(progress)
          for (const handler of marked) if (!applied.includes(handler)) applied.push(handler)
        }),
    }),
  )
  return { applied, failures, settled, layer }
}

const handler = (
  name: string,
  run: () => Effect.Effect<void, unknown> = () => Effect.void,
): EventHandler & { runs: number } => {
  const h = {
    name,
    on: ["UserRegistered"] as const,
    mode: "external" as const,
    runs: 0,
    handle: () =>
      Effect.suspend(() => {
        h.runs++
        return run()
      }),
  }
  return h
}

const dispatch = (handlers: EventHandler[], q: ReturnType<typeof queue>) =>
  Effect.runPromise(
    dispatchEvents(handlers, options).pipe(
      Effect.provide(Layer.mergeAll(q.layer, fixedClock(NOW), inMemoryEvents().layer)),
    ),
  )

describe("dispatching events", () => {
  it("runs every subscribed handler once and marks the event done", async () => {
    const q = queue()
    const welcome = handler("welcome")
    const other = Object.assign(handler("orders"), { on: ["CartMerged"] as const })
    expect(await dispatch([welcome, other], q)).toBe(1)
    expect(welcome.runs).toBe(1)
    expect(other.runs).toBe(0)
    expect(q.applied).toEqual(["welcome"])
    expect(q.settled).toEqual([{ status: "done" }])
  })

  it("records a failure with the back-off and keeps the event pending until then", async () => {
    const q = queue()
    const failing = handler("smtp", () =>
      Effect.fail({ _tag: "MailDeliveryFailed", reason: "451 tente mais tarde" }),
    )
    await dispatch([failing, handler("ok")], q)
    expect(q.failures).toEqual([
      { handler: "smtp", attempts: 1, error: "MailDeliveryFailed: 451 tente mais tarde", retryAt: NOW + 500 },
    ])
    expect(q.applied).toEqual(["ok"])
    expect(q.settled).toEqual([{ status: "pending", retryAt: NOW + 500 }])
  })

  it("skips handlers already applied, parked or still backing off", async () => {
    const q = queue([
      { handler: "done", status: "applied", attempts: 0, retryAt: null },
      { handler: "parked", status: "parked", attempts: 3, retryAt: null },
      { handler: "later", status: "failed", attempts: 1, retryAt: NOW + 10 },
    ])
    const all = [handler("done"), handler("parked"), handler("later")]
    await dispatch(all, q)
    expect(all.map((h) => h.runs)).toEqual([0, 0, 0])
    expect(q.settled).toEqual([{ status: "pending", retryAt: NOW + 10 }])
  })

  it("renews each event's lease once half the claim's has passed, and leaves alone one taken over", async () => {
    let now = NOW
    const second = { ...event, id: "8" }
    const renewed: string[] = []
    const settled: string[] = []
    const layer = Layer.succeed(
      EventQueue,
      strictFake<EventQueue["Service"]>("EventQueue", {
        claim: () =>
          Effect.succeed([
            { event, deliveries: [] },
            { event: second, deliveries: [] },
          ]),
        renew: (id) => Effect.sync(() => void renewed.push(id)).pipe(Effect.as(false)),
        markApplied: () => Effect.succeed(true),
        settle: (id) => Effect.sync(() => void settled.push(id)),
      }),
    )
    // The first event's handler takes 600 ms of the 1000 ms lease.
    const slow = handler("slow", () =>
      Effect.sync(() => {
        now += 600
      }),
    )
    const clock = Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(() => now) }))
    await Effect.runPromise(
      dispatchEvents([slow], options).pipe(
        Effect.provide(Layer.mergeAll(layer, clock, inMemoryEvents().layer)),
      ),
    )
    expect(renewed).toEqual(["8"])
    expect(slow.runs).toBe(1)
    expect(settled).toEqual(["7"])
  })

  it("renews the lease of the event in hand while its handler works, and stops once it is done", async () => {
    const renewed: string[] = []
    const layer = Layer.mergeAll(
      Layer.succeed(
        EventQueue,
        strictFake<EventQueue["Service"]>("EventQueue", {
          claim: () => Effect.succeed([{ event, deliveries: [] }]),
          renew: (id) => Effect.sync(() => void renewed.push(id)).pipe(Effect.as(true)),
          settle: () => Effect.void,
        }),
      ),
      fixedClock(NOW),
      inMemoryEvents().layer,
    )
    // A 60 ms lease and a handler of 200 ms: without renewals another instance would take the event over.
    const slow = handler("slow", () => Effect.sleep(200))
    await Effect.runPromise(dispatchEvents([slow], { ...options, leaseMs: 60 }).pipe(Effect.provide(layer)))
    const afterHandler = renewed.length
    expect(afterHandler).toBeGreaterThanOrEqual(3)
    expect(new Set(renewed)).toEqual(new Set(["7"]))
    await new Promise((r) => setTimeout(r, 100))
    expect(renewed.length).toBe(afterHandler)
  })

  it("ends the batch after the event in hand once stopping, giving the rest back", async () => {
    const second = { ...event, id: "8" }
    const released: string[][] = []
    const settled: string[] = []
    let stopping = false
    const layer = Layer.succeed(
      EventQueue,
      strictFake<EventQueue["Service"]>("EventQueue", {
        claim: () =>
          Effect.succeed([
            { event, deliveries: [] },
            { event: second, deliveries: [] },
          ]),
        settle: (id) => Effect.sync(() => void settled.push(id)),
        release: (ids) => Effect.sync(() => void released.push([...ids])),
      }),
    )
    // The server is asked to stop while the first event's handler works.
    const first = handler("first", () =>
      Effect.sync(() => {
        stopping = true
      }),
    )
    await Effect.runPromise(
      dispatchEvents([first], { ...options, stopping: () => stopping }).pipe(
        Effect.provide(Layer.mergeAll(layer, fixedClock(NOW), inMemoryEvents().layer)),
      ),
    )
    expect(first.runs).toBe(1)
    expect(settled).toEqual(["7"])
    expect(released).toEqual([["8"]])
  })

  it("parks at once a failure that retrying cannot fix", async () => {
    const q = queue()
    await dispatch([handler("seal", () => Effect.fail({ _tag: "SealBroken", permanent: true }))], q)
    expect(q.failures).toEqual([{ handler: "seal", attempts: 1, error: "SealBroken", retryAt: null }])
  })

  it("parks a handler at the attempt limit", async () => {
    const q = queue([{ handler: "broken", status: "failed", attempts: 2, retryAt: NOW }])
    await dispatch([handler("broken", () => Effect.die(new Error("quebrado")))], q)
    expect(q.failures).toEqual([{ handler: "broken", attempts: 3, error: "Error: quebrado", retryAt: null }])
    expect(q.settled).toEqual([{ status: "parked", parkedHandlers: ["broken"] }])
  })

  it("runs a transactional handler only when its applied mark is new", async () => {
    const q = queue()
    q.applied.push("ledger")
    const ledger = Object.assign(handler("ledger"), { mode: "transactional" as const })
    await dispatch([ledger], q)
    expect(ledger.runs).toBe(0)
    expect(q.settled).toEqual([{ status: "done" }])
  })

  it("describes failures in one bounded line", () => {
    expect(describeFailure(Cause.fail("texto"))).toBe("texto")
    expect(describeFailure(Cause.die(new Error(`linha\n${"x".repeat(600)}`))).length).toBe(500)
    expect(describeFailure(Cause.fail({ _tag: "SealBroken" }))).toBe("SealBroken")
  })
})
