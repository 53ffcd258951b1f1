import { Effect } from "effect"
import { requireStaff } from "../admin"
import { Integrations } from "../ports/Integrations"
import { SettingsEditor } from "../ports/SettingsEditor"

/** The settings screen (manage_settings): the values in force, the configured lists, which services are set up. */
export const getSettings = Effect.fn("Settings.getSettings")(function* () {
  yield* requireStaff("manage_settings")
  const { values, configured } = yield* (yield* SettingsEditor).read()
  const integrations = yield* Integrations
  return {
    values,
    configured,
    integrations: {
      mercadoPago: integrations.mercadoPago,
      melhorEnvio: integrations.melhorEnvio,
      smtp: integrations.smtp,
    },
  }
})
