import { type Kysely, sql } from "kysely"

/**
 * What the order administration reads that the fulfilment migration left without an index: the list sorted by
 * amount, and an order's events on its page (the outbox was only ever read by due time).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists orders_total_idx on orders (total_cents desc, placed_at desc)`.execute(
    db,
  )
  await sql`create index if not exists outbox_events_aggregate_idx on outbox_events (aggregate_id, id)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("outbox_events_aggregate_idx").ifExists().execute()
  await db.schema.dropIndex("orders_total_idx").ifExists().execute()
}
