import { type Kysely, sql } from "kysely"

/**
 * Users administration: an administrator may block an account's sign-in. A column of ours, read by
 * the session hook and by every request's viewer, rather than better-auth's admin plugin (see
 * adapters/auth/schema.ts). The users screen searches by e-mail and name and sorts by sign-up date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("auth_user").addColumn("blockedAt", "timestamptz").execute()
  await sql`create index auth_user_created_idx on auth_user ("createdAt" desc, id)`.execute(db)
  await sql`create index auth_user_email_lower_idx on auth_user (lower(email))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists auth_user_email_lower_idx`.execute(db)
  await sql`drop index if exists auth_user_created_idx`.execute(db)
  await db.schema.alterTable("auth_user").dropColumn("blockedAt").execute()
}
