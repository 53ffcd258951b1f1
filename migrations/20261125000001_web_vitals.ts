import { type Kysely, sql } from "kysely"

export async function up(db: Kysely<any>): Promise<void> {
  // One row per page view reported by a browser (spec 002 §9), for the admin reports. No IP, no cookie, no
  // query string: the path alone says which page it was.
  await db.schema
    .createTable("web_vitals")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("recorded_at", "timestamptz", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("fcp_ms", "double precision")
    .addColumn("lcp_ms", "double precision")
    .addColumn("fid_ms", "double precision")
    .addColumn("inp_ms", "double precision")
    .addColumn("cls", "double precision")
    .addColumn("ttfb_ms", "double precision")
    .addColumn("load_ms", "double precision")
    .addColumn("score", "integer", (c) => c.notNull().check(sql`score between 0 and 100`))
    .addColumn("user_agent", "text")
    .execute()
  await db.schema.createIndex("web_vitals_recorded_at_idx").on("web_vitals").column("recorded_at").execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("web_vitals").ifExists().execute()
}
