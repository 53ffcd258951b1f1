import type { Browser, Page } from "playwright"
import { afterAll, beforeAll } from "vitest"
import { startFakeViaCep } from "../../fakes/fakeViaCep"
import { launchBrowser } from "../../support/browser"
import { freshPostgres, postgresServerUrl, type TestDatabase } from "../../support/databases"
import { createVerifiedAccount } from "../../support/mailbox"
import { signIn } from "../../support/pages"
import { type RunningServer, startServer } from "../../support/server"

export interface Person {
  readonly name: string
  readonly email: string
  readonly password: string
}

export const ADMIN: Person = { name: "Chefe", email: "chefe@example.com", password: "Chefe12345" }
export const MODERATOR: Person = { name: "Moderadora", email: "mod@example.com", password: "Moderadora1" }
export const CUSTOMER: Person = { name: "Elisa Prado", email: "elisa@example.com", password: "Elisa12345" }

/**
 * One production server, one browser and three accounts for every administration journey: each journey is a
 * module of ./ that takes this world, and administration.test.ts runs them in turn (one server start for all).
 */
export interface AdminWorld {
  readonly server: RunningServer
  readonly browser: Browser
  /** A fresh browser context signed in as `who`, on the page they land on. */
  signedIn(who: Person): Promise<Page>
}

export async function startAdminWorld(): Promise<AdminWorld & { stop(): Promise<void> }> {
  const viaCep = await startFakeViaCep()
  const url = await postgresServerUrl()
  const database: TestDatabase | null = url ? await freshPostgres(url) : null
  const [server, browser] = await Promise.all([
    startServer({
      NODE_ENV: "test",
      VIACEP_URL: viaCep.baseUrl,
      ADMIN_EMAILS: ADMIN.email,
      MODERATOR_EMAILS: MODERATOR.email,
      // The header's unread count polls every 2 s instead of 30 (tests/e2e/admin/notificationCentre.ts).
      NOTIFICATIONS_POLL_SECONDS: "2",
      // The figures the journeys check count only this world's accounts, on PGlite as on PostgreSQL.
      SEED_DEMO_USERS: "false",
      ...(database?.target.kind === "postgres" ? { DATABASE_URL: database.target.url } : {}),
    }),
    launchBrowser(),
  ])
  for (const who of [ADMIN, MODERATOR, CUSTOMER])
    await createVerifiedAccount(server.url, who.name, who.email, who.password)
  return {
    server,
    browser,
    signedIn: async (who) => {
      const context = await browser.newContext({
        locale: "pt-BR",
        viewport: { width: 1280, height: 900 },
        acceptDownloads: true,
      })
      const page = await context.newPage()
      await signIn(page, server.url, who.email, who.password)
      await page.waitForURL((u) => !u.pathname.startsWith("/auth"))
      return page
    },
    stop: async () => {
      await browser.close()
      await server.stop()
      await viaCep.close()
      await database?.dispose()
    },
  }
}

/** Starts the world before the file's tests and stops it after them; a test reads it through the getter. */
export function adminWorldForFile(): () => AdminWorld {
  let world: (AdminWorld & { stop(): Promise<void> }) | undefined
  beforeAll(async () => {
    world = await startAdminWorld()
  }, 120_000)
  afterAll(async () => {
    await world?.stop()
  })
  return () => {
    if (!world) throw new Error("the admin world did not start")
    return world
  }
}
