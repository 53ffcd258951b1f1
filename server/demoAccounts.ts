import type { Kysely } from "kysely"
import type { Auth } from "../adapters/auth/betterAuth"
import type { Database } from "../adapters/db/schema"
import type { Config } from "./config"

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

const isLocal = (url: string) => ["localhost", "127.0.0.1", "[::1]"].includes(new URL(url).hostname)

/**
 * Demo accounts exist where a newcomer tries the store: the embedded database with demo data, served on this
 * machine. A PostgreSQL database or a public address gets them only when SEED_DEMO_USERS=true says so, since
 * their passwords are public.
 */
export function shouldSeedDemoAccounts(config: Config): boolean {
  if (config.SEED_DEMO_USERS !== undefined) return config.SEED_DEMO_USERS
  return config.SEED_DEMO_DATA && !config.DATABASE_URL && isLocal(config.publicUrl)
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
