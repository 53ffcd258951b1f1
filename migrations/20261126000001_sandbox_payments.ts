import { type Kysely, sql } from "kysely"

export async function up(db: Kysely<any>): Promise<void> {
  // The offline payment gateway's own books: payments live here (not in memory) so they survive a restart and
  // every server instance sees the same ones. Ids are numeric text, like Mercado Pago's.
  await sql`create sequence sandbox_payment_ids start with 90000000001`.execute(db)
  await db.schema
    .createTable("sandbox_payments")
    .addColumn("id", "text", (c) => c.primaryKey().defaultTo(sql`nextval('sandbox_payment_ids')::text`))
    // The idempotency key: one payment per attempt, however many times (or how concurrently) it is asked for.
    .addColumn("attempt_id", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull().check(sql`method in ('card', 'pix', 'boleto')`))
    .addColumn("payment_method_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_detail", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("installments", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("card_last_four", "text")
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("payer_email", "text", (c) => c.notNull())
    .addColumn("notification_url", "text", (c) => c.notNull())
    .addColumn("pix_qr_code", "text")
    .addColumn("pix_qr_base64", "text")
    .addColumn("boleto_digitable_line", "text")
    .addColumn("boleto_barcode", "text")
    .addColumn("expires_at", "timestamptz")
    .addColumn("approved_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex("sandbox_payments_order_idx")
    .on("sandbox_payments")
    .columns(["order_id", "created_at"])
    .execute()

  // What the sandbox's tokenizer issued in place of a card: single-use and short-lived, like MercadoPago.js's.
  await db.schema
    .createTable("sandbox_card_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_method_id", "text", (c) => c.notNull())
    .addColumn("first_six", "text", (c) => c.notNull())
    .addColumn("last_four", "text", (c) => c.notNull())
    .addColumn("holder_name", "text", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute()

  // One row per refund; the key makes a retried refund happen once.
  await db.schema
    .createTable("sandbox_refunds")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("payment_id", "text", (c) => c.notNull().references("sandbox_payments.id").onDelete("cascade"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("sandbox_refunds_key", ["payment_id", "idempotency_key"])
    .execute()

  // Checkout Pro preferences the sandbox's own checkout page pays.
  await db.schema
    .createTable("sandbox_preferences")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("attempt_id", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("payer_email", "text", (c) => c.notNull())
    .addColumn("back_url", "text", (c) => c.notNull())
    .addColumn("notification_url", "text", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("sandbox_preferences").ifExists().execute()
  await db.schema.dropTable("sandbox_refunds").ifExists().execute()
  await db.schema.dropTable("sandbox_card_tokens").ifExists().execute()
  await db.schema.dropTable("sandbox_payments").ifExists().execute()
  await sql`drop sequence if exists sandbox_payment_ids`.execute(db)
}
