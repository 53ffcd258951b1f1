import type { ColumnType, Generated, Insertable, Selectable } from "kysely"

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type Json<T> = ColumnType<T, string | undefined, string>

export interface ProductStats {
  strength: number
  speed: number
  intelligence: number
  durability: number
}

export interface CollectionProductsTable {
  id: Generated<string>
  collection_id: string
  slug: string
  name: string
  description: string
  image_url: string
  display_month: number
  edition_year: number
  display_order: Generated<number>
  rarity: Generated<string>
  universe: Generated<string>
  stats: Json<Partial<ProductStats>>
  abilities: Json<string[]>
  hints: Json<string[]>
  teaser_at: ColumnType<Date, Date | string, Date | string>
  preview_at: ColumnType<Date, Date | string, Date | string>
  reveal_at: ColumnType<Date, Date | string, Date | string>
  price_cents: number | null
  weight_grams: Generated<number>
  dimensions: Json<{ length: number; width: number; height: number }>
  scale: Generated<string>
  details: Generated<string>
  metadata: Json<Record<string, unknown>>
  is_active: Generated<boolean>
  /** Units of the numbered edition; null: made to order, unlimited. */
  edition_size: number | null
  edition_reserved: Generated<number>
  edition_sold: Generated<number>
  /** Units one collector (every account with their CPF) may hold; null: no limit. */
  collector_limit: ColumnType<number | null, number | null | undefined, number | null>
  /** Units held for open waitlist offers: nobody but their holders may take them. */
  edition_offered: Generated<number>
  /** Serials of sold units given back by cancelled orders, to be issued again first. */
  edition_returned: ColumnType<number[], string | undefined, string>
  created_at: Timestamp
  updated_at: Timestamp
}
export type ProductRow = Selectable<CollectionProductsTable>
export type NewProductRow = Insertable<CollectionProductsTable>
