import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SystemClockLayer } from "../../adapters/clock/SystemClock"
import { Db } from "../../adapters/db/DatabaseService"
import { HealthRecorder } from "../../adapters/health/HealthRecorder"
import { MeasuredMailerLayer, MeasuredShippingSourcesLayer } from "../../adapters/health/measured"
import { PostgresServiceHealthLayer } from "../../adapters/health/PostgresServiceHealth"
import { MailDeliveryFailed, Mailer } from "../../application/ports/Mailer"
import { ServiceHealthLog } from "../../application/ports/ServiceHealthLog"
import { ShippingQuoteSources } from "../../application/ports/ShippingQuoteSource"
import { getSystemStatus } from "../../application/status/getSystemStatus"
import { probeServices } from "../../application/status/probeServices"
import { runtimeTargets, testRuntime } from "../support/appRuntimes"

// The system status on the real storage (PGlite, and PostgreSQL when reachable): a probe round on the real
// adapters, then real calls through the decorators over a failing mailer and a slow quote source, counted by
// two "instances" into the same rows.
const { targets, embedded, dispose } = await runtimeTargets()
afterAll(dispose)

const QUOTE = {
  originCep: "01001000",
  destinationCep: "20040002",
  parcel: { lengthCm: 20, widthCm: 15, heightCm: 10, weightKg: 1 },
  insuranceValue: 29_990,
}
const MESSAGE = { to: "ana@example.com", subject: "Seu pedido", html: "<p>Oi</p>", text: "Oi" }

describe.each(targets)("system status on $name", (target) => {
  const { runtime } = testRuntime(target, embedded, { workers: false })
  let db: Db["Service"]
  afterAll(() => runtime.dispose())
  beforeAll(async () => {
    db = await runtime.runPromise(Db.use((s) => Effect.succeed(s)))
  })

  const labels = (status: { services: readonly { name: string; label: string }[] }) =>
    Object.fromEntries(status.services.map((s) => [s.name, s.label]))

  it("shows every service Online after a probe round on the real adapters, from nothing before it", async () => {
    const before = await runtime.runPromise(getSystemStatus())
    expect(labels(before)).toMatchObject({ Pagamentos: "Sem dados recentes", "E-mail": "Sem dados recentes" })
    const outcome = await runtime.runPromise(probeServices())
    expect(outcome).toMatchObject({ probed: 4, failed: 0 })
    expect(labels(await runtime.runPromise(getSystemStatus()))).toEqual({
      Site: "Online",
      Pagamentos: "Online",
      "Cálculo de frete": "Online",
      "E-mail": "Online",
    })
    // The database's own queries were counted as "Site" traffic, and written by the probe round's flush.
    const site = await db.db
      .selectFrom("service_health")
      .select(sql<number>`sum(calls)::int`.as("calls"))
      .where("service", "=", "site")
      .where("source", "=", "traffic")
      .executeTakeFirstOrThrow()
    expect(site.calls).toBeGreaterThan(0)
  })

  it("turns E-mail Fora do ar when sends fail and Cálculo de frete Lentidão when quotes are slow, across instances", async () => {
    let elapsed = 0
    const clock = { elapsed: () => elapsed, now: () => Date.now() }
    const failingMailer = Layer.succeed(
      Mailer,
      Mailer.of({ send: () => Effect.fail(new MailDeliveryFailed({ reason: "ECONNREFUSED" })) }),
    )
    const slowTable = Layer.succeed(
      ShippingQuoteSources,
      ShippingQuoteSources.of({
        sources: [
          {
            name: "Tabela oficial",
            quote: () =>
              Effect.sync(() => {
                elapsed += 4_500
                return []
              }),
          },
        ],
      }),
    )
    // One server instance: its own recorder and writer over the shared database.
    const instance = () =>
      Layer.mergeAll(
        MeasuredMailerLayer(clock).pipe(Layer.provide(failingMailer)),
        MeasuredShippingSourcesLayer(clock).pipe(Layer.provide(slowTable)),
        SystemClockLayer,
      ).pipe(
        Layer.provideMerge(
          PostgresServiceHealthLayer(new HealthRecorder(), { readCacheMs: 0 }).pipe(
            Layer.provide(Layer.succeed(Db, db)),
          ),
        ),
      )
    const traffic = Effect.gen(function* () {
      const mailer = yield* Mailer
      const { sources } = yield* ShippingQuoteSources
      for (let i = 0; i < 5; i++) {
        yield* Effect.exit(mailer.send(MESSAGE))
        for (const source of sources) yield* source.quote(QUOTE)
      }
      yield* (yield* ServiceHealthLog).flush()
    })
    for (let i = 0; i < 2; i++) await Effect.runPromise(traffic.pipe(Effect.provide(instance())))

    const status = await Effect.runPromise(getSystemStatus().pipe(Effect.provide(instance())))
    expect(labels(status)).toMatchObject({ "E-mail": "Fora do ar", "Cálculo de frete": "Lentidão" })
    expect(status.services.find((s) => s.service === "email")?.checkedAt).toBeGreaterThan(Date.now() - 60_000)

    // Both instances added to the same rows; nothing but counts and latencies is stored.
    const email = await db.db
      .selectFrom("service_health")
      .select([sql<number>`sum(calls)::int`.as("calls"), sql<number>`sum(failures)::int`.as("failures")])
      .where("service", "=", "email")
      .where("source", "=", "traffic")
      .executeTakeFirstOrThrow()
    expect(email).toEqual({ calls: 10, failures: 10 })
    const shipping = await db.db
      .selectFrom("service_health")
      .select([
        sql<number>`sum(slow_calls)::int`.as("slow"),
        sql<number>`sum(total_latency_ms)::int`.as("ms"),
      ])
      .where("service", "=", "shipping")
      .where("source", "=", "traffic")
      .executeTakeFirstOrThrow()
    expect(shipping).toEqual({ slow: 10, ms: 45_000 })
  })

  it("reads a status that the probe round already wrote from the cache for a while", async () => {
    const first = await runtime.runPromise(getSystemStatus())
    await db.db.deleteFrom("service_health").execute()
    const second = await runtime.runPromise(getSystemStatus())
    expect(labels(second)).toEqual(labels(first))
  })
})
