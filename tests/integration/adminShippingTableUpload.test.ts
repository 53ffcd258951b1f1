import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DENIAL_MESSAGES } from "../../domain/accounts/roles"
import { SHIPPING_TABLE_MAX_BYTES, SHIPPING_TABLE_MESSAGES } from "../../domain/storeSettings"
import { ADMIN_SHIPPING_TABLE_PATH } from "../../server/http/adminShippingTableUpload"
import { freshPostgres, postgresServerUrl, type TestDatabase } from "../support/databases"
import { createVerifiedAccount } from "../support/mailbox"
import { type RunningServer, startServer } from "../support/server"

const ADMIN = { name: "Chefe", email: "chefe@example.com", password: "Chefe12345" }
const MODERATOR = { name: "Moderadora", email: "mod@example.com", password: "Moderadora1" }
const CUSTOMER = { name: "Elisa Prado", email: "elisa@example.com", password: "Elisa12345" }

const HEADER = "servico,cep_origem,cep_inicio,cep_fim,peso_min_g,peso_max_g,preco,prazo_min,prazo_max"
/** `count` PAC bands over consecutive CEP ranges: a real table's shape, ~47 bytes a line. */
const table = (count: number, price = "25.90") =>
  [
    HEADER,
    ...Array.from({ length: count }, (_, i) => {
      const start = String(i * 10_000).padStart(8, "0")
      const end = String(i * 10_000 + 9_999).padStart(8, "0")
      return `PAC,01001000,${start},${end},0,1000,${price},3,8`
    }),
  ].join("\n")

const url = await postgresServerUrl()

/** The route on the production build, as the settings screen calls it: a file in a multipart form. */
describe.skipIf(!url)(`POST ${ADMIN_SHIPPING_TABLE_PATH}`, () => {
  let server: RunningServer
  let database: TestDatabase
  let db: pg.Client
  const cookies = new Map<string, string>()

  async function signIn(who: { email: string; password: string }): Promise<string> {
    const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: who.email, password: who.password }),
    })
    expect(res.status).toBe(200)
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ")
  }

  const upload = (csv: string, headers: Record<string, string>) => {
    const body = new FormData()
    body.append("csv", new Blob([csv], { type: "text/csv" }), "tabela.csv")
    return fetch(server.url + ADMIN_SHIPPING_TABLE_PATH, { method: "POST", body, headers })
  }
  const as = (who: string) => ({ cookie: cookies.get(who) ?? "", origin: server.url })
  const answer = async (res: Response) => ({ status: res.status, body: await res.json() })

  /** What an import changes: the table's rows and the administrators' log. */
  const state = async () => {
    const rows = await db.query(
      "select count(*)::int as n, min(price_cents) as price from shipping_table_rows",
    )
    const log = await db.query(
      "select actor_email, changes from admin_audit where action = 'import_shipping_table' order by created_at",
    )
    return { rows: rows.rows[0], log: log.rows }
  }

  beforeAll(async () => {
    database = await freshPostgres(url as string)
    const target = database.target.kind === "postgres" ? database.target.url : ""
    server = await startServer({
      NODE_ENV: "test",
      ADMIN_EMAILS: ADMIN.email,
      MODERATOR_EMAILS: MODERATOR.email,
      DATABASE_URL: target,
    })
    db = new pg.Client({ connectionString: target })
    await db.connect()
    for (const who of [ADMIN, MODERATOR, CUSTOMER]) {
      await createVerifiedAccount(server.url, who.name, who.email, who.password)
      cookies.set(who.email, await signIn(who))
    }
  })
  afterAll(async () => {
    await db?.end()
    await server?.stop()
    await database?.dispose()
  })

  it("refuses a visitor as every administration call does", async () => {
    const before = await state()
    expect(await answer(await upload(table(3), { origin: server.url }))).toEqual({
      status: 401,
      body: { error: { message: "Faça login para continuar" } },
    })
    expect(await state()).toEqual(before)
  })

  it("refuses a customer and a moderator (manage_settings is administrators' only), in pt-BR", async () => {
    const before = await state()
    for (const who of [CUSTOMER, MODERATOR])
      expect(await answer(await upload(table(3), as(who.email)))).toEqual({
        status: 403,
        body: { error: { message: DENIAL_MESSAGES.permission } },
      })
    expect(await state()).toEqual(before)
  })

  it("imports an administrator's table larger than the API's 64 KB limit, and logs who did it", async () => {
    const csv = table(3000)
    expect(csv.length).toBeGreaterThan(64 * 1024)
    expect(await answer(await upload(csv, as(ADMIN.email)))).toEqual({
      status: 200,
      body: { imported: 3000, refused: [] },
    })
    const after = await state()
    expect(after.rows).toEqual({ n: 3000, price: 2590 })
    expect(after.log).toEqual([{ actor_email: ADMIN.email, changes: { rows: { from: null, to: 3000 } } }])
  })

  it("lists the bad lines of a table and changes nothing", async () => {
    const before = await state()
    const csv = `${table(2, "12.00")}\nSEDEX,01001000,99999999,00000000,0,1000,30.00,1,2`
    expect(await answer(await upload(csv, as(ADMIN.email)))).toEqual({
      status: 200,
      body: { imported: 0, refused: ["Linha 4: o CEP inicial é maior que o CEP final."] },
    })
    expect(await state()).toEqual(before)
  })

  it("refuses a file over the limit, in pt-BR, and changes nothing", async () => {
    const before = await state()
    const justOver = table(3, "12.00").padEnd(SHIPPING_TABLE_MAX_BYTES + 1, "\n")
    const refused = { status: 413, body: { error: { message: SHIPPING_TABLE_MESSAGES.tooLarge } } }
    // Just over: the file's own size, read whole and refused.
    expect(await answer(await upload(justOver, as(ADMIN.email)))).toEqual(refused)
    // Far over: the body limit answers before the body is read and the connection closes, so the client may
    // still be writing when it does (EPIPE or a reset): a refusal at the transport, which changes nothing too.
    const farOver = await upload(justOver.padEnd(SHIPPING_TABLE_MAX_BYTES * 2, "\n"), as(ADMIN.email)).then(
      answer,
      (error: unknown) => {
        const code = (error as { cause?: { code?: string } }).cause?.code
        if (code === "EPIPE" || code === "ECONNRESET") return refused
        throw error
      },
    )
    expect(farOver).toEqual(refused)
    expect(await state()).toEqual(before)
  })

  it("refuses a post from another site, or from nowhere it can name (CSRF)", async () => {
    const before = await state()
    const cookie = cookies.get(ADMIN.email) ?? ""
    const attempts: Record<string, string>[] = [{ cookie, origin: "https://outro-site.example" }, { cookie }]
    for (const headers of attempts)
      expect(await answer(await upload(table(3, "12.00"), headers))).toEqual({
        status: 403,
        body: { error: { message: "Origem não permitida" } },
      })
    expect(await state()).toEqual(before)
  })

  it("asks for a file when the form carries none", async () => {
    const res = await fetch(server.url + ADMIN_SHIPPING_TABLE_PATH, {
      method: "POST",
      body: new FormData(),
      headers: as(ADMIN.email),
    })
    expect(await answer(res)).toEqual({
      status: 400,
      body: { error: { message: SHIPPING_TABLE_MESSAGES.noFile } },
    })
  })
})
