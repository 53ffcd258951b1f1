import pg from "pg"
import type { Browser, BrowserContextOptions, Page } from "playwright"
import { startFakeViaCep } from "../fakes/fakeViaCep"
import { launchBrowser } from "./browser"
import { freshPostgres } from "./databases"
import { createVerifiedAccount } from "./mailbox"
import { signIn } from "./pages"
import { type RunningServer, startServer } from "./server"

/** The built store on a fresh PostgreSQL database, with the fake ViaCEP, and a client to read what it wrote. */
export interface PostgresStore {
  readonly server: RunningServer
  readonly browser: Browser
  readonly sql: pg.Client
  stop(): Promise<void>
}

export async function startPostgresStore(databaseUrl: string): Promise<PostgresStore> {
  const database = await freshPostgres(databaseUrl)
  const viaCep = await startFakeViaCep()
  const url = database.target.kind === "postgres" ? database.target.url : ""
  const [server, browser] = await Promise.all([
    startServer({ NODE_ENV: "test", VIACEP_URL: viaCep.baseUrl, DATABASE_URL: url }),
    launchBrowser(),
  ])
  const sql = new pg.Client({ connectionString: url })
  await sql.connect()
  return {
    server,
    browser,
    sql,
    stop: async () => {
      await sql.end()
      await browser.close()
      await server.stop()
      await viaCep.close()
      await database.dispose()
    },
  }
}

/** Signs a page in and waits until the store has left the sign-in screens. */
export async function signInAndWait(page: Page, baseUrl: string, email: string, password: string) {
  await signIn(page, baseUrl, email, password)
  await page.waitForURL((u) => !u.pathname.startsWith("/auth"))
}

/** A page of its own browser context, signed in as a verified account made for it. */
export async function signedInPage(
  store: PostgresStore,
  account: { name: string; email: string; password: string },
  contextOptions: BrowserContextOptions = { locale: "pt-BR", viewport: { width: 1280, height: 900 } },
): Promise<Page> {
  await createVerifiedAccount(store.server.url, account.name, account.email, account.password)
  const page = await (await store.browser.newContext(contextOptions)).newPage()
  await signInAndWait(page, store.server.url, account.email, account.password)
  return page
}

/** A page signed in as Olga, an administrator made for the test. */
export async function adminPage(store: PostgresStore): Promise<Page> {
  const olga = { name: "Olga Admin", email: "olga@example.com", password: "OlgaAdmin123" }
  await createVerifiedAccount(store.server.url, olga.name, olga.email, olga.password)
  await store.sql.query(`update auth_user set "appRole" = 'admin' where email = $1`, [olga.email])
  const page = await (await store.browser.newContext({ locale: "pt-BR" })).newPage()
  await signInAndWait(page, store.server.url, olga.email, olga.password)
  return page
}
