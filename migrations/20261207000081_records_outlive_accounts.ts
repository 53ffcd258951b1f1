import { type Kysely, sql } from "kysely"

/**
 * Subscriptions (with their charges) and the months plans paid for outlive the account, as orders do
 * (20261126000003): they are payment records the law keeps (domain/accounts/accountDeletion.ts). Deleting an account
 * cascaded them away; now the forgetting handler de-identifies them. The foreign keys go rather than
 * becoming `on delete set null`: that handler runs after the account is gone and still needs the id to find them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table subscriptions drop constraint if exists subscriptions_user_id_fkey`.execute(db)
  await sql`alter table subscriptions alter column user_id drop not null`.execute(db)
  await sql`alter table subscriptions alter column cpf drop not null`.execute(db)
  await sql`alter table plan_months drop constraint if exists plan_months_user_id_fkey`.execute(db)
  await sql`alter table plan_months alter column user_id drop not null`.execute(db)
  // When a deleted account's order, past the years it is kept, lost what still named the person: the purge's
  // mark, its index the orders still to purge.
  await sql`alter table orders add column personal_data_erased_at timestamptz`.execute(db)
  await sql`create index orders_lapsed_idx on orders (placed_at)
    where user_id is null and personal_data_erased_at is null`.execute(db)
}

/** Fails while de-identified subscriptions or months exist: there is no owner to give them back. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists orders_lapsed_idx`.execute(db)
  await sql`alter table orders drop column if exists personal_data_erased_at`.execute(db)
  await sql`alter table plan_months alter column user_id set not null`.execute(db)
  await sql`alter table plan_months add constraint plan_months_user_id_fkey foreign key (user_id)
    references auth_user (id) on delete cascade`.execute(db)
  await sql`alter table subscriptions alter column cpf set not null`.execute(db)
  await sql`alter table subscriptions alter column user_id set not null`.execute(db)
  await sql`alter table subscriptions add constraint subscriptions_user_id_fkey foreign key (user_id)
    references auth_user (id) on delete cascade`.execute(db)
}
