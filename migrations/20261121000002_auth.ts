import { type Kysely, sql } from "kysely"

// Generated once with better-auth's getMigrations() for the options in adapters/auth (tables renamed to
// auth_*), then committed so the schema only ever changes through reviewed migrations.
const AUTH_SQL = `
create table "auth_user" ("id" text not null primary key, "name" text not null, "email" text not null unique, "emailVerified" boolean not null, "image" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null, "role" text, "appRole" text);
create table "auth_session" ("id" text not null primary key, "expiresAt" timestamptz not null, "token" text not null unique, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null, "ipAddress" text, "userAgent" text, "userId" text not null references "auth_user" ("id") on delete cascade);
create table "auth_account" ("id" text not null primary key, "accountId" text not null, "providerId" text not null, "userId" text not null references "auth_user" ("id") on delete cascade, "accessToken" text, "refreshToken" text, "idToken" text, "accessTokenExpiresAt" timestamptz, "refreshTokenExpiresAt" timestamptz, "scope" text, "password" text, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz not null);
create table "auth_verification" ("id" text not null primary key, "identifier" text not null, "value" text not null, "expiresAt" timestamptz not null, "createdAt" timestamptz default CURRENT_TIMESTAMP not null, "updatedAt" timestamptz default CURRENT_TIMESTAMP not null);
create table "auth_rate_limit" ("id" text not null primary key, "key" text not null unique, "count" integer not null, "lastRequest" bigint not null);
create index "auth_session_userId_idx" on "auth_session" ("userId");
create index "auth_account_userId_idx" on "auth_account" ("userId");
create index "auth_verification_identifier_idx" on "auth_verification" ("identifier");
`

export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of AUTH_SQL.split(";\n")
    .map((s) => s.trim())
    .filter(Boolean)) {
    await sql.raw(statement).execute(db)
  }
  // Failed sign-ins, counted per account and per client address over a sliding window (ASVS 2.2.1).
  await db.schema
    .createTable("auth_sign_in_failures")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("failed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex("auth_sign_in_failures_email_idx")
    .on("auth_sign_in_failures")
    .columns(["email", "failed_at"])
    .execute()
  await db.schema
    .createIndex("auth_sign_in_failures_ip_idx")
    .on("auth_sign_in_failures")
    .columns(["ip", "failed_at"])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "auth_sign_in_failures",
    "auth_rate_limit",
    "auth_verification",
    "auth_account",
    "auth_session",
    "auth_user",
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
