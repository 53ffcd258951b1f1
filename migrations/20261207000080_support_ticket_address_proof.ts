import type { Kysely } from "kysely"

/**
 * A visitor's ticket joins an account only once its address is proven by the acknowledgement's link: the instant
 * of that proof. Tickets stored before it stay unproven: their address was never shown to be the author's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("support_tickets").addColumn("email_proven_at", "timestamptz").execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("support_tickets").dropColumn("email_proven_at").execute()
}
