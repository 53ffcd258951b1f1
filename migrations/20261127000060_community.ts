import { type Kysely, sql } from "kysely"

/**
 * The community, on real data (decision 7): the pieces each collector owns (from paid orders, plan months
 * and trades), the points ledger every score comes from, the per-collector figures the ranking sorts on, profiles,
 * follows, the virtual shelf's own items, favourites, mission redemptions, unlocked achievements and trades.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per unit a collector holds. Bought units are keyed by their order line and unit, so an event applied
  // again adds nothing; a refund or cancellation revokes them, a trade hands them over.
  await db.schema
    .createTable("collector_pieces")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("product_id", "uuid", (c) =>
      c.notNull().references("collection_products.id").onDelete("cascade"),
    )
    .addColumn("collection_id", "uuid", (c) => c.notNull())
    .addColumn("source", "text", (c) =>
      c.notNull().check(sql`source in ('purchase', 'subscription', 'trade', 'gift')`),
    )
    .addColumn("order_id", "uuid", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("order_position", "integer")
    .addColumn("unit", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("price_cents", "integer", (c) => c.notNull().defaultTo(0).check(sql`price_cents >= 0`))
    .addColumn("condition", "text", (c) =>
      c.notNull().defaultTo("mint").check(sql`condition in ('mint', 'near_mint', 'good', 'fair', 'poor')`),
    )
    .addColumn("notes", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(notes) <= 200`))
    .addColumn("is_for_trade", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("acquired_at", "timestamptz", (c) => c.notNull())
    .addColumn("revoked_at", "timestamptz")
    .execute()
  await sql`create unique index collector_pieces_order_unit_key on collector_pieces (order_id, order_position, unit)
    where order_id is not null`.execute(db)
  await sql`create index collector_pieces_owner_idx on collector_pieces (user_id, acquired_at desc)
    where revoked_at is null`.execute(db)
  await sql`create index collector_pieces_product_idx on collector_pieces (product_id, user_id)
    where revoked_at is null`.execute(db)

  // Every point and coin a collector has, with where it came from: (user, kind, reference) is unique, so the same
  // payment, month, mission or achievement counts once whatever redelivers it. Negative rows undo a refund.
  await db.schema
    .createTable("points_ledger")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('purchase', 'subscription_month', 'mission', 'achievement', 'review', 'trade', 'reversal')`,
        ),
    )
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("coins", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("occurred_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("points_ledger_once", ["user_id", "kind", "reference"])
    .execute()
  await sql`create index points_ledger_user_idx on points_ledger (user_id, occurred_at desc)`.execute(db)
  // The ranking's "this month": points per collector since the month began.
  await sql`create index points_ledger_period_idx on points_ledger (occurred_at, user_id) include (points)`.execute(
    db,
  )

  // The figures the ranking sorts and shows, rewritten from the ledger and the pieces in the same transaction.
  await db.schema
    .createTable("collector_stats")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("auth_user.id").onDelete("cascade"))
    .addColumn("score", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("coins", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("level", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("pieces", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("collections_completed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("streak", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("achievements", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_activity_at", "timestamptz")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute()
  for (const column of ["score", "level", "streak"])
    await sql`create index ${sql.raw(`collector_stats_${column}_idx`)} on collector_stats (${sql.raw(column)} desc, user_id)`.execute(
      db,
    )

  await db.schema
    .createTable("collector_profiles")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("auth_user.id").onDelete("cascade"))
    .addColumn("username", "text", (c) => c.notNull().check(sql`username ~ '^[a-z0-9_]{3,20}$'`))
    .addColumn("display_name", "text", (c) =>
      c.notNull().check(sql`char_length(display_name) between 1 and 60`),
    )
    .addColumn("bio", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(bio) <= 300`))
    .addColumn("location", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(location) <= 80`))
    .addColumn("avatar_url", "text")
    .addColumn("is_private", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_verified", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("profile_views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create unique index collector_profiles_username_key on collector_profiles (username)`.execute(db)

  await db.schema
    .createTable("collector_follows")
    .addColumn("follower_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("followee_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("collector_follows_pk", ["follower_id", "followee_id"])
    .addCheckConstraint("collector_follows_not_self", sql`follower_id <> followee_id`)
    .execute()
  await sql`create index collector_follows_followee_idx on collector_follows (followee_id, created_at desc)`.execute(
    db,
  )

  // Pieces the collector adds by hand to the virtual shelf (from other stores, gifts, closed companies).
  await db.schema
    .createTable("shelf_items")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn("company", "text", (c) => c.notNull().check(sql`char_length(company) between 1 and 80`))
    .addColumn("collection", "text", (c) =>
      c.notNull().defaultTo("").check(sql`char_length(collection) <= 80`),
    )
    .addColumn("category", "text", (c) => c.notNull().check(sql`char_length(category) between 1 and 40`))
    .addColumn("description", "text", (c) =>
      c.notNull().defaultTo("").check(sql`char_length(description) <= 1000`),
    )
    .addColumn("rarity", "text", (c) =>
      c.notNull().defaultTo("common").check(sql`rarity in ('common', 'rare', 'epic', 'legendary', 'mythic')`),
    )
    .addColumn("condition", "text", (c) =>
      c.notNull().check(sql`condition in ('perfeito', 'bom', 'regular', 'danificado')`),
    )
    .addColumn("company_status", "text", (c) =>
      c.notNull().defaultTo("ativa").check(sql`company_status in ('ativa', 'pausada', 'fechada')`),
    )
    .addColumn("estimated_value_cents", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`estimated_value_cents >= 0`),
    )
    .addColumn("image_url", "text")
    .addColumn("notes", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(notes) <= 200`))
    .addColumn("acquired_on", "date")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index shelf_items_user_idx on shelf_items (user_id, created_at desc)`.execute(db)

  // The character page's favourite toggle: a wishlist (who wants a character).
  await db.schema
    .createTable("favourites")
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("product_id", "uuid", (c) =>
      c.notNull().references("collection_products.id").onDelete("cascade"),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("favourites_pk", ["user_id", "product_id"])
    .execute()
  await sql`create index favourites_product_idx on favourites (product_id)`.execute(db)

  // A mission's reward, once per collector and period (the day, ISO week or month; 'always' for achievements).
  await db.schema
    .createTable("mission_redemptions")
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("mission", "text", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("redeemed_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("mission_redemptions_pk", ["user_id", "mission", "period"])
    .execute()

  // An achievement or badge, unlocked once with its date; `scope` is the collection for collection achievements.
  await db.schema
    .createTable("collector_achievements")
    .addColumn("user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("unlocked_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("collector_achievements_pk", ["user_id", "code", "scope"])
    .execute()

  await db.schema
    .createTable("trades")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("from_user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("to_user_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("from_piece_id", "uuid", (c) =>
      c.notNull().references("collector_pieces.id").onDelete("cascade"),
    )
    .addColumn("to_piece_id", "uuid", (c) =>
      c.notNull().references("collector_pieces.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'accepted', 'rejected', 'completed', 'cancelled')`),
    )
    .addColumn("message", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(message) <= 300`))
    .addColumn("from_confirmed_at", "timestamptz")
    .addColumn("to_confirmed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("responded_at", "timestamptz")
    .addColumn("completed_at", "timestamptz")
    .addColumn("cancelled_at", "timestamptz")
    .addColumn("cancellation_reason", "text")
    .addCheckConstraint("trades_two_collectors", sql`from_user_id <> to_user_id`)
    .execute()
  await sql`create index trades_from_idx on trades (from_user_id, created_at desc)`.execute(db)
  await sql`create index trades_to_idx on trades (to_user_id, created_at desc)`.execute(db)
  // One open offer per pair of pieces.
  await sql`create unique index trades_open_pair_key on trades (from_piece_id, to_piece_id)
    where status in ('pending', 'accepted')`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "trades",
    "collector_achievements",
    "mission_redemptions",
    "favourites",
    "shelf_items",
    "collector_follows",
    "collector_profiles",
    "collector_stats",
    "points_ledger",
    "collector_pieces",
  ])
    await db.schema.dropTable(table).execute()
}
