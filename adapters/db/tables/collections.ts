import type { ColumnType, Generated, Insertable, Selectable } from "kysely"

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
/** `date` columns come back as strings (see the type parser in connect.ts) so both drivers agree. */
type DateString = ColumnType<string, string | undefined, string>

export interface CollectionsTable {
  id: Generated<string>
  slug: string
  name: string
  theme: Generated<string>
  description: string
  tagline: Generated<string>
  price_cents: number | null
  final_price_cents: number | null
  price_per_box_cents: number | null
  is_active: Generated<boolean>
  is_featured: Generated<boolean>
  reveal_date: DateString
  start_date: DateString
  end_date: DateString
  edition_year: number
  edition_month: number
  image_url: string
  teaser_image_url: string | null
  preview_image_url: string | null
  display_order: Generated<number>
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>
  created_at: Timestamp
  updated_at: Timestamp
}
export type CollectionRow = Selectable<CollectionsTable>
export type NewCollectionRow = Insertable<CollectionsTable>
