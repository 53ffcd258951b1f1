import type { Generated, Insertable, Selectable } from "kysely"

/** One price of the store's Correios table: a service, a destination CEP range and a weight band. */
export interface ShippingTableRowsTable {
  /** bigserial, read back as a number (see the int8 parser in connect.ts). */
  id: Generated<number>
  service: "PAC" | "SEDEX"
  /** 8 digits, no hyphen (char(8)). */
  origin_cep: string
  cep_start: string
  cep_end: string
  weight_min_g: number
  weight_max_g: number
  price_cents: number
  min_days: number
  max_days: number
}
export type ShippingTableRowRecord = Selectable<ShippingTableRowsTable>
export type NewShippingTableRowRecord = Insertable<ShippingTableRowsTable>
