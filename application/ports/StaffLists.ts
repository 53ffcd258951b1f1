import { Context, type Effect } from "effect"
import type { RoleLists } from "../../domain/accounts/roles"

/**
 * The admin and moderator e-mail lists role resolution reads (spec 000 §6): the configured ones plus those saved
 * on the settings screen. Its own port, apart from StoreSettings, because those values are public (the footer)
 * and these are not.
 */
export class StaffLists extends Context.Service<StaffLists, { get(): Effect.Effect<RoleLists> }>()(
  "store/application/StaffLists",
) {}
