import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SettingsEditor } from "../../application/ports/SettingsEditor"
import { StoreSettings } from "../../application/ports/StoreSettings"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import { DEFAULT_CONVENTIONS } from "../../domain/storeConventions"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { UnitOfWorkLayer } from "../db/transaction"
import { PostgresSettingsEditorLayer } from "./PostgresSettingsEditor"
import { PostgresStoreSettingsLayer } from "./PostgresStoreSettings"

const DEFAULTS = {
  supportEmail: "contato@example.com",
  supportHours: "9h às 18h",
  whatsappNumber: "5511999990000",
  shippingOriginCep: "01001000",
  plansHiddenNames: [] as string[],
}
const LISTS = { adminEmails: ["chefe@example.com"], moderatorEmails: [] }

const databases = await testDatabases()

describe.each(databases)("the settings editor on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let layer: Layer.Layer<SettingsEditor | StoreSettings>
  const run = <A>(effect: Effect.Effect<A, never, SettingsEditor | StoreSettings>) =>
    Effect.runPromise(Effect.provide(effect, layer))

  beforeAll(async () => {
    handle = await migrated(database)
    layer = Layer.mergeAll(
      PostgresSettingsEditorLayer(DEFAULTS, LISTS),
      PostgresStoreSettingsLayer(DEFAULTS),
    ).pipe(Layer.provide(Db.fromHandle(handle)))
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("saves the conventions with the other settings, and the storefront reads them", async () => {
    const { values } = await run(SettingsEditor.use((e) => e.read()))
    expect(values.conventions).toEqual(DEFAULT_CONVENTIONS)
    const conventions = {
      priceTerms: { pixDiscountBasisPoints: 750, interestFreeInstallments: 6, minInstallmentCents: 1000 },
      coinTerms: { centsPerCoin: 5, maxPercentOfOrder: 15 },
      purchaseWindowHours: 24,
    }
    await run(SettingsEditor.use((e) => e.save({ ...values, conventions })))
    expect((await run(SettingsEditor.use((e) => e.read()))).values.conventions).toEqual(conventions)
    expect((await run(StoreSettings.use((s) => s.get()))).conventions).toEqual(conventions)
  })

  it("reads inside a unit of work on its connection (the embedded database has only one)", async () => {
    const read = Effect.gen(function* () {
      return yield* (yield* UnitOfWork).atomically(StoreSettings.use((s) => s.get()))
    }).pipe(
      Effect.provide(UnitOfWorkLayer),
      Effect.provide(Db.fromHandle(handle)),
      Effect.timeout("5 seconds"),
    )
    // Before the fix the read waited for the transaction it was in: a timeout, not settings.
    expect((await run(Effect.orDie(read))).conventions).toBeDefined()
  })

  it("falls back to the default of a stored convention out of bounds", async () => {
    await handle.db
      .updateTable("store_settings")
      .set({ value: JSON.stringify({ pixDiscountBasisPoints: 9000, purchaseWindowHours: 12 }) })
      .where("key", "=", "conventions")
      .execute()
    const { conventions } = await run(StoreSettings.use((s) => s.get()))
    expect(conventions.priceTerms.pixDiscountBasisPoints).toBe(
      DEFAULT_CONVENTIONS.priceTerms.pixDiscountBasisPoints,
    )
    expect(conventions.purchaseWindowHours).toBe(12)
  })
})
