import { randomBytes } from "node:crypto"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshPostgres, postgresServerUrl, type TestDatabase } from "../support/databases"
import { refusedStart, type ServerEnv, startServer } from "../support/server"

const pgUrl = await postgresServerUrl()

/** The bundle `npm start` runs, not the functions server/deployment.test.ts calls: the refusal must stop the process. */
describe.skipIf(!pgUrl)("the built server started as a production store", () => {
  let database: TestDatabase
  let production: ServerEnv

  beforeAll(async () => {
    database = await freshPostgres(pgUrl ?? "")
    production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://loja.example",
      DATABASE_URL: database.target.kind === "postgres" ? database.target.url : "",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      // No provider credentials and no sandbox declared, whatever the machine running the tests has set.
      MERCADOPAGO_ACCESS_TOKEN: undefined,
      MERCADOPAGO_PUBLIC_KEY: undefined,
      MERCADOPAGO_WEBHOOK_SECRET: undefined,
      SMTP_URL: undefined,
      PAYMENTS: undefined,
      MAIL: undefined,
    }
  })
  afterAll(() => database?.dispose())

  it("refuses to start without Mercado Pago credentials, says what to set, and leaves the database untouched", async () => {
    const { code, stderr } = await refusedStart(production)
    expect(code).toBe(1)
    expect(stderr).toContain("Início recusado: esta é uma loja em produção")
    expect(stderr).toContain("PUBLIC_URL é https")
    expect(stderr).toContain(
      "pagamentos: defina MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_PUBLIC_KEY e MERCADOPAGO_WEBHOOK_SECRET, ou PAYMENTS=sandbox",
    )
    const client = new pg.Client({ connectionString: production.DATABASE_URL })
    await client.connect()
    try {
      const tables = await client.query(
        "select 1 from information_schema.tables where table_schema = 'public'",
      )
      expect(tables.rowCount).toBe(0)
    } finally {
      await client.end()
    }
  })

  it("starts as a demonstration store when told PAYMENTS=sandbox and MAIL=sandbox, and its pages say so", async () => {
    // The notice is the layout's, on every page: an empty catalogue shows it as well and starts sooner.
    const server = await startServer({
      ...production,
      PAYMENTS: "sandbox",
      MAIL: "sandbox",
      SEED_DEMO_DATA: "false",
    })
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
      const home = await fetch(`${server.url}/`)
      expect(home.status).toBe(200)
      const html = await home.text()
      expect(html).toContain('<meta name="demo-store" content="true"')
      expect(html).toContain("Loja de demonstração: os pagamentos são simulados e nenhum valor é cobrado.")
    } finally {
      await server.stop()
    }
  })
})
