import { type Kysely, sql } from "kysely"

/**
 * A profile's view count counts each visitor once a day (reloading does not inflate it). The visitor is a
 * signed-in account or an address, kept only as a SHA-256 digest, and rows older than two days are purged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("profile_views")
    .addColumn("profile_id", "text", (c) => c.notNull().references("auth_user.id").onDelete("cascade"))
    .addColumn("visitor", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addPrimaryKeyConstraint("profile_views_pk", ["profile_id", "visitor", "day"])
    .execute()
  await sql`create index profile_views_day_idx on profile_views (day)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("profile_views").execute()
}
