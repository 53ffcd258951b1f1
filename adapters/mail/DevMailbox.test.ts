import { Effect } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type EmailMessage, Mailer } from "../../application/ports/Mailer"
import { down, up } from "../../migrations/20261124000001_event_outbox"
import { devEmailRoutes } from "../../server/http/devEmails"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { DevMailboxMailerLayer, findDevMailboxMessage, latestMessageTo, listDevMailbox } from "./DevMailbox"

const databases = await testDatabases()

const mailboxExists = async (db: Kysely<Database>) => {
  const { rows } = await sql<{ t: string | null }>`select to_regclass('dev_mailbox')::text as t`.execute(db)
  return rows[0]?.t != null
}

const message = (to: string, subject: string): EmailMessage => ({
  to,
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
})

describe.each(databases)("dev mailbox on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  const send = (m: EmailMessage) =>
    Effect.runPromise(
      Mailer.use((mailer) => mailer.send(m)).pipe(
        Effect.provide(DevMailboxMailerLayer),
        Effect.provide(Db.fromHandle(handle)),
      ),
    )

  beforeAll(async () => {
    handle = await migrated(database)
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("keeps a sent message, readable by recipient and by id", async () => {
    await send({
      to: "Ana@Example.com",
      subject: "Confirme seu e-mail — Legendarium",
      html: "<p>Olá, Ana &amp; Bia</p>",
      text: "Olá, Ana & Bia",
    })
    const latest = await latestMessageTo(handle.db, "  ana@example.COM ")
    expect(latest).toMatchObject({
      to: "Ana@Example.com",
      subject: "Confirme seu e-mail — Legendarium",
      html: "<p>Olá, Ana &amp; Bia</p>",
      text: "Olá, Ana & Bia",
    })
    expect(latest!.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(latest!.createdAt).toBeInstanceOf(Date)
    // Stamped by the database: compared with its clock, which a PostgreSQL server on another host (or a moved
    // test clock) does not share with this process.
    const { rows } = await sql<{ now: Date }>`select now() as now`.execute(handle.db)
    expect(Math.abs(latest!.createdAt.getTime() - new Date(rows[0]!.now).getTime())).toBeLessThan(60_000)
    expect(await findDevMailboxMessage(handle.db, latest!.id)).toEqual(latest)
    expect(await findDevMailboxMessage(handle.db, "00000000-0000-4000-8000-000000000000")).toBeNull()
    expect(await latestMessageTo(handle.db, "ninguem@example.com")).toBeNull()
  })

  it("answers the newest message to an address", async () => {
    await send(message("bia@example.com", "primeira"))
    await send(message("bia@example.com", "segunda"))
    expect((await latestMessageTo(handle.db, "bia@example.com"))?.subject).toBe("segunda")
  })

  it("lists the newest first, without bodies, up to the limit", async () => {
    const base = Date.UTC(2030, 0, 1, 15)
    for (let i = 0; i < 4; i++)
      await handle.db
        .insertInto("dev_mailbox")
        .values({
          recipient: `lista${i}@example.com`,
          subject: `lista ${i}`,
          html: "<p></p>",
          text: "",
          created_at: new Date(base + i * 60_000),
        })
        .execute()
    const listed = await listDevMailbox(handle.db, 3)
    expect(listed.map((m) => m.subject)).toEqual(["lista 3", "lista 2", "lista 1"])
    expect(listed[0]).toEqual({
      id: expect.any(String),
      to: "lista3@example.com",
      subject: "lista 3",
      createdAt: new Date(base + 3 * 60_000),
    })
    expect(await listDevMailbox(handle.db)).toHaveLength(7)
  })

  it("shows the outbox at /dev/emails, newest first, each message linked", async () => {
    const app = devEmailRoutes(handle.db)
    const response = await app.request("/")
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/html/)
    expect(response.headers.get("x-robots-tag")).toContain("noindex")
    const html = await response.text()
    expect(html).toContain('<meta name="robots" content="noindex')
    expect(html).toContain("E-mails guardados (sem SMTP)")
    const first = (await listDevMailbox(handle.db))[0]!
    expect(html).toContain(`<a href="/dev/emails/${first.id}">lista 3</a>`)
    expect(html.indexOf("lista 3")).toBeLessThan(html.indexOf("lista 2"))
    expect(html).toContain("01/01/2030")
  })

  it("shows one message in a sandboxed frame with its text version, escaped", async () => {
    await send({
      to: "carla@example.com",
      subject: 'Teste <b>& "aspas"',
      html: `<p class="x">Olá & até já</p><script>alert(1)</script>`,
      text: "Abra https://loja.example/verificar?token=a&b=c\n<fim>",
    })
    const sent = (await latestMessageTo(handle.db, "carla@example.com"))!
    const app = devEmailRoutes(handle.db)
    const response = await app.request(`/${sent.id.toUpperCase()}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(
      'srcdoc="&lt;p class=&quot;x&quot;&gt;Olá &amp; até já&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    )
    expect(html).toMatch(/<iframe[^>]* sandbox="[^"]*"/)
    expect(html).not.toMatch(/sandbox="[^"]*allow-scripts/)
    expect(html).toContain("<pre>Abra https://loja.example/verificar?token=a&amp;b=c\n&lt;fim&gt;</pre>")
    expect(html).toContain('href="https://loja.example/verificar?token=a&amp;b=c"')
    expect(html).toContain("<h1>Teste &lt;b&gt;&amp; &quot;aspas&quot;</h1>")
    expect(html).not.toContain("<script>")
  })

  it("answers 404 for unknown and malformed ids", async () => {
    const app = devEmailRoutes(handle.db)
    for (const id of ["00000000-0000-4000-8000-000000000000", "nao-e-uuid", "1%27%20or%201=1"]) {
      const response = await app.request(`/${id}`)
      expect(response.status).toBe(404)
      expect(await response.text()).toContain("Mensagem não encontrada")
    }
  })

  it("migrates down and up again, keeping the messages", async () => {
    const before = await listDevMailbox(handle.db)
    await down(handle.db)
    expect(await mailboxExists(handle.db)).toBe(false)
    await up(handle.db)
    expect(await mailboxExists(handle.db)).toBe(true)
    expect(await listDevMailbox(handle.db)).toEqual(before)
  })
})
