import { z } from "zod"
import { getSettings } from "../../../application/settings/getSettings"
import { importShippingTable } from "../../../application/settings/importShippingTable"
import { saveSettings } from "../../../application/settings/saveSettings"
import { router } from "../init"
import { permissionProcedure } from "../procedures"

/** Settings are administrators' only (spec 000 §6 manage_settings); the use cases check it again. */
const manageSettings = permissionProcedure("manage_settings")

// Shapes and sizes only: the rules are domain/storeSettings.ts's, the same on the form.
const list = z.array(z.string().max(320)).max(100)
const settings = z.object({
  supportEmail: z.string().max(320),
  supportHours: z.string().max(300),
  whatsappNumber: z.string().max(40),
  shippingOriginCep: z.string().max(20),
  plansHiddenNames: list,
  adminEmails: list,
  moderatorEmails: list,
})

/** The request body limit of the API (64 KB) bounds the file; this keeps the text itself under it. */
export const SHIPPING_CSV_MAX_CHARS = 60_000

export const adminSettingsRouter = router({
  get: manageSettings.query(({ ctx }) => ctx.run(getSettings())),
  save: manageSettings.input(settings).mutation(({ ctx, input }) => ctx.run(saveSettings(input))),
  importShippingTable: manageSettings
    .input(z.object({ csv: z.string().min(1).max(SHIPPING_CSV_MAX_CHARS) }))
    .mutation(({ ctx, input }) => ctx.run(importShippingTable(input.csv))),
})
