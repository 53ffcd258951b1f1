import { Effect, Layer } from "effect"
import { SettingsEditor } from "../../application/ports/SettingsEditor"
import { StaffLists } from "../../application/ports/StaffLists"
import type { ConfiguredSettings } from "../../application/ports/StoreSettings"
import type { RoleLists } from "../../domain/accounts/roles"
import { CONVENTIONS_SETTINGS_KEY, conventionsFrom, conventionsToStored } from "../../domain/storeConventions"
import { type EditableSettings, mergeRoleLists } from "../../domain/storeSettings"
import { readCache } from "../cache/readCache"
import { CatalogVersion } from "../catalog/CatalogVersion"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

/** The store_settings key of each field; the first five are the ones PostgresStoreSettings reads. */
const KEYS: Record<Exclude<keyof EditableSettings, "conventions">, string> = {
  supportEmail: "support_email",
  supportHours: "support_hours",
  whatsappNumber: "whatsapp_number",
  shippingOriginCep: "shipping_origin_cep",
  plansHiddenNames: "plans_hidden_names",
  adminEmails: "admin_emails",
  moderatorEmails: "moderator_emails",
}

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((x): x is string => typeof x === "string") : null

const readStored = (db: Db["Service"]["db"]) =>
  withExecutor(db, (executor) =>
    executor.selectFrom("store_settings").select(["key", "value"]).execute(),
  ).pipe(Effect.map((rows) => new Map(rows.map((r) => [r.key, r.value as unknown]))))

const savedLists = (stored: Map<string, unknown>): RoleLists => ({
  adminEmails: strings(stored.get(KEYS.adminEmails)) ?? [],
  moderatorEmails: strings(stored.get(KEYS.moderatorEmails)) ?? [],
})

/** The settings screen's reads and writes; `defaults` are the configured values the saved ones replace. */
export const PostgresSettingsEditorLayer = (defaults: ConfiguredSettings, configured: RoleLists) =>
  Layer.effect(
    SettingsEditor,
    Effect.gen(function* () {
      const { db } = yield* Db
      return SettingsEditor.of({
        read: () =>
          readStored(db).pipe(
            Effect.map((stored) => {
              const text = (k: keyof ConfiguredSettings & keyof EditableSettings) => {
                const v = stored.get(KEYS[k])
                return typeof v === "string" && v.length > 0 ? v : (defaults[k] as string)
              }
              return {
                values: {
                  supportEmail: text("supportEmail"),
                  supportHours: text("supportHours"),
                  whatsappNumber: text("whatsappNumber"),
                  shippingOriginCep: text("shippingOriginCep"),
                  plansHiddenNames: strings(stored.get(KEYS.plansHiddenNames)) ?? defaults.plansHiddenNames,
                  ...savedLists(stored),
                  conventions: conventionsFrom(stored.get(CONVENTIONS_SETTINGS_KEY)),
                },
                configured,
              }
            }),
          ),
        save: (values) =>
          withExecutor(db, (executor) =>
            executor
              .insertInto("store_settings")
              .values([
                ...Object.entries(KEYS).map(([field, key]) => ({
                  key,
                  value: JSON.stringify(values[field as keyof typeof KEYS]),
                })),
                {
                  key: CONVENTIONS_SETTINGS_KEY,
                  value: JSON.stringify(conventionsToStored(values.conventions)),
                },
              ])
              .onConflict((oc) => oc.column("key").doUpdateSet((eb) => ({ value: eb.ref("excluded.value") })))
              .execute(),
          ).pipe(Effect.asVoid),
      })
    }),
  )

/**
 * The role lists every request's viewer resolves against: configured plus saved, kept in memory for `ttlMs`
 * and dropped the moment the catalogue version moves (saving settings announces a catalogue change), so a
 * promotion on the settings screen holds from the next request on, on every instance.
 */
export const StaffListsLayer = (configured: RoleLists, ttlMs: number) =>
  Layer.effect(
    StaffLists,
    Effect.gen(function* () {
      const { db } = yield* Db
      const read = () =>
        readStored(db).pipe(Effect.map((stored) => mergeRoleLists(configured, savedLists(stored))))
      if (ttlMs <= 0) return StaffLists.of({ get: read })
      const cached = readCache(ttlMs, Date.now, (yield* CatalogVersion).current)
      return StaffLists.of({ get: cached("get", read) })
    }),
  )
