import { type Kysely, sql } from "kysely"

/**
 * The collector conventions' money on an order, besides the coupon's `discount_cents`:
 * - `pix_discount_bp`: the PIX discount offered when the order was placed (basis points), kept so that switching
 *   between PIX and card later gives the same terms the customer saw;
 * - `pix_discount_cents`: the part of it applied now (0 unless the current payment is a PIX);
 * - `coins_used` / `coins_discount_cents`: community coins spent on the order and what they took off.
 * The check keeps the total the sum of its parts whatever writes the row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("pix_discount_bp", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`pix_discount_bp between 0 and 3000`),
    )
    .addColumn("pix_discount_cents", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`pix_discount_cents >= 0`),
    )
    .addColumn("coins_used", "integer", (c) => c.notNull().defaultTo(0).check(sql`coins_used >= 0`))
    .addColumn("coins_discount_cents", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`coins_discount_cents >= 0`),
    )
    .execute()
  await sql`alter table orders add constraint orders_total_parts_check check (
    total_cents = subtotal_cents - discount_cents - coins_discount_cents - pix_discount_cents + shipping_cents
  )`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop constraint orders_total_parts_check`.execute(db)
  await db.schema
    .alterTable("orders")
    .dropColumn("pix_discount_bp")
    .dropColumn("pix_discount_cents")
    .dropColumn("coins_used")
    .dropColumn("coins_discount_cents")
    .execute()
}
