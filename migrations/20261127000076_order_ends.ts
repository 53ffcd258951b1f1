import { type Kysely, sql } from "kysely"

/**
 * What an order's end takes back happens once per order (domain/fulfilment/orderEnd.ts). `units_released_at` is
 * claimed by the one transaction that gives the order's units back to their editions, so a serial issued again
 * to the next buyer can never be given back a second time. A completed trade is unwound when the order of one of
 * its pieces ends: that piece leaves the collection it went to and the piece given for it goes back to its
 * giver; the trade stays 'completed' in its history, marked with when and why it was undone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders add column units_released_at timestamptz`.execute(db)
  await sql`alter table trades add column unwound_at timestamptz, add column unwound_reason text`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table trades drop column unwound_at, drop column unwound_reason`.execute(db)
  await sql`alter table orders drop column units_released_at`.execute(db)
}
