import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { StoreSettings, type StoreSettingsValues } from "../../application/ports/StoreSettings"
import { DEFAULT_CONVENTIONS } from "../../domain/storeConventions"
import { CatalogVersion, catalogVersionCounter } from "../catalog/CatalogVersion"
import { CachedStoreSettingsLayer } from "./PostgresStoreSettings"

const values = (supportEmail: string): StoreSettingsValues => ({
  supportEmail,
  supportHours: "9h às 18h",
  whatsappNumber: "",
  shippingOriginCep: "01310100",
  plansHiddenNames: [],
  conventions: DEFAULT_CONVENTIONS,
})

describe("CachedStoreSettingsLayer", () => {
  it("reads the settings once, and again when the catalogue version moves", async () => {
    let reads = 0
    const version = catalogVersionCounter()
    const stored = Layer.succeed(
      StoreSettings,
      StoreSettings.of({ get: () => Effect.sync(() => values(`sac${++reads}@example.com`)) }),
    )
    const layer = CachedStoreSettingsLayer(60_000).pipe(
      Layer.provide(stored),
      Layer.provide(Layer.succeed(CatalogVersion, CatalogVersion.of(version))),
    )
    const program = Effect.gen(function* () {
      const settings = yield* StoreSettings
      const first = yield* settings.get()
      const second = yield* settings.get()
      version.bump()
      const third = yield* settings.get()
      return [first, second, third].map((s) => s.supportEmail)
    })
    expect(await Effect.runPromise(program.pipe(Effect.provide(layer)))).toEqual([
      "sac1@example.com",
      "sac1@example.com",
      "sac2@example.com",
    ])
  })
})
