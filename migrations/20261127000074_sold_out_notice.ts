import { type Kysely, sql } from "kysely"

/**
 * The storefront shows a numbered edition as sold out, and its pages and catalogue reads are cached
 * until the catalogue changes (adapters/catalog/CatalogVersion.ts). An edition runs out or gets a unit back
 * through many paths (checkouts, lapsed PIX, rejected cards, cancellations, waitlist offers, an administrator's
 * edit), so the row itself announces it: when the public's count of units crosses zero either way, the change
 * notifies `catalog_changed`, delivered when its transaction commits. Only the crossing, so a busy edition
 * does not empty the caches at every sale.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function announce_sold_out_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('catalog_changed', '');
      return new;
    end
    $$`.execute(db)
  await sql`
    create trigger collection_products_sold_out
    after update of edition_size, edition_reserved, edition_sold, edition_offered on collection_products
    for each row
    when (
      (old.edition_size is not null
        and old.edition_reserved + old.edition_sold + old.edition_offered >= old.edition_size)
      is distinct from
      (new.edition_size is not null
        and new.edition_reserved + new.edition_sold + new.edition_offered >= new.edition_size)
    )
    execute function announce_sold_out_change()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger collection_products_sold_out on collection_products`.execute(db)
  await sql`drop function announce_sold_out_change()`.execute(db)
}
