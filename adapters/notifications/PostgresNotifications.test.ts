import { Effect, Exit, Layer } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminPaymentQueries } from "../../application/ports/AdminPaymentQueries"
import { type Announcement, Announcements } from "../../application/ports/Announcements"
import { EmailLog } from "../../application/ports/EmailLog"
import { Housekeeping } from "../../application/ports/Housekeeping"
import { WebhookReceipts } from "../../application/ports/WebhookReceipts"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { PostgresHousekeepingLayer, WEBHOOK_RECEIPTS_KEPT_MS } from "../housekeeping/PostgresHousekeeping"
import { PostgresEmailLogLayer } from "../mail/PostgresEmailLog"
import { PostgresAdminPaymentQueriesLayer } from "../payments/PostgresAdminPaymentQueries"
import { PostgresWebhookReceiptsLayer } from "../payments/PostgresWebhookReceipts"
import { PostgresAnnouncementsLayer } from "./PostgresAnnouncements"

const databases = await testDatabases()
const NOW = Date.parse("2026-11-27T12:00:00Z")
const ANIME = "c0000000-0000-4000-8000-000000000001"
const uuid = (n: number) => `a0000000-0000-4000-8000-${String(n).padStart(12, "0")}`
const announcement = (n: number, over: Partial<Announcement> = {}): Announcement => ({
  id: uuid(n),
  title: `Aviso ${n}`,
  message: "Domingo, das 2h às 4h.",
  actionUrl: "https://loja.example/colecoes",
  audience: { kind: "all" },
  createdBy: "u-admin",
  createdAt: NOW + n,
  recipientCount: null,
  ...over,
})
const receipt = (over: Partial<Parameters<WebhookReceipts["Service"]["record"]>[0]> = {}) => ({
  topic: "payment",
  dataId: "123",
  requestId: "req-1",
  signatureValid: true,
  outcome: "applied" as const,
  reason: null,
  receivedAt: NOW,
  ...over,
})

type Ports = Announcements | EmailLog | WebhookReceipts | AdminPaymentQueries | Housekeeping

describe.each(databases)("notifications and payments adapters on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let layer: Layer.Layer<Ports>
  const ok = async <A, E>(effect: Effect.Effect<A, E, Ports>) => {
    const exit = await Effect.runPromiseExit(Effect.provide(effect, layer))
    if (Exit.isFailure(exit)) throw new Error(String(exit.cause))
    return exit.value
  }

  beforeAll(async () => {
    handle = await migrated(database)
    layer = Layer.mergeAll(
      PostgresAnnouncementsLayer,
      PostgresEmailLogLayer,
      PostgresWebhookReceiptsLayer,
      PostgresHousekeepingLayer,
      PostgresAdminPaymentQueriesLayer,
    ).pipe(Layer.provide(Db.fromHandle(handle)))
    const db = handle.db
    for (const [id, verified] of [
      ["u-ana", true],
      ["u-bruno", true],
      ["u-carla", false],
    ] as const)
      await sql`insert into auth_user (id, name, email, "emailVerified") values (${id}, ${id}, ${`${id}@example.com`}, ${verified})`.execute(
        db,
      )
    await sql`insert into legendarium_collections (id, slug, name, description, start_date, end_date, edition_year, edition_month, image_url)
      values (${ANIME}, 'anime-test', 'Anime Legends', 'Coleção de teste', '2026-01-01', '2026-12-31', 2026, 1, '/x.jpg')`.execute(
      db,
    )
    // Carla's plan is active; Bruno's ended before now.
    await sql`insert into collection_entitlements (user_id, collection_id, kind, status, starts_at, ends_at) values
      ('u-carla', ${ANIME}, 'prepaid', 'active', ${new Date(NOW - 86_400_000)}, null),
      ('u-bruno', ${ANIME}, 'subscription', 'active', ${new Date(NOW - 2 * 86_400_000)}, ${new Date(NOW - 86_400_000)})`.execute(
      db,
    )
    for (const [n, to] of [
      [1, "ana@example.com"],
      [2, "bruno@example.com"],
      [3, "ANA.silva@example.com"],
    ] as const)
      await sql`insert into sent_emails (event_id, template, recipient, subject, status, created_at)
        values (${String(n)}, 'verification', ${to}, 'Confirme seu e-mail', 'sent', ${new Date(NOW + n)})`.execute(
        db,
      )
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("fans an announcement out to every verified account once, however often it runs", async () => {
    const a = announcement(1)
    await ok(Announcements.use((s) => s.create(a)))
    const first = await ok(Announcements.use((s) => s.fanOut(a, NOW)))
    const second = await ok(Announcements.use((s) => s.fanOut(a, NOW)))
    expect(first.reached.map((n) => n.userId).sort()).toEqual(["u-ana", "u-bruno"])
    expect(first.reached.every((n) => n.notificationId !== null && n.email)).toBe(true)
    expect(first.recipients).toBe(2)
    expect(second).toEqual({ reached: [], recipients: 2 })
    const stored = await ok(Announcements.use((s) => s.notification(first.reached[0]?.notificationId ?? "")))
    expect(stored).toMatchObject({ title: "Aviso 1", actionUrl: "https://loja.example/colecoes" })
    const row = await sql<{ type: string; n: number }>`select type, count(*)::int as n from notifications
      where announcement_id = ${a.id} group by type`.execute(handle.db)
    expect(row.rows).toEqual([{ type: "system", n: 2 }])
  })

  it("reaches a customer with the in-app list off without a notification, and says who takes e-mail", async () => {
    const db = handle.db
    await sql`insert into notification_preferences (user_id, type, in_app, email, updated_at) values
      ('u-ana', 'system', false, true, ${new Date(NOW)}),
      ('u-bruno', 'system', true, false, ${new Date(NOW)})`.execute(db)
    const a = announcement(0)
    await ok(Announcements.use((s) => s.create(a)))
    const [first, again] = await Promise.all([
      ok(Announcements.use((s) => s.fanOut(a, NOW))),
      ok(Announcements.use((s) => s.fanOut(a, NOW))),
    ])
    const reached = [...first.reached, ...again.reached].sort((x, y) => x.userId.localeCompare(y.userId))
    expect(reached).toEqual([
      { userId: "u-ana", notificationId: null, email: true },
      { userId: "u-bruno", notificationId: expect.any(String), email: false },
    ])
    expect(again.recipients).toBe(2)
    await sql`delete from notification_preferences`.execute(db)
  })

  it("gives a collection's announcement to its active entitlements only, and lists it with its name and reach", async () => {
    const a = announcement(2, { audience: { kind: "collection", collectionId: ANIME } })
    await ok(Announcements.use((s) => s.create(a)))
    const { reached } = await ok(Announcements.use((s) => s.fanOut(a, NOW)))
    expect(reached.map((n) => n.userId)).toEqual(["u-carla"])
    const list = await ok(Announcements.use((s) => s.list({ offset: 0, limit: 10 })))
    expect(list.total).toBe(3)
    expect(list.rows[0]).toMatchObject({ id: a.id, collectionName: "Anime Legends", recipientCount: 1 })
    expect(await ok(Announcements.use((s) => s.collectionName("not-a-uuid")))).toBeNull()
  })

  it("keeps a retried webhook delivery as a duplicate, and refused ones as receipts", async () => {
    expect(await ok(WebhookReceipts.use((r) => r.record(receipt())))).toBe("applied")
    expect(await ok(WebhookReceipts.use((r) => r.record(receipt())))).toBe("duplicate")
    expect(await ok(WebhookReceipts.use((r) => r.record(receipt({ requestId: "req-2" }))))).toBe("applied")
    await ok(
      WebhookReceipts.use((r) =>
        r.record(receipt({ signatureValid: false, outcome: "refused", reason: "mismatch", requestId: null })),
      ),
    )
    const all = await ok(AdminPaymentQueries.use((q) => q.receipts(null, { offset: 0, limit: 10 })))
    expect(all.total).toBe(4)
    expect(all.rows.map((r) => r.outcome).sort()).toEqual(["applied", "applied", "duplicate", "refused"])
    const refused = await ok(AdminPaymentQueries.use((q) => q.receipts("refused", { offset: 0, limit: 10 })))
    expect(refused.rows).toEqual([expect.objectContaining({ signatureValid: false, reason: "mismatch" })])
  })

  it("keeps webhook receipts for their retention only", async () => {
    const old = NOW - WEBHOOK_RECEIPTS_KEPT_MS - 1
    await ok(
      WebhookReceipts.use((r) =>
        r.record(receipt({ receivedAt: old, requestId: null, signatureValid: false, outcome: "refused" })),
      ),
    )
    const before = await ok(AdminPaymentQueries.use((q) => q.receipts(null, { offset: 0, limit: 100 })))
    const purged = await ok(Housekeeping.use((h) => h.purgeExpired(NOW)))
    expect(purged.webhookReceipts).toBe(1)
    const after = await ok(AdminPaymentQueries.use((q) => q.receipts(null, { offset: 0, limit: 100 })))
    expect(after.total).toBe(before.total - 1)
    expect(after.rows.every((r) => r.receivedAt > old)).toBe(true)
  })

  it("lists subscription charges newest first with their collector and collection, by status", async () => {
    const sub = "5f0c6d1e-0000-4000-8000-000000000001"
    await sql`insert into subscriptions (id, user_id, collection_id, idempotency_key, plan_id, frequency_months,
        amount_cents, status, cpf, created_at, updated_at, checked_at)
      values (${sub}, 'u-ana', ${ANIME}, 'k-1', 'monthly-plan', 1, 29990, 'active', '12345678909',
        ${new Date(NOW)}, ${new Date(NOW)}, ${new Date(NOW)})`.execute(handle.db)
    for (const [id, status, at] of [
      ["ap-1", "approved", NOW - 2000],
      ["ap-2", "rejected", NOW - 1000],
    ] as const)
      await sql`insert into subscription_charges (id, subscription_id, status, status_detail, amount_cents, charged_at,
          retry_attempt, months)
        values (${id}, ${sub}, ${status}, null, 29990, ${new Date(at)}, 0, '["2026-11"]'::jsonb)`.execute(
        handle.db,
      )
    const all = await ok(
      AdminPaymentQueries.use((q) => q.subscriptionCharges(null, { offset: 0, limit: 10 })),
    )
    expect(all.total).toBe(2)
    expect(all.rows.map((r) => r.id)).toEqual(["ap-2", "ap-1"])
    expect(all.rows[0]).toMatchObject({
      customerEmail: "u-ana@example.com",
      collectionName: "Anime Legends",
      planId: "monthly-plan",
      amount: 29990,
      months: ["2026-11"],
    })
    const approved = await ok(
      AdminPaymentQueries.use((q) => q.subscriptionCharges("approved", { offset: 0, limit: 10 })),
    )
    expect(approved.rows.map((r) => r.id)).toEqual(["ap-1"])
  })

  it("browses the e-mail log newest first, by part of the recipient, a pattern being plain text", async () => {
    const all = await ok(EmailLog.use((l) => l.browse({ search: null, offset: 0, limit: 10 })))
    expect(all.rows.map((r) => r.recipient)).toEqual([
      "ANA.silva@example.com",
      "bruno@example.com",
      "ana@example.com",
    ])
    const ana = await ok(EmailLog.use((l) => l.browse({ search: "ana", offset: 0, limit: 10 })))
    expect(ana.total).toBe(2)
    expect((await ok(EmailLog.use((l) => l.browse({ search: "%", offset: 0, limit: 10 })))).total).toBe(0)
    const page2 = await ok(EmailLog.use((l) => l.browse({ search: null, offset: 2, limit: 2 })))
    expect(page2).toMatchObject({ total: 3, rows: [{ recipient: "ana@example.com" }] })
  })
})
