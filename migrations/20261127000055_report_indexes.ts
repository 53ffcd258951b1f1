import { type Kysely, sql } from "kysely"

/**
 * What the reports read by period that had no index: refunds by the day their money went back, subscriptions
 * by the day they started or ended, and the active ones by frequency for the recurring revenue. Paid orders by
 * payment time already have orders_paid_at_idx (EXPLAIN in `npm run bench:reports` shows it used).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists refunds_settled_idx on refunds (settled_at)
    include (amount_cents) where status = 'completed'`.execute(db)
  await sql`create index if not exists subscriptions_activated_idx on subscriptions (activated_at)
    where activated_at is not null`.execute(db)
  await sql`create index if not exists subscriptions_cancelled_idx on subscriptions (cancelled_at)
    where cancelled_at is not null`.execute(db)
  await sql`create index if not exists subscriptions_active_idx on subscriptions (frequency_months)
    include (amount_cents) where status = 'active'`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    "subscriptions_active_idx",
    "subscriptions_cancelled_idx",
    "subscriptions_activated_idx",
    "refunds_settled_idx",
  ])
    await db.schema.dropIndex(name).ifExists().execute()
}
