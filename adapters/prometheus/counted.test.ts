import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { EventQueue } from "../../application/ports/EventQueue"
import { JobSchedule } from "../../application/ports/JobSchedule"
import { domainEvent } from "../../domain/events"
import { CountedEventOutboxLayer, CountedEventQueueLayer, CountedJobScheduleLayer } from "./counted"
import { StoreMetrics } from "./storeMetrics"

/** A port whose every method answers nothing: the decorators are what is under test. */
const silent = <S>(methods: readonly string[]) =>
  Object.fromEntries(methods.map((name) => [name, () => Effect.void])) as unknown as S

const run = <A, E, R>(effect: Effect.Effect<A, E, R>, layer: Layer.Layer<R>) =>
  Effect.runPromise(Effect.provide(effect, layer))

describe("the counted ports", () => {
  it("count an event recorded outside a unit of work at once", async () => {
    const metrics = new StoreMetrics()
    const layer = CountedEventOutboxLayer(metrics).pipe(
      Layer.provide(Layer.succeed(EventOutbox, silent<EventOutbox["Service"]>(["record"]))),
    )
    const placed = domainEvent("OrderPlaced", "o1", { orderId: "o1", userId: null, number: "1", total: 1 })
    await run(
      EventOutbox.use((outbox) => outbox.record([placed])),
      layer,
    )
    expect(await metrics.registry.metrics()).toContain("store_orders_placed_total 1")
  })

  it("count each handler failure by handler, and whether it was parked", async () => {
    const metrics = new StoreMetrics()
    const layer = CountedEventQueueLayer(metrics).pipe(
      Layer.provide(Layer.succeed(EventQueue, silent<EventQueue["Service"]>(["recordFailure"]))),
    )
    await run(
      EventQueue.use((queue) =>
        Effect.all([
          queue.recordFailure("1", "orderEmails", { attempts: 1, error: "SMTP", retryAt: 5 }),
          queue.recordFailure("1", "orderEmails", { attempts: 8, error: "SMTP", retryAt: null }),
        ]),
      ),
      layer,
    )
    const text = await metrics.registry.metrics()
    expect(text).toContain('store_event_handler_failures_total{handler="orderEmails",outcome="retry"} 1')
    expect(text).toContain('store_event_handler_failures_total{handler="orderEmails",outcome="parked"} 1')
  })

  it("count each finished job run by job and outcome", async () => {
    const metrics = new StoreMetrics()
    const layer = CountedJobScheduleLayer(metrics).pipe(
      Layer.provide(Layer.succeed(JobSchedule, silent<JobSchedule["Service"]>(["claimDue", "finish"]))),
    )
    await run(
      JobSchedule.use((schedule) =>
        Effect.all([
          schedule.finish({ name: "payments.reconcile", ok: true }, 0),
          schedule.finish({ name: "payments.reconcile", ok: false, error: "GatewayUnavailable" }, 0),
        ]),
      ),
      layer,
    )
    const text = await metrics.registry.metrics()
    expect(text).toContain('store_job_runs_total{job="payments.reconcile",outcome="ok"} 1')
    expect(text).toContain('store_job_runs_total{job="payments.reconcile",outcome="failed"} 1')
  })
})
