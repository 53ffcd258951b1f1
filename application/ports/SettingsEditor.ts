import { Context, type Effect } from "effect"
import type { RoleLists } from "../../domain/accounts/roles"
import type { EditableSettings } from "../../domain/storeSettings"

/** The settings screen's side of the store settings: what it shows and what it saves. */
export class SettingsEditor extends Context.Service<
  SettingsEditor,
  {
    /**
     * The values in force (saved, else configured) with the lists saved on the screen only; `configured` are
     * the environment's lists, which the screen shows but cannot remove.
     */
    read(): Effect.Effect<{ values: EditableSettings; configured: RoleLists }>
    /** Saves every value; announce the change (CatalogChanges) in the same unit of work so caches drop. */
    save(values: EditableSettings): Effect.Effect<void>
  }
>()("store/application/SettingsEditor") {}
