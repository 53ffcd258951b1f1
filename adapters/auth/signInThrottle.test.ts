import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { MAX_SIGN_IN_FAILURES, SIGN_IN_WINDOW_MS, signInThrottle } from "./signInThrottle"

const databases = await testDatabases()

describe.each(databases)("sign-in throttle on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let now = Date.UTC(2026, 10, 21, 12)
  beforeAll(async () => {
    handle = await migrated(database)
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("blocks an account after 10 failures in 15 minutes, from any address, until the window passes", async () => {
    const throttle = signInThrottle(handle.db, () => now)
    for (let i = 0; i < MAX_SIGN_IN_FAILURES - 1; i++)
      await throttle.recordFailure("ana@example.com", `10.0.0.${i}`)
    expect(await throttle.isBlocked("ana@example.com", "10.9.9.9")).toBe(false)
    await throttle.recordFailure("ana@example.com", "10.0.0.99")
    expect(await throttle.isBlocked("ana@example.com", "10.9.9.9")).toBe(true)
    now += SIGN_IN_WINDOW_MS + 1
    expect(await throttle.isBlocked("ana@example.com", "10.9.9.9")).toBe(false)
  })

  it("blocks an address that tries many accounts, and a success clears the account", async () => {
    const throttle = signInThrottle(handle.db, () => now)
    for (let i = 0; i < MAX_SIGN_IN_FAILURES; i++)
      await throttle.recordFailure(`vitima${i}@example.com`, "203.0.113.7")
    expect(await throttle.isBlocked("outra@example.com", "203.0.113.7")).toBe(true)
    expect(await throttle.isBlocked("outra@example.com", "198.51.100.1")).toBe(false)
    await throttle.clear("vitima0@example.com")
    const left = await handle.db
      .selectFrom("auth_sign_in_failures")
      .select("email")
      .where("email", "=", "vitima0@example.com")
      .execute()
    expect(left).toEqual([])
  })
})
