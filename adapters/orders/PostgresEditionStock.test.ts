import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EditionStock } from "../../application/ports/EditionStock"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresEditionStockLayer } from "./PostgresEditionStock"

const databases = await testDatabases()

describe.each(databases)("edition stock on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let product: string
  const stock = <A>(use: (s: EditionStock["Service"]) => Effect.Effect<A>) =>
    Effect.runPromise(
      EditionStock.use(use).pipe(
        Effect.provide(PostgresEditionStockLayer),
        Effect.provide(Db.fromHandle(handle)),
      ),
    )

  beforeAll(async () => {
    handle = await migrated(database)
    await seedDemoCatalog(handle.db, Date.now())
    product = (await handle.db.selectFrom("collection_products").select("id").executeTakeFirstOrThrow()).id
    await handle.db
      .updateTable("collection_products")
      .set({ edition_size: 3, edition_reserved: 0, edition_sold: 0 })
      .where("id", "=", product)
      .execute()
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("issues a cancelled unit's serial again before a new one, and never past the edition's size", async () => {
    expect(await stock((s) => s.reserve(product, 2))).toEqual({ ok: true })
    expect(await stock((s) => s.confirm(product, 2))).toEqual([1, 2])
    await stock((s) => s.returnSold(product, [1]))
    await stock((s) => s.returnSold(product, [1]))
    expect(await stock((s) => s.reserve(product, 2))).toEqual({ ok: true })
    expect(await stock((s) => s.reserve(product, 1))).toEqual({ ok: false, left: 0 })
    expect(await stock((s) => s.confirm(product, 2))).toEqual([1, 3])
    const row = await handle.db
      .selectFrom("collection_products")
      .select(["edition_sold", "edition_reserved", "edition_returned"])
      .where("id", "=", product)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ edition_sold: 3, edition_reserved: 0, edition_returned: [] })
  })
})
