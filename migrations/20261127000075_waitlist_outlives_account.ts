import { type Kysely, sql } from "kysely"

/**
 * A deleted account's waitlist entries must outlive the account row for a moment: its deletion is followed by
 * its event, whose handler ends the entries as 'Sair da lista' would, giving a unit held for the person to the
 * next in line, and then erases them. A cascading foreign key removed them with the account instead, and the
 * held unit stayed held for nobody. Entries are only ever made for a signed-in collector.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table waitlist_entries drop constraint waitlist_entries_user_id_fkey`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from waitlist_entries w where not exists (select 1 from auth_user u where u.id = w.user_id)`.execute(
    db,
  )
  await sql`alter table waitlist_entries add constraint waitlist_entries_user_id_fkey
    foreign key (user_id) references auth_user (id) on delete cascade`.execute(db)
}
