import { randomBytes } from "node:crypto"
import { createServer, request, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshPostgres, postgresServerUrl, type TestDatabase } from "../support/databases"
import { type RunningServer, startServer } from "../support/server"

const GRACE_SECONDS = 15
const CUSTOMER = { email: "cliente@demo.legendarium.com.br", password: "Colecionador2026" }
const ADMIN = { email: "admin@demo.legendarium.com.br", password: "Legendarium2026" }

/**
 * A round-robin proxy like the one in front of a real deployment. Each request opens its own connection to an
 * instance; a connection the instance refused (it was not listening: stopped, or not started yet) is tried on
 * the next one, as nginx or a load balancer does, since the request never reached anybody. Anything else (a
 * reset, a 5xx) goes back to the client as it is: that is a lost request.
 */
function roundRobinProxy(upstreams: string[]) {
  let next = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const body = Buffer.concat(chunks)
      const attempt = (tries: number) => {
        const target = new URL(upstreams[next++ % upstreams.length] ?? "")
        const upstream = request(
          {
            host: target.hostname,
            port: target.port,
            method: req.method,
            path: req.url,
            headers: { ...req.headers, host: target.host },
            agent: false,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(res)
            answer.on("error", () => res.destroy())
          },
        )
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          if (error.code === "ECONNREFUSED" && tries < upstreams.length * 20)
            setTimeout(() => attempt(tries + 1), 25)
          else if (!res.headersSent) res.writeHead(502).end(error.code ?? "upstream error")
          else res.destroy()
        })
        upstream.end(body)
      }
      attempt(0)
    })
  })
  return new Promise<{ url: string; server: Server }>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  )
}

async function signIn(url: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify(account),
  })
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ")
}

const trpcMutation = (url: string, cookie: string, path: string, input: unknown) =>
  fetch(`${url}/api/trpc/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url, cookie },
    body: JSON.stringify({ json: input }),
  })

const pgUrl = await postgresServerUrl()

describe.skipIf(!pgUrl)("a rolling restart of two instances behind a proxy", () => {
  let database: TestDatabase
  let url = ""
  const secret = randomBytes(32).toString("base64url")
  const instances: RunningServer[] = []
  const upstreams: string[] = []
  let proxy: Awaited<ReturnType<typeof roundRobinProxy>>
  const env = () => ({
    NODE_ENV: "test",
    DATABASE_URL: url,
    // The customers' browsers know the store by the proxy's address, the origin its instances accept.
    PUBLIC_URL: proxy.url,
    // One secret for every instance, as in production: a session opened on one is good on the other.
    AUTH_SECRET: secret,
    SEED_DEMO_USERS: "true",
    SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
  })

  beforeAll(async () => {
    database = await freshPostgres(pgUrl ?? "")
    url = database.target.kind === "postgres" ? database.target.url : ""
    proxy = await roundRobinProxy(upstreams)
    // One after the other: the first migrates and seeds the database the second finds ready.
    instances.push(await startServer(env()))
    instances.push(await startServer(env()))
    upstreams.push(...instances.map((i) => i.url))
  })
  afterAll(async () => {
    proxy?.server.close()
    for (const instance of instances) await instance.stop()
    await database?.dispose()
  })

  it("loses no request while each instance in turn stops and starts again", async () => {
    const customer = await signIn(proxy.url, CUSTOMER)
    const admin = await signIn(proxy.url, ADMIN)
    const sql = new pg.Client({ connectionString: url })
    await sql.connect()
    const products = await sql.query<{ id: string }>("select id from collection_products order by id")
    await sql.end()
    // A piece both can buy: the writes add it to a cart and take it out again, over and over.
    let productId = ""
    for (const { id } of products.rows) {
      const added = await trpcMutation(proxy.url, customer, "cart.add", { productId: id })
      if (added.status !== 200) continue
      await trpcMutation(proxy.url, customer, "cart.remove", { productId: id })
      productId = id
      break
    }
    expect(productId).not.toBe("")

    const failures: string[] = []
    let done = 0
    let running = true
    const record = async (label: string, send: () => Promise<Response>) => {
      try {
        const res = await send()
        await res.arrayBuffer()
        if (res.status !== 200) failures.push(`${label}: ${res.status}`)
      } catch (error) {
        failures.push(`${label}: ${(error as Error).cause ?? error}`)
      }
      done++
    }
    const reader = async (path: string, cookie = "") => {
      while (running) await record(path, () => fetch(proxy.url + path, { headers: { cookie } }))
    }
    const writer = async (cookie: string) => {
      while (running) {
        await record("cart.add", () => trpcMutation(proxy.url, cookie, "cart.add", { productId }))
        await record("cart.remove", () => trpcMutation(proxy.url, cookie, "cart.remove", { productId }))
      }
    }
    const load = Promise.all([
      writer(customer),
      writer(admin),
      reader("/api/trpc/catalog.collections"),
      reader("/api/trpc/cart.mine", customer),
      reader("/colecoes"),
      reader("/"),
    ])

    const exits: { code: number | null; ms: number }[] = []
    for (const slot of [0, 1]) {
      await new Promise((r) => setTimeout(r, 1500))
      const old = instances[slot] as RunningServer
      const started = Date.now()
      const exited = new Promise<number | null>((resolve) => old.process.once("exit", resolve))
      old.process.kill("SIGTERM")
      exits.push({ code: await exited, ms: Date.now() - started })
      const fresh = await startServer(env())
      instances[slot] = fresh
      upstreams[slot] = fresh.url
    }
    await new Promise((r) => setTimeout(r, 1500))
    running = false
    await load

    expect(failures).toEqual([])
    expect(done).toBeGreaterThan(100)
    for (const exit of exits) {
      expect(exit.code).toBe(0)
      expect(exit.ms).toBeLessThan(GRACE_SECONDS * 1000)
    }
  }, 150_000)
})
