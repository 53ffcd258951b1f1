import { type Kysely, sql } from "kysely"

// Typed Kysely<any> on purpose: a migration must keep working whatever the schema becomes later.
export async function up(db: Kysely<any>): Promise<void> {
  // Addresses stored before double opt-in were taken as given: they stay confirmed.
  await db.schema
    .alterTable("newsletter_subscriptions")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("confirmed").check(sql`status in ('pending', 'confirmed')`),
    )
    .addColumn("confirmed_at", "timestamptz")
    .execute()
  await sql`update newsletter_subscriptions set confirmed_at = created_at`.execute(db)
  await sql`alter table newsletter_subscriptions alter column status set default 'pending'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("newsletter_subscriptions")
    .dropColumn("confirmed_at")
    .dropColumn("status")
    .execute()
}
