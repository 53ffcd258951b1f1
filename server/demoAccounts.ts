import type { Kysely } from "kysely"
import type { Auth } from "../adapters/auth/betterAuth"
import type { Database } from "../adapters/db/schema"
import { type Config, listensOnLoopbackOnly, publicUrlIsLocal } from "./config"
import { seedsDemoCatalogue } from "./deployment"

export interface DemoAccount {
  readonly role: "admin" | "user"
  readonly label: string
  readonly name: string
  readonly email: string
  readonly password: string
}

/** Published in the README on purpose: they exist only on a newcomer's local, embedded database. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    role: "admin",
    label: "Administrador",
    name: "Admin Demonstração",
    email: "admin@demo.legendarium.com.br",
    password: "Legendarium2026",
  },
  {
    role: "user",
    label: "Cliente",
    name: "Cliente Demonstração",
    email: "cliente@demo.legendarium.com.br",
    password: "Colecionador2026",
  },
]

/**
 * Demo accounts exist where a newcomer tries the store: the embedded database with demo data, listening on
 * this machine only. A PostgreSQL database, a public address or a server on the network gets them only when
 * SEED_DEMO_USERS=true says so, since their passwords are public.
 */
export function shouldSeedDemoAccounts(config: Config): boolean {
  if (config.SEED_DEMO_USERS !== undefined) return config.SEED_DEMO_USERS
  return (
    seedsDemoCatalogue(config) &&
    !config.DATABASE_URL &&
    publicUrlIsLocal(config) &&
    listensOnLoopbackOnly(config)
  )
}

/**
 * A data folder tried locally and then served on the network keeps its demo accounts, whose passwords are
 * public: unless SEED_DEMO_USERS=true asks for them, they lose their password and sessions. Answers how many.
 */
export async function lockDemoAccounts(db: Kysely<Database>): Promise<number> {
  const demo = await db
    .selectFrom("auth_user")
    .select("id")
    .where(
      "email",
      "in",
      DEMO_ACCOUNTS.map((a) => a.email),
    )
    .execute()
  if (demo.length === 0) return 0
  const ids = demo.map((u) => u.id)
  const removed = await db
    .deleteFrom("auth_account")
    .where("userId", "in", ids)
    .where("providerId", "=", "credential")
    .executeTakeFirst()
  await db.deleteFrom("auth_session").where("userId", "in", ids).execute()
  return Number(removed.numDeletedRows)
}

/** Creates the missing demo accounts, already verified; answers those it created. */
export async function seedDemoAccounts(auth: Auth, db: Kysely<Database>): Promise<DemoAccount[]> {
  const context = await auth.$context
  const created: DemoAccount[] = []
  for (const account of DEMO_ACCOUNTS) {
    const existing = await db
      .selectFrom("auth_user")
      .select("id")
      .where("email", "=", account.email)
      .executeTakeFirst()
    if (existing) continue
    const user = await context.internalAdapter.createUser(
      { name: account.name, email: account.email, emailVerified: true, role: account.role },
      { method: "email-password" },
    )
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await context.password.hash(account.password),
    })
    created.push(account)
  }
  return created
}
