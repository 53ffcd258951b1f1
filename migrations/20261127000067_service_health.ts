import { type Kysely, sql } from "kysely"

/**
 * The system status's measurements: per service, source (probe or real traffic) and minute, how many calls,
 * how many failed, how many were slow and their total latency. Every instance adds its counts to the same
 * rows (an upsert per bucket every few seconds), so the support page shows the whole deployment. No request
 * data is kept: no addresses, no users, no payloads. Rows older than a day are purged by the probe job.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("service_health")
    .addColumn("service", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('probe', 'traffic')`))
    .addColumn("minute", "timestamptz", (c) => c.notNull())
    .addColumn("calls", "integer", (c) => c.notNull().check(sql`calls >= 0`))
    .addColumn("failures", "integer", (c) => c.notNull().check(sql`failures >= 0`))
    .addColumn("slow_calls", "integer", (c) => c.notNull().check(sql`slow_calls >= 0`))
    .addColumn("total_latency_ms", "bigint", (c) => c.notNull())
    .addColumn("last_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("service_health_pk", ["service", "source", "minute"])
    .execute()
  await sql`create index service_health_minute_idx on service_health (minute)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("service_health").execute()
}
