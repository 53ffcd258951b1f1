import { Effect, Exit, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Clock } from "../../application/ports/Clock"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { StaffLists } from "../../application/ports/StaffLists"
import { UserAccounts } from "../../application/ports/UserAccounts"
import { changeUserRole } from "../../application/users/changeUserRole"
import { USER_ADMIN_MESSAGES } from "../../domain/accounts/userAdmin"
import { sequentialIds } from "../../tests/fakes/inMemoryOrders"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import { PostgresAdminAuditLogLayer } from "../audit/PostgresAdminAuditLog"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { UnitOfWorkLayer } from "../db/transaction"
import { PostgresUserAccountsLayer } from "./PostgresUserAccounts"

const databases = await testDatabases()
const viewer = (id: string, email: string): Viewer => ({
  id,
  email,
  name: id,
  role: "admin",
  emailVerified: true,
})

describe.each(databases)("user accounts on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  const layer = () =>
    Layer.mergeAll(
      PostgresUserAccountsLayer,
      UnitOfWorkLayer,
      PostgresAdminAuditLogLayer,
      sequentialIds(),
      Layer.succeed(Clock, Clock.of({ now: () => Effect.succeed(Date.UTC(2026, 10, 20)) })),
      Layer.succeed(
        StaffLists,
        StaffLists.of({ get: () => Effect.succeed({ adminEmails: [], moderatorEmails: [] }) }),
      ),
    ).pipe(Layer.provide(Db.fromHandle(handle)))
  const run = <A, E>(effect: Effect.Effect<A, E, never>) => Effect.runPromiseExit(effect)
  const as = <A, E, R>(effect: Effect.Effect<A, E, R>, who: Viewer | null = null) =>
    run(
      effect.pipe(
        Effect.provideService(CurrentUser, CurrentUser.of({ viewer: who })),
        Effect.provide(layer()),
      ) as Effect.Effect<A, E, never>,
    )
  const accounts = <A>(f: (a: UserAccounts["Service"]) => Effect.Effect<A>) =>
    as(UserAccounts.use(f)).then((exit) => {
      if (Exit.isFailure(exit)) throw new Error("adapter call failed")
      return exit.value
    })

  beforeAll(async () => {
    handle = await migrated(database)
    await handle.db
      .insertInto("auth_user")
      .values([
        {
          id: "a1",
          name: "Alice",
          email: "alice@example.com",
          emailVerified: true,
          role: "admin",
          createdAt: "2026-11-01T10:00:00Z",
        },
        {
          id: "a2",
          name: "Bruno",
          email: "bruno@example.com",
          emailVerified: true,
          role: "admin",
          createdAt: "2026-11-02T10:00:00Z",
        },
        {
          id: "c1",
          name: "Carla_100%",
          email: "carla@example.com",
          emailVerified: false,
          createdAt: "2026-11-03T10:00:00Z",
        },
      ])
      .execute()
    await handle.db
      .insertInto("auth_session")
      .values({
        id: "s1",
        token: "t1",
        userId: "c1",
        expiresAt: "2027-01-01T00:00:00Z",
        createdAt: "2026-11-03T10:00:00Z",
        updatedAt: "2026-11-03T10:00:00Z",
        ipAddress: null,
        userAgent: null,
      })
      .execute()
  }, 60_000)
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("searches e-mail and name as text, sorts and pages on the server", async () => {
    const page = await accounts((a) => a.list({ sort: "created_desc", page: 1, pageSize: 10 }))
    expect(page.total).toBe(3)
    expect(page.rows.map((r) => r.id)).toEqual(["c1", "a2", "a1"])
    expect(
      (await accounts((a) => a.list({ search: "BRUNO", sort: "email_asc", page: 1, pageSize: 10 }))).rows,
    ).toHaveLength(1)
    expect(
      (await accounts((a) => a.list({ search: "%", sort: "email_asc", page: 1, pageSize: 10 }))).rows.map(
        (r) => r.id,
      ),
    ).toEqual(["c1"])
    const second = await accounts((a) => a.list({ sort: "name_asc", page: 2, pageSize: 2 }))
    expect(second.rows.map((r) => r.id)).toEqual(["c1"])
  })

  it("blocking ends the account's sessions", async () => {
    await accounts((a) => a.setBlocked("c1", Date.UTC(2026, 10, 20)))
    expect((await accounts((a) => a.find("c1")))?.blockedAt).toBe(Date.UTC(2026, 10, 20))
    expect(
      await handle.db.selectFrom("auth_session").select("id").where("userId", "=", "c1").execute(),
    ).toEqual([])
    await accounts((a) => a.setBlocked("c1", null))
    expect((await accounts((a) => a.find("c1")))?.blockedAt).toBeNull()
  })

  it("two administrators demoting each other at once leave one administrator", async () => {
    const [first, second] = await Promise.all([
      as(changeUserRole("a2", "user"), viewer("a1", "alice@example.com")),
      as(changeUserRole("a1", "user"), viewer("a2", "bruno@example.com")),
    ])
    const outcomes = [first, second].map((exit) => Exit.isSuccess(exit))
    expect(outcomes.filter(Boolean)).toHaveLength(1)
    const refused = Exit.isFailure(first) ? first : second
    expect(JSON.stringify(refused)).toContain(USER_ADMIN_MESSAGES.lastAdminRole)
    const admins = await handle.db.selectFrom("auth_user").select("id").where("role", "=", "admin").execute()
    expect(admins).toHaveLength(1)
  })
})
