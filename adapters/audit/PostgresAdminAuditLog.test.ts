import { Effect, Exit, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AdminAuditLog, type AdminChange } from "../../application/ports/AdminAuditLog"
import { OrderAuditLog } from "../../application/ports/OrderAuditLog"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { UnitOfWorkLayer } from "../db/transaction"
import { PostgresOrderAuditLogLayer } from "../fulfilment/PostgresOrderAuditLog"
import { PostgresAdminAuditLogLayer } from "./PostgresAdminAuditLog"

const databases = await testDatabases()
const admin = { kind: "admin", id: "u-admin", email: "chefe@legendarium.com.br" } as const
const moderator = { kind: "admin", id: "u-mod", email: "mod@legendarium.com.br" } as const
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`
const change = (n: number, over: Partial<AdminChange> = {}): AdminChange => ({
  id: uuid(n),
  subjectType: "coupon",
  subjectId: `coupon-${n}`,
  subjectLabel: `CUPOM${n}`,
  action: "update",
  actor: admin,
  changes: { value: { from: 10, to: 15 } },
  at: Date.parse("2026-11-20T12:00:00Z") + n * 60_000,
  ...over,
})

describe.each(databases)("admin audit log on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let layer: Layer.Layer<AdminAuditLog | OrderAuditLog | UnitOfWork>
  const run = <A, E>(effect: Effect.Effect<A, E, AdminAuditLog | OrderAuditLog | UnitOfWork>) =>
    Effect.runPromiseExit(Effect.provide(effect, layer))
  const browse = (query: Partial<Parameters<AdminAuditLog["Service"]["browse"]>[0]> = {}) =>
    run(AdminAuditLog.use((log) => log.browse({ page: 1, pageSize: 10, ...query }))).then((exit) => {
      if (Exit.isFailure(exit)) throw new Error("browse failed")
      return exit.value
    })

  beforeAll(async () => {
    handle = await migrated(database)
    layer = Layer.mergeAll(PostgresAdminAuditLogLayer, PostgresOrderAuditLogLayer, UnitOfWorkLayer).pipe(
      Layer.provide(Db.fromHandle(handle)),
    )
    for (const n of [1, 2, 3]) await run(AdminAuditLog.use((log) => log.record(change(n))))
    await run(
      AdminAuditLog.use((log) =>
        log.record(change(4, { subjectType: "user", subjectLabel: "ana@example.com", actor: moderator })),
      ),
    )
    await run(
      OrderAuditLog.use((log) =>
        log.recordPlanChange({
          id: uuid(5),
          planId: "quarterly",
          action: "update_plan",
          actor: admin,
          actionKey: "plan-edit-1",
          details: { price: { from: 72990, to: 69990 } },
          at: Date.parse("2026-11-21T12:00:00Z"),
        }),
      ),
    )
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("lists both logs newest first, with the changed fields", async () => {
    const page = await browse()
    expect(page.total).toBe(5)
    expect(page.rows.map((r) => r.id)).toEqual([uuid(5), uuid(4), uuid(3), uuid(2), uuid(1)])
    expect(page.rows[0]).toMatchObject({
      subjectType: "plan",
      subjectId: "quarterly",
      changes: { price: { from: 72990, to: 69990 } },
    })
    expect(page.rows[4]).toMatchObject({ subjectLabel: "CUPOM1", actor: admin, changes: change(1).changes })
  })

  it("filters by kind, by the actor's e-mail or the subject, and by São Paulo days; pages", async () => {
    expect((await browse({ subjectType: "user" })).rows.map((r) => r.id)).toEqual([uuid(4)])
    expect((await browse({ search: "MOD@" })).rows.map((r) => r.id)).toEqual([uuid(4)])
    expect((await browse({ search: "cupom2" })).rows.map((r) => r.id)).toEqual([uuid(2)])
    // A search is text, never a pattern: '%' matches only a '%'.
    expect((await browse({ search: "%" })).total).toBe(0)
    expect((await browse({ from: Date.parse("2026-11-21T03:00:00Z") })).total).toBe(1)
    const second = await browse({ page: 2, pageSize: 2 })
    expect(second).toMatchObject({ total: 5, rows: [{ id: uuid(3) }, { id: uuid(2) }] })
  })

  it("writes nothing when the change it describes rolls back", async () => {
    await run(
      UnitOfWork.use((uow) =>
        uow.atomically(
          Effect.gen(function* () {
            yield* AdminAuditLog.use((log) => log.record(change(9)))
            return yield* Effect.fail("refused")
          }),
        ),
      ),
    )
    expect((await browse()).total).toBe(5)
  })
})
