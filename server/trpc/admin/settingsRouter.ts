import { z } from "zod"
import { getSettings, importShippingTable, saveSettings } from "../../../application/settings"
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
  conventions: z.object({
    priceTerms: z.object({
      pixDiscountBasisPoints: z.number(),
      interestFreeInstallments: z.number(),
      minInstallmentCents: z.number(),
    }),
    coinTerms: z.object({ centsPerCoin: z.number(), maxPercentOfOrder: z.number() }),
    purchaseWindowHours: z.number(),
  }),
})

export const adminSettingsRouter = router({
  get: manageSettings.query(({ ctx }) => ctx.run(getSettings())),
  save: manageSettings.input(settings).mutation(({ ctx, input }) => ctx.run(saveSettings(input))),
  /**
   * Reached only in-process from the multipart route (server/http/adminShippingTableUpload.ts), which bounds the
   * file: JSON over /api/trpc cannot carry a Uint8Array, so the 64 KB body limit of the RPC endpoint stays.
   * Decoded as the browser's `File.text()` would: UTF-8, a leading BOM dropped.
   */
  importShippingTable: manageSettings
    .input(z.object({ bytes: z.instanceof(Uint8Array) }))
    .mutation(({ ctx, input }) => ctx.run(importShippingTable(new TextDecoder().decode(input.bytes)))),
})
