import { afterAll, describe, expect, it } from "vitest"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { dbRateLimiter } from "./dbRateLimit"

const databases = await testDatabases()

describe.each(databases)("the database rate limiter on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle | undefined
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("counts a key's first hits arriving together (a double click) without an error, then refuses past max", async () => {
    handle = await migrated(database)
    const limit = dbRateLimiter(handle.db)
    // Many keys, each hit first by several requests at once: the race is a matter of microseconds.
    const keys = Array.from({ length: 40 }, (_, i) => `orders:race-${i}`)
    const answers = await Promise.all(
      keys.flatMap((key) => Array.from({ length: 3 }, () => limit(key, 2, 60_000))),
    )
    expect(answers.filter(Boolean)).toHaveLength(keys.length * 2)
    expect(await limit(keys[0]!, 2, 60_000)).toBe(false)
  })
})
