import { Effect, Layer } from "effect"
import {
  type ConfiguredSettings,
  StoreSettings,
  type StoreSettingsValues,
} from "../../application/ports/StoreSettings"
import { CONVENTIONS_SETTINGS_KEY, conventionsFrom } from "../../domain/storeConventions"
import { readCache } from "../cache/readCache"
import { CatalogVersion } from "../catalog/CatalogVersion"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

const KEYS: Record<keyof ConfiguredSettings, string> = {
  supportEmail: "support_email",
  supportHours: "support_hours",
  whatsappNumber: "whatsapp_number",
  shippingOriginCep: "shipping_origin_cep",
  plansHiddenNames: "plans_hidden_names",
}

/** Values saved on the admin settings screen win over the configured defaults. */
export const PostgresStoreSettingsLayer = (defaults: ConfiguredSettings) =>
  Layer.effect(
    StoreSettings,
    Effect.gen(function* () {
      const { db } = yield* Db
      return StoreSettings.of({
        get: () =>
          // In the ambient transaction when there is one: a unit of work that reads the settings (a freed unit's
          // purchase window) must not wait on its own connection, the only one of the embedded database.
          withExecutor(db, (executor) =>
            executor.selectFrom("store_settings").select(["key", "value"]).execute(),
          ).pipe(
            Effect.map((rows) => {
              const stored = new Map(rows.map((r) => [r.key, r.value]))
              const pick = <K extends keyof ConfiguredSettings>(k: K): ConfiguredSettings[K] => {
                const v = stored.get(KEYS[k])
                const fallback = defaults[k]
                if (Array.isArray(fallback))
                  return (
                    Array.isArray(v) ? v.filter((x) => typeof x === "string") : fallback
                  ) as ConfiguredSettings[K]
                return (typeof v === "string" && v.length > 0 ? v : fallback) as ConfiguredSettings[K]
              }
              return {
                supportEmail: pick("supportEmail"),
                supportHours: pick("supportHours"),
                whatsappNumber: pick("whatsappNumber"),
                shippingOriginCep: pick("shippingOriginCep"),
                plansHiddenNames: pick("plansHiddenNames"),
                conventions: conventionsFrom(stored.get(CONVENTIONS_SETTINGS_KEY)),
              } satisfies StoreSettingsValues
            }),
          ),
      })
    }),
  )

/**
 * Keeps the settings in memory like the catalogue (they change about as rarely, and every checkout and e-mail
 * reads them): for `ttlMs`, and dropped at once when the catalogue version moves, so whatever saves settings
 * announces it as a catalogue change (CatalogChanges) to be seen by every instance without waiting.
 */
export const CachedStoreSettingsLayer = (ttlMs: number) =>
  Layer.effect(
    StoreSettings,
    Effect.gen(function* () {
      const inner = yield* StoreSettings
      const cached = readCache(ttlMs, Date.now, (yield* CatalogVersion).current)
      return StoreSettings.of({ get: cached("get", inner.get) })
    }),
  )
