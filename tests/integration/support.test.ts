import { TRPCError } from "@trpc/server"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import type { Viewer } from "../../application/ports/CurrentUser"
import { SupportDesk } from "../../application/ports/SupportDesk"
import { TicketProofTokens } from "../../application/ports/TicketProofTokens"
import { createLogger } from "../../server/logger"
import { appRouter } from "../../server/trpc/appRouter"
import { createCallerFactory } from "../../server/trpc/init"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addUsers, runtimeDb } from "../support/storeRuntime"

// Support tickets on the real adapter and routers, on PGlite and on PostgreSQL: a visitor's ticket, read by the
// customer who signs in with that e-mail once the acknowledgement's link proved it, answered by staff; everyone
// else refused at the object level.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

const ana = customer("sup-ana", "Ana Souza")
const bruno = customer("sup-bruno", "Bruno Costa")
const staff: Viewer = { ...customer("sup-admin", "Atendente"), role: "admin" }
const moderator: Viewer = { ...customer("sup-mod", "Moderadora"), role: "moderator" }

const form = {
  name: "Ana Souza",
  email: "SUP-ANA@example.com",
  category: "shipping",
  subject: "Pedido não chegou",
  description: "Já se passaram 15 dias úteis desde o envio.",
}

describe.each(targets)("support tickets on $name", (target) => {
  const { runtime } = testRuntime(target, embedded, { workers: false })
  let db: Kysely<Database>
  let address = 0
  // A fresh address per call unless one is given, so the per-address limit only bites where it is tested.
  const caller = (who: Viewer | null, clientIp = `10.0.${++address}.1`) =>
    createCallerFactory(appRouter)({
      runtime,
      logger: createLogger("silent"),
      auth: null as never,
      viewer: who,
      headers: new Headers(),
      clientIp,
    })
  const refusal = async (call: Promise<unknown>) => {
    try {
      await call
      return "accepted"
    } catch (error) {
      return error instanceof TRPCError ? `${error.code} ${error.message}` : String(error)
    }
  }

  /** What the acknowledgement's link carries, signed by the server's own token adapter. */
  const proofToken = (ticketId: string, email: string) =>
    runtime.runPromise(TicketProofTokens.use((tokens) => Effect.succeed(tokens.sign(ticketId, email))))
  const proven = async (ticketId: string) =>
    caller(null).support.proveAddress({ token: await proofToken(ticketId, "sup-ana@example.com") })

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    await addUsers(db, [ana, bruno, staff, moderator])
  }, 60_000)
  afterAll(() => runtime.dispose())

  it("a visitor's ticket: numbered, the e-mail lower-cased, its first message and the acknowledgement event", async () => {
    const opened = await caller(null).support.open(form)
    expect(opened.number).toMatch(/^#\d{4,}$/)
    const row = await db
      .selectFrom("support_tickets")
      .selectAll()
      .where("id", "=", opened.id ?? "")
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      user_id: null,
      email: "sup-ana@example.com",
      status: "open",
      email_proven_at: null,
    })
    expect(`#${row.number}`).toBe(opened.number)
    const events = await db
      .selectFrom("outbox_events")
      .select(["type", "aggregate_id"])
      .where("aggregate_id", "=", opened.id ?? "")
      .execute()
    expect(events).toEqual([{ type: "SupportTicketOpened", aggregate_id: opened.id }])
    const second = await caller(null).support.open({ ...form, subject: "Outra dúvida" })
    expect(Number(second.number?.slice(1))).toBe(row.number + 1)
  })

  it("refuses an incomplete form with the field's message, a spam trap stores nothing", async () => {
    const before = await db.selectFrom("support_tickets").select("id").execute()
    expect(await refusal(caller(null).support.open({ ...form, name: "" }))).toBe(
      "BAD_REQUEST Informe seu nome completo",
    )
    expect(await caller(null).support.open({ ...form, website: "spam" })).toEqual({ id: null, number: null })
    expect(
      await refusal(caller(ana).support.open({ ...form, orderId: "00000000-0000-4000-8000-00000000beef" })),
    ).toBe("BAD_REQUEST Escolha um pedido seu")
    expect(await db.selectFrom("support_tickets").select("id").execute()).toHaveLength(before.length)
  })

  it("attaches the author's own order, never someone else's", async () => {
    const orderId = "00000000-0000-4000-8000-0000000a0a01"
    const now = new Date()
    await db
      .insertInto("orders")
      .values({
        id: orderId,
        number: "LG-SUP-0001",
        tracking_code: "SUP0001",
        user_id: ana.id,
        idempotency_key: "support-order-1",
        status: "awaiting_payment",
        subtotal_cents: 29990,
        discount_cents: 0,
        shipping_cents: 0,
        total_cents: 29990,
        shipping: JSON.stringify({ id: "pac", name: "PAC", price: 0, days: 10, provider: "correios" }),
        address: JSON.stringify({}),
        placed_at: now,
        pay_by: now,
        updated_at: now,
      } as never)
      .execute()
    expect((await caller(ana).support.myOrders()).map((o) => o.number)).toEqual(["LG-SUP-0001"])
    expect(await caller(bruno).support.myOrders()).toEqual([])
    expect(await refusal(caller(bruno).support.open({ ...form, orderId }))).toBe(
      "BAD_REQUEST Escolha um pedido seu",
    )
    const { id } = await caller(ana).support.open({ ...form, subject: "Sobre meu pedido", orderId })
    const thread = await caller(ana).support.thread({ ticketId: id ?? "" })
    expect(thread.ticket).toMatchObject({ orderId, orderNumber: "LG-SUP-0001" })
    expect((await caller(staff).admin.support.ticket({ id: id ?? "" })).ticket.orderNumber).toBe(
      "LG-SUP-0001",
    )
  })

  it("rate-limits tickets per address", async () => {
    const ip = "10.77.0.1"
    // A form refused for a missing field does not use up the address's tickets.
    for (let i = 0; i < 3; i++)
      expect(await refusal(caller(null, ip).support.open({ ...form, subject: "" }))).toMatch(/^BAD_REQUEST/)
    for (let i = 0; i < 5; i++) await caller(null, ip).support.open({ ...form, email: "limit@example.com" })
    expect(await refusal(caller(null, ip).support.open(form))).toMatch(/^TOO_MANY_REQUESTS .*muitos chamados/)
  })

  it("a visitor's ticket with a customer's address is not in her account until the link proves it", async () => {
    const { id, number } = await caller(null).support.open({ ...form, subject: "Mudem meu endereço" })
    if (!id) throw new Error("no ticket")
    expect((await caller(ana).support.mine()).map((t) => t.id)).not.toContain(id)
    expect(await refusal(caller(ana).support.thread({ ticketId: id }))).toBe(
      "NOT_FOUND Chamado não encontrado",
    )
    expect(await refusal(caller(ana).support.reply({ ticketId: id, body: "oi" }))).toMatch(/^NOT_FOUND/)
    const token = await proofToken(id, "sup-ana@example.com")
    expect(await refusal(caller(null).support.proveAddress({ token: `${token}x` }))).toBe(
      "BAD_REQUEST Este link de confirmação é inválido ou foi alterado. Use o link do e-mail que recebeu ou fale com a gente por e-mail.",
    )
    expect(
      await refusal(caller(null).support.proveAddress({ token: await proofToken(id, "bruno@example.com") })),
    ).toMatch(/^BAD_REQUEST Este link de confirmação é inválido/)
    expect(await refusal(caller(null).support.proveAddress({ token: "" }))).toMatch(/^BAD_REQUEST/)
    expect((await caller(ana).support.mine()).map((t) => t.id)).not.toContain(id)
    expect(await caller(null).support.proveAddress({ token })).toEqual({ number })
    expect((await caller(ana).support.mine()).map((t) => t.id)).toContain(id)
    expect((await caller(ana).support.thread({ ticketId: id })).messages).toHaveLength(1)
    // Proving the address gives the ticket to no one else, and staff saw it all along.
    expect((await caller(bruno).support.mine()).map((t) => t.id)).not.toContain(id)
    expect((await caller(staff).admin.support.ticket({ id })).ticket.id).toBe(id)
    const row = await db
      .selectFrom("support_tickets")
      .select(["user_id", "email_proven_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
    expect(row.user_id).toBeNull()
    expect(row.email_proven_at).toBeInstanceOf(Date)
  })

  it("the customer with the verified e-mail reads a proven ticket; another customer and a visitor cannot", async () => {
    const { id } = await caller(null).support.open({ ...form, subject: "Peça quebrada" })
    if (!id) throw new Error("no ticket")
    await proven(id)
    const mine = await caller(ana).support.mine()
    expect(mine.map((t) => t.subject)).toContain("Peça quebrada")
    expect(await caller(bruno).support.mine()).toEqual([])
    const unverified = await caller({ ...ana, emailVerified: false }).support.mine()
    expect(unverified.map((t) => t.subject)).not.toContain("Peça quebrada")
    const brunos = await caller(bruno).support.open({ ...form, subject: "Aberto pelo Bruno" })
    expect((await caller(ana).support.mine()).map((t) => t.subject)).not.toContain("Aberto pelo Bruno")
    expect(await refusal(caller(ana).support.thread({ ticketId: brunos.id ?? "" }))).toMatch(/^NOT_FOUND/)
    expect((await caller(ana).support.thread({ ticketId: id })).messages).toHaveLength(1)
    expect(await refusal(caller(bruno).support.thread({ ticketId: id }))).toBe(
      "NOT_FOUND Chamado não encontrado",
    )
    expect(await refusal(caller(null).support.thread({ ticketId: id }))).toMatch(/^UNAUTHORIZED/)
    expect(await refusal(caller(bruno).support.reply({ ticketId: id, body: "oi" }))).toMatch(/^NOT_FOUND/)
    expect(await refusal(caller(bruno).support.close({ ticketId: id }))).toMatch(/^NOT_FOUND/)
    expect(await refusal(caller(ana).admin.support.inbox({}))).toMatch(/^FORBIDDEN/)
    expect(await refusal(caller(ana).admin.support.ticket({ id }))).toMatch(/^FORBIDDEN/)
    expect(await refusal(caller(null).admin.support.reply({ id, body: "x" }))).toMatch(/^UNAUTHORIZED/)
  })

  it("names a ticket's owner: its account, the account that verified a proven address, else nobody", async () => {
    const ownerName = (userId: string | null, emailProvenAt: number | null) =>
      runtime.runPromise(
        SupportDesk.use((desk) => desk.ownerName({ userId, email: "sup-ana@example.com", emailProvenAt })),
      )
    expect(await ownerName(bruno.id, null)).toBe("Bruno Costa")
    expect(await ownerName(null, Date.UTC(2026, 10, 27))).toBe("Ana Souza")
    expect(await ownerName(null, null)).toBeNull()
  })

  it("staff answer and note; the customer sees the answer, never the note; the reply reopens the ticket", async () => {
    const { id, number } = await caller(null).support.open({ ...form, subject: "Cobrança duplicada" })
    if (!id || !number) throw new Error("no ticket")
    await proven(id)
    await caller(moderator).admin.support.note({ id, body: "Nota interna: checar gateway" })
    await caller(moderator).admin.support.reply({ id, body: "Estornamos a segunda cobrança." })
    await caller(staff).admin.support.assign({ id, assigneeId: moderator.id })
    expect(await refusal(caller(staff).admin.support.assign({ id, assigneeId: bruno.id }))).toBe(
      "BAD_REQUEST Escolha alguém da equipe de atendimento",
    )
    const full = await caller(staff).admin.support.ticket({ id })
    expect(full.messages.map((m) => m.author)).toEqual(["customer", "note", "staff"])
    expect(full.ticket).toMatchObject({ status: "waiting_customer", assignedTo: moderator.id })
    expect(full.ticket.firstResponseAt).not.toBeNull()
    expect(full.staff.map((s) => s.id).sort()).toEqual([moderator.id, staff.id].sort())

    const seen = await caller(ana).support.thread({ ticketId: id })
    expect(seen.messages.map((m) => [m.author, m.body])).toEqual([
      ["customer", form.description],
      ["staff", "Estornamos a segunda cobrança."],
    ])
    expect(JSON.stringify(seen)).not.toContain("Nota interna")
    expect(await caller(ana).support.reply({ ticketId: id, body: "Obrigada!" })).toEqual({
      status: "in_progress",
    })
    expect(await caller(ana).support.close({ ticketId: id })).toEqual({ status: "resolved" })

    const events = await db
      .selectFrom("outbox_events")
      .select("type")
      .where("aggregate_id", "=", id)
      .orderBy("id")
      .execute()
    expect(events.map((e) => e.type)).toEqual(["SupportTicketOpened", "SupportReplySent"])
    const audit = await db
      .selectFrom("admin_audit")
      .select(["action", "subject_label"])
      .where("subject_id", "=", id)
      .orderBy("created_at")
      .execute()
    expect(audit.map((a) => a.action).sort()).toEqual(["assign", "note", "reply"])
    expect(audit[0]?.subject_label).toBe(number)
  })

  it("the inbox filters, searches and pages in SQL; the dashboard counts what is not resolved", async () => {
    const { number } = await caller(null).support.open({
      ...form,
      email: "inbox-x@example.com",
      category: "technical",
    })
    const page = await caller(moderator).admin.support.inbox({ search: number ?? "", page: 1, pageSize: 10 })
    expect(page.rows.map((r) => `#${r.number}`)).toEqual([number])
    expect((await caller(staff).admin.support.inbox({ search: "inbox-x" })).total).toBe(1)
    const technical = await caller(staff).admin.support.inbox({ category: "technical" })
    expect(technical.rows.every((r) => r.category === "technical")).toBe(true)
    const resolved = await caller(staff).admin.support.inbox({ status: "resolved" })
    expect(resolved.rows.every((r) => r.status === "resolved")).toBe(true)
    for (const subject of ["Dúvida A", "Dúvida B", "Dúvida C"])
      await caller(null).support.open({ ...form, subject })
    const all = await caller(staff).admin.support.inbox({ page: 1, pageSize: 10 })
    expect(all.rows).toHaveLength(10)
    expect(all.total).toBeGreaterThan(10)
    const second = await caller(staff).admin.support.inbox({ page: 2, pageSize: 10 })
    expect(second.rows.map((r) => r.id)).not.toContain(all.rows[0]?.id)
    const { open, late } = await caller(moderator).admin.support.summary()
    const notResolved = await db
      .selectFrom("support_tickets")
      .select("id")
      .where("status", "!=", "resolved")
      .execute()
    expect(open).toBe(notResolved.length)
    expect(late).toBe(0)
  })
})
