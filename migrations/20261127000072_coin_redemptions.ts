import { type Kysely, sql } from "kysely"

const KINDS = ["purchase", "subscription_month", "mission", "achievement", "review", "trade", "reversal"]

const kindCheck = (kinds: readonly string[]) =>
  sql`alter table points_ledger add constraint points_ledger_kind_check check (kind in (${sql.join(
    kinds.map((k) => sql.lit(k)),
  )}))`

/**
 * Coins at checkout and coupon rules:
 * - coins spent on an order and given back are points-ledger entries (`coin_redemption`, `coin_return`), so the
 *   ledger's (user, kind, reference) key makes an order spend once and get its coins back once;
 * - a coupon may be once per customer and may refuse coins;
 * - `coupon_customer_uses`: one row per coupon and customer (and per coupon and CPF, so a second account with
 *   the same CPF is the same customer) while the order holding it is paid or awaiting payment. The unique keys
 *   make two checkouts at once take it once; giving the order's units back deletes its row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table points_ledger drop constraint points_ledger_kind_check`.execute(db)
  await kindCheck([...KINDS, "coin_redemption", "coin_return"]).execute(db)
  await db.schema
    .alterTable("coupons")
    .addColumn("once_per_customer", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("not_with_coins", "boolean", (c) => c.notNull().defaultTo(false))
    .execute()
  await db.schema
    .createTable("coupon_customer_uses")
    .addColumn("coupon_id", "uuid", (c) => c.notNull().references("coupons.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("cpf", "text")
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("used_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("coupon_customer_uses_pkey", ["coupon_id", "user_id"])
    .execute()
  await sql`create unique index coupon_customer_uses_cpf_key on coupon_customer_uses (coupon_id, cpf)
    where cpf is not null`.execute(db)
  await sql`create index coupon_customer_uses_order_idx on coupon_customer_uses (order_id)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("coupon_customer_uses").execute()
  await db.schema.alterTable("coupons").dropColumn("once_per_customer").dropColumn("not_with_coins").execute()
  await sql`delete from points_ledger where kind in ('coin_redemption', 'coin_return')`.execute(db)
  await sql`alter table points_ledger drop constraint points_ledger_kind_check`.execute(db)
  await kindCheck(KINDS).execute(db)
}
