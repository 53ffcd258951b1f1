import { type Kysely, sql } from "kysely"

// Typed Kysely<any> on purpose: a migration must keep working whatever the schema becomes later.
export async function up(db: Kysely<any>): Promise<void> {
  // The store's own Correios price table (no official machine-readable one exists): the quote falls back to it
  // when Melhor Envio is not configured or does not answer.
  await db.schema
    .createTable("shipping_table_rows")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("service", "text", (c) => c.notNull().check(sql`service in ('PAC', 'SEDEX')`))
    .addColumn("origin_cep", "char(8)", (c) => c.notNull())
    .addColumn("cep_start", "char(8)", (c) => c.notNull())
    .addColumn("cep_end", "char(8)", (c) => c.notNull())
    .addColumn("weight_min_g", "integer", (c) => c.notNull().check(sql`weight_min_g >= 0`))
    .addColumn("weight_max_g", "integer", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn("min_days", "integer", (c) => c.notNull().check(sql`min_days >= 0`))
    .addColumn("max_days", "integer", (c) => c.notNull())
    .addCheckConstraint("shipping_table_rows_cep_range", sql`cep_start <= cep_end`)
    .addCheckConstraint("shipping_table_rows_weight_band", sql`weight_min_g <= weight_max_g`)
    .addCheckConstraint("shipping_table_rows_days_ordered", sql`min_days <= max_days`)
    .execute()

  await db.schema
    .createIndex("shipping_table_rows_lookup_idx")
    .on("shipping_table_rows")
    .columns(["origin_cep", "cep_start", "cep_end"])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("shipping_table_rows").ifExists().execute()
}
