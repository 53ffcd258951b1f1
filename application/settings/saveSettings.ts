import { Effect } from "effect"
import { conventionsForAudit } from "../../domain/storeConventions"
import { type EditableSettings, mergeRoleLists, validateSettings } from "../../domain/storeSettings"
import { recordAdminChange, requireStaff } from "../admin"
import { InvalidInput } from "../errors"
import { CatalogChanges } from "../ports/CatalogChanges"
import { SettingsEditor } from "../ports/SettingsEditor"
import { UnitOfWork } from "../ports/UnitOfWork"
import { UserAccounts } from "../ports/UserAccounts"
import { activeAdminIds } from "../users"

/** The conventions flattened for the audit log, so each one is its own line there. */
const audited = ({ conventions, ...rest }: EditableSettings) => ({
  ...rest,
  ...conventionsForAudit(conventions),
})

export const LAST_ADMIN_LIST_MESSAGE =
  "Não é possível salvar: a loja ficaria sem nenhum administrador. Mantenha ao menos um."

/**
 * Saves the settings screen, validated by the same rules as the form. Every cache of them (the footer's, the
 * role lists every request resolves against) drops when the transaction commits, and the change is logged.
 * Shrinking the admin list is one more way to lose the last administrator: refused under the roles lock.
 */
export const saveSettings = Effect.fn("Settings.saveSettings")(function* (input: EditableSettings) {
  const actor = yield* requireStaff("manage_settings")
  const checked = validateSettings(input)
  if (!checked.ok) return yield* new InvalidInput({ message: Object.values(checked.errors)[0] ?? "" })
  const editor = yield* SettingsEditor
  const accounts = yield* UserAccounts
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      yield* accounts.lockRoles()
      const { values: before, configured } = yield* editor.read()
      const lists = mergeRoleLists(configured, checked.settings)
      if (activeAdminIds(yield* accounts.adminCandidates(lists.adminEmails), lists).length === 0)
        return yield* new InvalidInput({ message: LAST_ADMIN_LIST_MESSAGE })
      yield* editor.save(checked.settings)
      yield* (yield* CatalogChanges).announce()
      yield* recordAdminChange({
        actor,
        subjectType: "settings",
        subjectId: "store",
        subjectLabel: "Loja",
        action: "update_settings",
        before: audited(before),
        after: audited(checked.settings),
      })
      return checked.settings
    }),
  )
})
