import { Context, type Effect } from "effect"

export interface ShippingTableImportResult {
  readonly imported: number
  /** "Linha 7: CEP inicial … inválido." for each refused line; with any, nothing was replaced. */
  readonly refused: readonly string[]
}

/** Replaces the official shipping table (PAC/SEDEX) with an uploaded CSV, all rows or none. */
export class ShippingTableImport extends Context.Service<
  ShippingTableImport,
  { replaceFromCsv(text: string): Effect.Effect<ShippingTableImportResult> }
>()("store/application/ShippingTableImport") {}
