import { type Kysely, sql } from "kysely"

/**
 * Sandbox payment ids come from the sandbox itself, random: the sequence they were counted from (90000000001,
 * 90000000002, ...) let anyone guess another buyer's payment page.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sandbox_payments alter column id drop default`.execute(db)
  await sql`drop sequence if exists sandbox_payment_ids`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create sequence sandbox_payment_ids start with 90000000001`.execute(db)
  await sql`alter table sandbox_payments alter column id set default nextval('sandbox_payment_ids')::text`.execute(
    db,
  )
}
