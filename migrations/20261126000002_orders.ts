import { type Kysely, sql } from "kysely"

export async function up(db: Kysely<any>): Promise<void> {
  // Numbered editions: the check makes overselling impossible whatever the code above does.
  await db.schema
    .alterTable("collection_products")
    .addColumn("edition_size", "integer", (c) => c.check(sql`edition_size is null or edition_size > 0`))
    .addColumn("edition_reserved", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("edition_sold", "integer", (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`alter table collection_products add constraint collection_products_edition_units check (
    edition_reserved >= 0 and edition_sold >= 0
    and (edition_size is null or edition_reserved + edition_sold <= edition_size))`.execute(db)

  // Spec 001 §3 Address; decision 1: the address book of /perfil.
  await db.schema
    .createTable("addresses")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("complement", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("neighborhood", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "char(2)", (c) => c.notNull())
    .addColumn("zip_code", "char(8)", (c) => c.notNull())
    .addColumn("country", "char(2)", (c) => c.notNull().defaultTo("BR"))
    .addColumn("is_default", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex("addresses_user_idx").on("addresses").column("user_id").execute()
  await sql`create unique index addresses_one_default on addresses (user_id) where is_default`.execute(db)

  // What a customer adds to the account for invoices and payments (phone, CPF).
  await db.schema
    .createTable("customer_details")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("auth_user.id").onDelete("cascade"))
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cpf", "char(11)")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  // Spec 002 §3 coupons; money in centavos, the percentage as a number.
  await db.schema
    .createTable("coupons")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type in ('percentage', 'fixed', 'free_shipping')`),
    )
    .addColumn("value", "integer", (c) => c.notNull().check(sql`value >= 0`))
    .addColumn("minimum_order_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("maximum_discount_cents", "integer")
    .addColumn("max_uses", "integer", (c) => c.check(sql`max_uses is null or max_uses >= 0`))
    .addColumn("total_uses", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revenue_cents", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("conversions", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("valid_from", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("valid_until", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`alter table coupons add constraint coupons_uses_within_limit check (
    total_uses >= 0 and (max_uses is null or total_uses <= max_uses))`.execute(db)

  // A sequence, not a counter row: concurrent orders never wait on each other for their number (gaps are fine).
  await sql`create sequence order_number_seq`.execute(db)

  await db.schema
    .createTable("orders")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("tracking_code", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('awaiting_payment', 'paid', 'rejected', 'expired', 'cancelled')`),
    )
    .addColumn("subtotal_cents", "integer", (c) => c.notNull())
    .addColumn("discount_cents", "integer", (c) => c.notNull())
    .addColumn("shipping_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("coupon_id", "uuid", (c) => c.references("coupons.id").onDelete("set null"))
    .addColumn("coupon_code", "text")
    .addColumn("shipping", "jsonb", (c) => c.notNull())
    .addColumn("address", "jsonb", (c) => c.notNull())
    .addColumn("cpf", "char(11)", (c) => c.notNull())
    .addColumn("ships_on", "date")
    .addColumn("current_attempt_id", "uuid")
    .addColumn("paid_attempt_id", "uuid")
    .addColumn("placed_at", "timestamptz", (c) => c.notNull())
    .addColumn("paid_at", "timestamptz")
    .addColumn("pay_by", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("orders_idempotency", ["user_id", "idempotency_key"])
    .execute()
  await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "placed_at"]).execute()
  await sql`create index orders_unpaid_idx on orders (pay_by) where status in ('awaiting_payment', 'rejected')`.execute(
    db,
  )

  await db.schema
    .createTable("order_lines")
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("product_id", "uuid", (c) => c.notNull().references("collection_products.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("collection_id", "uuid", (c) => c.notNull())
    .addColumn("collection_name", "text", (c) => c.notNull())
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity between 1 and 10`))
    .addColumn("edition_size", "integer")
    .addColumn("serials", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint("order_lines_pk", ["order_id", "position"])
    .execute()

  // One try at paying an order; its id is the gateway's idempotency key.
  await db.schema
    .createTable("payment_attempts")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) =>
      c.notNull().check(sql`method in ('card', 'pix', 'boleto', 'checkout_pro')`),
    )
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("installments", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_detail", "text")
    .addColumn("gateway_payment_id", "text", (c) => c.unique())
    .addColumn("payment_method_id", "text")
    .addColumn("card_last_four", "char(4)")
    .addColumn("pix", "jsonb")
    .addColumn("boleto", "jsonb")
    .addColumn("redirect_url", "text")
    .addColumn("submitted_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("payment_attempts_idempotency", ["order_id", "idempotency_key"])
    .execute()
  await sql`create index payment_attempts_open_idx on payment_attempts (updated_at)
    where status in ('new', 'pending', 'in_process')`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "payment_attempts",
    "order_lines",
    "orders",
    "coupons",
    "customer_details",
    "addresses",
  ])
    await db.schema.dropTable(table).ifExists().execute()
  await sql`drop sequence if exists order_number_seq`.execute(db)
  await sql`alter table collection_products drop constraint if exists collection_products_edition_units`.execute(
    db,
  )
  await db.schema
    .alterTable("collection_products")
    .dropColumn("edition_size")
    .dropColumn("edition_reserved")
    .dropColumn("edition_sold")
    .execute()
}
