import { type Kysely, sql } from "kysely"

/**
 * Orders outlive the account that placed them (tax records), de-identified: deleting an account no longer
 * trips over `orders.user_id`, and forgetting the person blanks the order's owner, CPF and street address.
 * The foreign key goes rather than becoming `on delete set null`: the forgetting handler runs after the
 * account is gone and still needs the id to find that person's orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table orders drop constraint if exists orders_user_id_fkey`.execute(db)
  await sql`alter table orders alter column user_id drop not null`.execute(db)
  await sql`alter table orders alter column cpf drop not null`.execute(db)
}

/** Fails while de-identified orders exist: there is no owner to give them back. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table orders alter column cpf set not null`.execute(db)
  await sql`alter table orders alter column user_id set not null`.execute(db)
  await sql`alter table orders add constraint orders_user_id_fkey foreign key (user_id) references auth_user (id)`.execute(
    db,
  )
}
