import { createTRPCClient } from "@trpc/client"
import { Effect } from "effect"
import { sql } from "kysely"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DatabaseTarget } from "../../adapters/db/connect"
import { Db } from "../../adapters/db/DatabaseService"
import { withExecutor } from "../../adapters/db/transaction"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { CatalogChanges } from "../../application/ports/CatalogChanges"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import { createApp } from "../../server/app"
import { loadConfig } from "../../server/config"
import { createLogger } from "../../server/logger"
import { createAppRuntime } from "../../server/runtime"
import type { AppRouter } from "../../web/lib/trpc"
import { freshPostgres, postgresServerUrl, testTarget } from "../support/databases"
import { type RunningServer, startServer } from "../support/server"

const CUSTOMER = {
  email: "cliente@demo.legendarium.com.br",
  password: "Colecionador2026",
  name: "Cliente Demonstração",
}
const PAGE = "/colecoes/lendas-do-anime"

const nonceAttributes = (html: string) => [...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: CUSTOMER.email, password: CUSTOMER.password }),
  })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ")
}

describe("anonymous page cache, on the built server", () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ PAGE_CACHE_SECONDS: "60" })
  })
  afterAll(() => server?.stop())

  it("serves the second anonymous request from memory, byte for byte, with a hash policy and no nonce", async () => {
    const first = await fetch(server.url + PAGE)
    const firstHtml = await first.text()
    const second = await fetch(server.url + PAGE)
    const html = await second.text()
    expect(second.headers.get("x-page-cache")).toBe("hit")
    expect(html).toBe(firstHtml)
    expect(html).toContain("Lendas do Anime")
    const policy = second.headers.get("content-security-policy") ?? ""
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/)
    expect(policy).not.toContain("nonce")
    expect(nonceAttributes(html)).toEqual([])
  })

  it("never serves a signed-in customer from it, and keeps their data out of it", async () => {
    const cookie = await signIn(server.url)
    const mine = await fetch(server.url + PAGE, { headers: { cookie } })
    const mineHtml = await mine.text()
    expect(mine.headers.get("x-page-cache")).toBeNull()
    expect(mineHtml).toContain("Meus Pedidos")
    expect(mineHtml).toContain(CUSTOMER.name)
    // Every signed-in page has its own nonce, in its policy and on its scripts.
    const nonce = /'nonce-([^']+)'/.exec(mine.headers.get("content-security-policy") ?? "")?.[1]
    expect(nonce).toBeTruthy()
    expect(new Set(nonceAttributes(mineHtml))).toEqual(new Set([nonce]))
    const again = await fetch(server.url + PAGE, { headers: { cookie } })
    const againNonce = /'nonce-([^']+)'/.exec(again.headers.get("content-security-policy") ?? "")?.[1]
    expect(againNonce).not.toBe(nonce)

    const anonymous = await (await fetch(server.url + PAGE)).text()
    expect(anonymous).not.toContain(CUSTOMER.name)
    expect(anonymous).not.toContain("Meus Pedidos")
    expect(anonymous).not.toContain(nonce)
  })

  it("leaves pages other than the catalogue's alone", async () => {
    await fetch(`${server.url}/carrinho`)
    const res = await fetch(`${server.url}/carrinho`)
    expect(res.headers.get("x-page-cache")).toBeNull()
    expect(res.headers.get("content-security-policy")).toContain("'nonce-")
  })
})

/** The collection's name as the page shows it, read from a page rendered through the real tRPC router. */
function catalogueApp(runtimeConfig: Record<string, string>, database?: DatabaseTarget) {
  const config = loadConfig({
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    PAGE_CACHE_SECONDS: "300",
    CATALOG_CACHE_SECONDS: "300",
    ...runtimeConfig,
  })
  const runtime = createAppRuntime(config, { workers: false, ...(database ? { database } : {}) })
  const app = createApp({
    config,
    runtime,
    logger: createLogger("silent"),
    manifest: () => ({ routes: {} }),
    inlineCss: "body{}",
    // A stand-in for the React renderer: the page lists the collections the router answers.
    render: async (_request, options) => {
      const client = createTRPCClient<AppRouter>({ links: [options.link] })
      const collections = await client.catalog.collections.query()
      return new Response(
        `<!doctype html><script>1</script><ul>${collections.map((c) => `<li>${c.name}</li>`).join("")}</ul>`,
        { headers: { "content-type": "text/html; charset=utf-8" } },
      )
    },
  })
  return { runtime, app }
}

async function renameFirstCollection(runtime: ReturnType<typeof createAppRuntime>, name: string) {
  // A catalogue write as the admin area will do it: the change and its announcement in one unit of work.
  await runtime.runPromise(
    Effect.gen(function* () {
      const { db } = yield* Db
      const uow = yield* UnitOfWork
      const changes = yield* CatalogChanges
      yield* uow.atomically(
        Effect.gen(function* () {
          yield* withExecutor(db, (executor) =>
            sql`update legendarium_collections set name = ${name} where slug = 'lendas-do-anime'`.execute(
              executor,
            ),
          )
          yield* changes.announce()
        }),
      )
    }),
  )
}

describe("catalogue changes reach the caches", () => {
  it("on PGlite: a committed change is shown at once, long before the TTLs", async () => {
    // From the migrated snapshot: running every migration in WebAssembly took most of this test.
    const embedded = await testTarget({ DATA_DIR: ":memory:" })
    const { runtime, app: appPromise } = catalogueApp({ DATA_DIR: ":memory:" }, embedded)
    try {
      const app = await appPromise
      const { db } = await runtime.runPromise(Db.use((s) => Effect.succeed(s)))
      await seedDemoCatalog(db, Date.now())
      const page = async () => {
        const res = await app.request("/colecoes")
        return { cache: res.headers.get("x-page-cache"), html: await res.text() }
      }
      expect((await page()).html).toContain("Lendas do Anime")
      expect((await page()).cache).toBe("hit")
      await renameFirstCollection(runtime, "Lendas Renovadas")
      await expect.poll(async () => (await page()).html, { timeout: 5000 }).toContain("Lendas Renovadas")
    } finally {
      await runtime.dispose()
    }
  })

  it("on PostgreSQL: a NOTIFY from another session (another instance) empties this instance's caches", async () => {
    const url = await postgresServerUrl()
    if (!url) return console.warn("skipped: no PostgreSQL")
    const database = await freshPostgres(url)
    const target = database.target.kind === "postgres" ? database.target.url : ""
    const { runtime, app: appPromise } = catalogueApp({ DATABASE_URL: target })
    try {
      const app = await appPromise
      const { db } = await runtime.runPromise(Db.use((s) => Effect.succeed(s)))
      await seedDemoCatalog(db, Date.now())
      const page = async () => {
        const res = await app.request("/colecoes")
        return { cache: res.headers.get("x-page-cache"), html: await res.text() }
      }
      expect((await page()).html).toContain("Lendas do Anime")
      expect((await page()).cache).toBe("hit")
      const other = new pg.Client({ connectionString: target })
      await other.connect()
      await other.query("begin")
      await other.query(
        "update legendarium_collections set name = 'Lendas de Outra Instância' where slug = 'lendas-do-anime'",
      )
      await other.query("select pg_notify('catalog_changed', '')")
      // Not committed yet: nothing changes, and the cache keeps answering.
      expect((await page()).cache).toBe("hit")
      await other.query("commit")
      await other.end()
      await expect
        .poll(async () => (await page()).html, { timeout: 5000 })
        .toContain("Lendas de Outra Instância")
    } finally {
      await runtime.dispose()
      await database.dispose()
    }
  })
})
