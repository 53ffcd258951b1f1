import { Effect } from "effect"
import { recordAdminChange, requireStaff } from "../admin"
import { ShippingTableImport } from "../ports/ShippingTableImport"
import { UnitOfWork } from "../ports/UnitOfWork"

/**
 * The settings screen's shipping-table upload: the CSV becomes the whole table, or nothing changes and the
 * bad lines are listed. The log keeps how many rows came in, not the file.
 */
export const importShippingTable = Effect.fn("Settings.importShippingTable")(function* (csv: string) {
  const actor = yield* requireStaff("manage_settings")
  const importer = yield* ShippingTableImport
  return yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      const result = yield* importer.replaceFromCsv(csv)
      if (result.imported > 0)
        yield* recordAdminChange({
          actor,
          subjectType: "settings",
          subjectId: "shipping_table",
          subjectLabel: "Tabela de frete",
          action: "import_shipping_table",
          before: null,
          after: { rows: result.imported },
        })
      return result
    }),
  )
})
