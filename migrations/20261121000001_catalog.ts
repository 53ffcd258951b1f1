import { type Kysely, sql } from "kysely"

// Typed Kysely<any> on purpose: a migration must keep working whatever the schema becomes later.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("legendarium_collections")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("theme", "text", (c) => c.notNull().defaultTo("standard"))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("tagline", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("price_cents", "integer", (c) => c.check(sql`price_cents >= 0`))
    .addColumn("final_price_cents", "integer", (c) => c.check(sql`final_price_cents >= 0`))
    .addColumn("price_per_box_cents", "integer", (c) => c.check(sql`price_per_box_cents >= 0`))
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("is_featured", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("reveal_date", "date", (c) => c.notNull().defaultTo(sql`'2025-10-15'::date`))
    .addColumn("start_date", "date", (c) => c.notNull())
    .addColumn("end_date", "date", (c) => c.notNull())
    .addColumn("edition_year", "integer", (c) => c.notNull())
    .addColumn("edition_month", "integer", (c) => c.notNull().check(sql`edition_month between 1 and 12`))
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("teaser_image_url", "text")
    .addColumn("preview_image_url", "text")
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("collection_dates_ordered", sql`end_date > start_date`)
    .execute()

  // Public pages list active collections, featured first, then by display order.
  await db.schema
    .createIndex("legendarium_collections_active_order_idx")
    .on("legendarium_collections")
    .columns(["is_featured desc", "display_order", "name"])
    .where(sql.ref("is_active"), "=", true)
    .execute()

  await db.schema
    .createTable("collection_products")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("collection_id", "uuid", (c) =>
      c.notNull().references("legendarium_collections.id").onDelete("cascade"),
    )
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("display_month", "integer", (c) => c.notNull().check(sql`display_month between 1 and 12`))
    .addColumn("edition_year", "integer", (c) => c.notNull())
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rarity", "text", (c) => c.notNull().defaultTo("common"))
    .addColumn("universe", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("stats", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("abilities", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("hints", "jsonb", (c) =>
      c.notNull().defaultTo(sql`'[]'::jsonb`).check(sql`jsonb_array_length(hints) <= 5`),
    )
    .addColumn("teaser_at", "timestamptz", (c) => c.notNull())
    .addColumn("preview_at", "timestamptz", (c) => c.notNull())
    .addColumn("reveal_at", "timestamptz", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.check(sql`price_cents >= 0`))
    .addColumn("weight_grams", "integer", (c) => c.notNull().defaultTo(1000).check(sql`weight_grams > 0`))
    .addColumn("dimensions", "jsonb", (c) =>
      c.notNull().defaultTo(sql`'{"length":20,"width":15,"height":10}'::jsonb`),
    )
    .addColumn("scale", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("metadata", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("collection_products_slug_uq", ["collection_id", "slug"])
    .addUniqueConstraint("collection_products_edition_uq", ["collection_id", "edition_year", "display_month"])
    .addCheckConstraint(
      "collection_products_phases_ordered",
      sql`teaser_at <= preview_at and preview_at <= reveal_at`,
    )
    .execute()

  await db.schema
    .createIndex("collection_products_collection_order_idx")
    .on("collection_products")
    .columns(["collection_id", "display_order"])
    .where(sql.ref("is_active"), "=", true)
    .execute()
  // The home page looks up the characters of one edition month across collections.
  await db.schema
    .createIndex("collection_products_edition_idx")
    .on("collection_products")
    .columns(["edition_year", "display_month"])
    .where(sql.ref("is_active"), "=", true)
    .execute()

  await db.schema
    .createTable("category_prices")
    .addColumn("category", "text", (c) => c.primaryKey())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("tier", "text", (c) => c.notNull().check(sql`tier in ('standard', 'premium')`))
    .execute()

  await db.schema
    .createTable("store_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().defaultTo("footer"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex("newsletter_subscriptions_email_uq")
    .on("newsletter_subscriptions")
    .expression(sql`lower(email)`)
    .unique()
    .execute()

  // Catalogue artwork (generated SVG today, uploaded images later), served with immutable caching.
  await db.schema
    .createTable("media_assets")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("body", "bytea", (c) => c.notNull())
    .addColumn("etag", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("media_assets").ifExists().execute()
  await db.schema.dropTable("newsletter_subscriptions").ifExists().execute()
  await db.schema.dropTable("store_settings").ifExists().execute()
  await db.schema.dropTable("category_prices").ifExists().execute()
  await db.schema.dropTable("collection_products").ifExists().execute()
  await db.schema.dropTable("legendarium_collections").ifExists().execute()
}
