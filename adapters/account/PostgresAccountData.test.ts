import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AccountData } from "../../application/ports/AccountData"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { PostgresAccountDataLayer } from "./PostgresAccountData"

const databases = await testDatabases()

describe.each(databases)("a customer's contact on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await migrated(database)
    await handle.db
      .insertInto("auth_user")
      .values({
        id: "u-ana",
        name: "Ana",
        email: "ana@example.com",
        emailVerified: true,
        role: null,
        appRole: null,
      })
      .execute()
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  const contactOf = (userId: string) =>
    Effect.runPromise(
      AccountData.use((data) => data.contactOf(userId)).pipe(
        Effect.provide(PostgresAccountDataLayer.pipe(Layer.provide(Db.fromHandle(handle)))),
      ),
    )

  it("gives the e-mail address and name of an account, and null for one that does not exist", async () => {
    expect(await contactOf("u-ana")).toEqual({ email: "ana@example.com", name: "Ana" })
    expect(await contactOf("u-gone")).toBeNull()
  })
})
