import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { PersonalData } from "../../application/ports/PersonalData"
import { domainEvent } from "../../domain/events"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { PostgresEventOutboxLayer } from "../events/PostgresOutbox"
import { PostgresPersonalDataLayer } from "./PostgresPersonalData"

const databases = await testDatabases()

describe.each(databases)("forgetting a deleted account on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await migrated(database)
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("blanks the person's events and removes their address from the e-mail logs, and no one else's", async () => {
    const layer = Layer.mergeAll(PostgresEventOutboxLayer, PostgresPersonalDataLayer).pipe(
      Layer.provide(Db.fromHandle(handle)),
    )
    const ana = { userId: "u-ana", email: "Ana@Example.com", name: "Ana" }
    const bia = { userId: "u-bia", email: "bia@example.com", name: "Bia" }
    await Effect.runPromise(
      EventOutbox.use((o) =>
        o.record([
          domainEvent("UserRegistered", ana.userId, ana),
          domainEvent("PasswordChanged", ana.userId, { ...ana, at: 0 }),
          domainEvent("UserRegistered", bia.userId, bia),
          domainEvent("AccountDeleted", ana.userId, { userId: ana.userId }),
        ]),
      ).pipe(Effect.provide(layer)),
    )
    for (const recipient of ["ana@example.com", "bia@example.com"]) {
      await handle.db
        .insertInto("sent_emails")
        .values({ event_id: recipient, template: "welcome", recipient, subject: "Oi", status: "sent" })
        .execute()
      await handle.db
        .insertInto("dev_mailbox")
        .values({ recipient, subject: "Oi", html: "", text: "" })
        .execute()
    }

    await Effect.runPromise(PersonalData.use((p) => p.forget(ana.userId)).pipe(Effect.provide(layer)))

    const events = await handle.db
      .selectFrom("outbox_events")
      .select(["type", "aggregate_id", "payload", "status"])
      .orderBy("id")
      .execute()
    expect(events.map((e) => [e.type, e.status])).toEqual([
      ["UserRegistered", "done"],
      ["PasswordChanged", "done"],
      ["UserRegistered", "pending"],
      ["AccountDeleted", "pending"],
    ])
    expect(JSON.stringify(events.filter((e) => e.aggregate_id === ana.userId))).not.toMatch(/ana@|"Ana"/i)
    expect(events[2]!.payload).toEqual(bia)
    const log = await handle.db.selectFrom("sent_emails").select("recipient").orderBy("recipient").execute()
    expect(log.map((r) => r.recipient)).toEqual(["[removido]", "bia@example.com"])
    const kept = await sql<{ recipient: string }>`select recipient from dev_mailbox`.execute(handle.db)
    expect(kept.rows.map((r) => r.recipient)).toEqual(["bia@example.com"])
  })
})
