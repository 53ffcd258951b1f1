import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import {
  MAX_FAILURES_PER_ADDRESS,
  MAX_FAILURES_PER_PAIR,
  SIGN_IN_WINDOW_MS,
} from "../../domain/accounts/signInThrottle"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { signInThrottle } from "./signInThrottle"

const databases = await testDatabases()

describe.each(databases)("sign-in throttle on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let now = Date.UTC(2026, 10, 21, 12)
  beforeAll(async () => {
    handle = await migrated(database)
  })
  beforeEach(async () => {
    await handle.db.deleteFrom("auth_sign_in_failures").execute()
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("blocks one account from one address after 10 failures, until the window passes", async () => {
    const throttle = signInThrottle(handle.db, () => now)
    for (let i = 0; i < MAX_FAILURES_PER_PAIR - 1; i++)
      await throttle.recordFailure("ana@example.com", "10.0.0.1")
    expect(await throttle.isBlocked("ana@example.com", "10.0.0.1")).toBe(false)
    await throttle.recordFailure("ana@example.com", "10.0.0.1")
    expect(await throttle.isBlocked("ana@example.com", "10.0.0.1")).toBe(true)
    now += SIGN_IN_WINDOW_MS + 1
    expect(await throttle.isBlocked("ana@example.com", "10.0.0.1")).toBe(false)
  })

  it("does not lock the owner out when others fail the account's password from many addresses", async () => {
    const throttle = signInThrottle(handle.db, () => now)
    for (let i = 0; i < 40; i++) await throttle.recordFailure("ana@example.com", `203.0.113.${i}`)
    expect(await throttle.isBlocked("ana@example.com", "198.51.100.1")).toBe(false)
    // …but every further attempt on the account is slowed, from anywhere.
    expect(await throttle.delayFor("ana@example.com")).toBe(8_000)
    expect(await throttle.delayFor("bia@example.com")).toBe(0)
    // A reset by e-mail (or a successful sign-in) clears the slate.
    await throttle.clear("ana@example.com")
    expect(await throttle.delayFor("ana@example.com")).toBe(0)
  })

  it("blocks an address that tries many accounts", async () => {
    const throttle = signInThrottle(handle.db, () => now)
    for (let i = 0; i < MAX_FAILURES_PER_ADDRESS; i++)
      await throttle.recordFailure(`vitima${i}@example.com`, "203.0.113.7")
    expect(await throttle.isBlocked("outra@example.com", "203.0.113.7")).toBe(true)
    expect(await throttle.isBlocked("outra@example.com", "198.51.100.1")).toBe(false)
  })
})
