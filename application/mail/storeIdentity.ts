import { Effect } from "effect"
import { StoreSettings } from "../ports/StoreSettings"
import { StoreSite } from "../ports/StoreSite"
import type { StoreIdentity } from "./templates"

/** Who is writing: the store's name and address, and how to reach a person, as the settings say today. */
export const storeIdentity = Effect.gen(function* () {
  const site = yield* StoreSite
  const settings = yield* (yield* StoreSettings).get()
  return {
    name: site.name,
    publicUrl: site.publicUrl,
    supportEmail: settings.supportEmail,
    supportHours: settings.supportHours,
  } satisfies StoreIdentity
})
