import { Cause, Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { RecordedEvent } from "../../domain/events"
import { admin, moderator } from "../../tests/fakes/fulfilmentWorld"
import { inMemoryAdminAudit } from "../../tests/fakes/inMemoryAdminAudit"
import { settingsLayer } from "../../tests/fakes/inMemoryCatalog"
import { inMemoryEvents } from "../../tests/fakes/inMemoryEvents"
import { inMemoryMailbox } from "../../tests/fakes/inMemoryMailbox"
import { sequentialIds } from "../../tests/fakes/inMemoryOrders"
import { inMemorySupport } from "../../tests/fakes/inMemorySupport"
import { ana, bruno } from "../../tests/fakes/ordersWorld"
import { ClientAddress } from "../ports/ClientAddress"
import { Clock } from "../ports/Clock"
import { CurrentUser, type Viewer } from "../ports/CurrentUser"
import { RateLimiter } from "../ports/RateLimiter"
import { StaffLists } from "../ports/StaffLists"
import { TicketProofTokens } from "../ports/TicketProofTokens"
import { addTicketNote } from "./addTicketNote"
import { assignTicket } from "./assignTicket"
import { closeAsCustomer } from "./closeAsCustomer"
import { getSupportSummary } from "./getSupportSummary"
import { listMyTickets } from "./listMyTickets"
import { listSupportInbox } from "./listSupportInbox"
import { openTicket } from "./openTicket"
import { proveTicketAddress } from "./proveTicketAddress"
import { readMyTicket } from "./readMyTicket"
import { readTicket } from "./readTicket"
import { replyAsCustomer } from "./replyAsCustomer"
import { replyAsStaff } from "./replyAsStaff"
import { setTicketStatus } from "./setTicketStatus"
import { supportEmailsHandler } from "./supportEmails"

const HOUR = 3_600_000
const base64url = (text: string) => Buffer.from(text, "utf8").toString("base64url")
/** A proof token shaped like the real one, "signed" over the ticket and its address. */
const fakeProof = (ticketId: string, email: string) =>
  `chamado.${base64url(ticketId)}.${base64url(`signed:${ticketId}:${email}`)}`
const T0 = Date.UTC(2026, 10, 27, 12)
const ANA_ORDER = "00000000-0000-4000-8000-0000000000a1"
const BRUNO_ORDER = "00000000-0000-4000-8000-0000000000b1"

const form = {
  name: "Ana Souza",
  email: "Ana@Example.com",
  category: "shipping",
  subject: "Pedido não chegou",
  description: "Já se passaram 15 dias úteis.",
}

function world() {
  let now = T0
  const support = inMemorySupport({
    orders: {
      [ANA_ORDER]: { userId: ana.id, number: "LGD-1" },
      [BRUNO_ORDER]: { userId: bruno.id, number: "LGD-2" },
    },
    staff: [
      { id: admin.id, name: "Administradora", email: admin.email, metadataRole: "admin", appRole: null },
      {
        id: moderator.id,
        name: "Moderador",
        email: moderator.email,
        metadataRole: "moderator",
        appRole: null,
      },
      { id: "u-demoted", name: "Ex", email: "ex@example.com", metadataRole: "user", appRole: "moderator" },
    ],
    accounts: [ana, bruno],
  })
  const audit = inMemoryAdminAudit()
  const events = inMemoryEvents([support.participant, audit.participant])
  // A fixed window per key, like the database's limiter, on the test's clock.
  const hits = new Map<string, { count: number; since: number }>()
  const mail = inMemoryMailbox()
  const sent = mail.sent
  const layer = Layer.mergeAll(
    mail.layer,
    support.layer,
    audit.layer,
    events.layer,
    sequentialIds(),
    settingsLayer({ supportEmail: "ajuda@legendarium.com.br" }),
    Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(() => now) })),
    Layer.succeed(
      StaffLists,
      StaffLists.of({ get: () => Effect.succeed({ adminEmails: [], moderatorEmails: [] }) }),
    ),
    Layer.succeed(
      RateLimiter,
      RateLimiter.of({
        hit: (key, max, windowMs) =>
          Effect.sync(() => {
            const current = hits.get(key)
            const next =
              current && current.since > now - windowMs
                ? { ...current, count: current.count + 1 }
                : { count: 1, since: now }
            hits.set(key, next)
            return next.count <= max
          }),
      }),
    ),
    Layer.succeed(
      TicketProofTokens,
      TicketProofTokens.of({
        sign: fakeProof,
        verify: (token, ticketId, email) => token === fakeProof(ticketId, email),
      }),
    ),
  )
  const as = <A, E, R>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null, address = "10.0.0.1") =>
    effect.pipe(
      Effect.provideService(CurrentUser, CurrentUser.of({ viewer })),
      Effect.provideService(ClientAddress, address),
      Effect.provide(layer),
    ) as Effect.Effect<A, E>
  const ok = async <A, E, R>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null, address?: string) => {
    const exit = await Effect.runPromiseExit(as(effect, viewer, address))
    if (Exit.isSuccess(exit)) return exit.value
    throw new Error(Cause.pretty(exit.cause))
  }
  const fails = <A, E, R>(effect: Effect.Effect<A, E, R>, viewer: Viewer | null, address?: string) =>
    ok(Effect.flip(effect), viewer, address)
  /** Runs the e-mail handler on every committed event, as the dispatcher would. */
  const deliverAll = async () => {
    for (const [index, event] of events.committed.entries())
      await ok(
        supportEmailsHandler.handle({ ...event, id: `e${index}`, occurredAt: now } as RecordedEvent),
        null,
      )
  }
  /** The token of the proof link in the last acknowledgement sent to `to`. */
  const proofToken = (to: string) => {
    const ack = sent.filter((m) => m.to === to && m.subject.startsWith("Recebemos")).at(-1)
    const match = /https:\/\/loja\.example\/confirmar-chamado\?token=(\S+)/.exec(ack?.text ?? "")
    if (!match?.[1]) throw new Error(`no proof link sent to ${to}`)
    return decodeURIComponent(match[1])
  }
  return {
    support,
    audit,
    events,
    sent,
    proofToken,
    ok,
    fails,
    deliverAll,
    later: (ms: number) => {
      now += ms
    },
  }
}

describe("opening a ticket", () => {
  it("stores a visitor's ticket under the e-mail, with its first message and the acknowledgement event", async () => {
    const w = world()
    const opened = await w.ok(openTicket(form), null)
    expect(opened.number).toBe("#1001")
    expect(w.support.tickets()).toEqual([
      expect.objectContaining({
        userId: null,
        email: "ana@example.com",
        status: "open",
        category: "shipping",
      }),
    ])
    expect(w.support.messages()).toEqual([
      expect.objectContaining({ author: "customer", body: "Já se passaram 15 dias úteis." }),
    ])
    expect(w.events.committed.map((e) => e.type)).toEqual(["SupportTicketOpened"])
    await w.deliverAll()
    expect(w.sent).toHaveLength(1)
    expect(w.sent[0]?.to).toBe("ana@example.com")
    expect(w.sent[0]?.subject).toBe("Recebemos seu chamado #1001 — Legendarium")
    expect(w.sent[0]?.text).toContain("Responderemos em até 24 horas")
    expect(w.sent[0]?.text).toContain("https://loja.example/confirmar-chamado?token=chamado.")
  })

  it("acknowledges neutrally: never greets with the typed name, says what to do if the reader did not open it", async () => {
    const w = world()
    await w.ok(openTicket({ ...form, name: "Equipe de Segurança Legendarium" }), null)
    await w.deliverAll()
    const text = w.sent[0]?.text ?? ""
    expect(text).not.toContain("Equipe de Segurança")
    expect(text).toContain("Olá!")
    expect(text).toContain(
      "Se você não abriu este chamado, ignore esta mensagem: sem a confirmação, ele não entra em nenhuma conta.",
    )
    expect(w.sent[0]?.html).not.toContain("Equipe de Segurança")
  })

  it("a signed-in customer's acknowledgement needs no proof link: the ticket is already theirs", async () => {
    const w = world()
    await w.ok(openTicket(form), ana)
    await w.deliverAll()
    expect(w.sent[0]?.text).toContain("https://loja.example/perfil?tab=support")
    expect(w.sent[0]?.text).not.toContain("confirmar-chamado")
  })

  it("sends an address three acknowledgements a day; further tickets are stored without one", async () => {
    const w = world()
    for (let i = 0; i < 4; i++) await w.ok(openTicket(form), null, `10.3.0.${i}`)
    await w.ok(openTicket({ ...form, email: "carla@example.com" }), null)
    await w.deliverAll()
    expect(w.support.tickets()).toHaveLength(5)
    expect(w.sent.map((m) => m.to)).toEqual([
      "ana@example.com",
      "ana@example.com",
      "ana@example.com",
      "carla@example.com",
    ])
    expect(w.events.committed.map((e) => e.payload)).toEqual([
      expect.objectContaining({ acknowledge: true }),
      expect.objectContaining({ acknowledge: true }),
      expect.objectContaining({ acknowledge: true }),
      expect.objectContaining({ acknowledge: false }),
      expect.objectContaining({ acknowledge: true }),
    ])
    w.later(24 * HOUR)
    await w.ok(openTicket(form), null)
    expect(w.events.committed.at(-1)?.payload).toMatchObject({ acknowledge: true })
  })

  it("ties a customer's ticket to the account and accepts their own order, not another's", async () => {
    const w = world()
    await w.ok(openTicket({ ...form, orderId: ANA_ORDER }), ana)
    expect(w.support.tickets()[0]).toMatchObject({ userId: ana.id, orderId: ANA_ORDER })
    expect(await w.fails(openTicket({ ...form, orderId: BRUNO_ORDER }), ana)).toMatchObject({
      _tag: "SupportRefused",
      message: "Escolha um pedido seu",
    })
    expect(await w.fails(openTicket({ ...form, orderId: ANA_ORDER }), null)).toMatchObject({
      _tag: "SupportRefused",
    })
    expect(w.support.tickets()).toHaveLength(1)
  })

  it("refuses an incomplete form with the field's pt-BR message and stores nothing", async () => {
    const w = world()
    expect(await w.fails(openTicket({ ...form, subject: " " }), null)).toMatchObject({
      _tag: "SupportRefused",
      message: "Informe o assunto",
      field: "subject",
    })
    expect(w.support.tickets()).toEqual([])
    expect(w.events.committed).toEqual([])
  })

  it("answers a filled spam trap like a success and stores nothing", async () => {
    const w = world()
    expect(await w.ok(openTicket({ ...form, website: "http://spam.example" }), null)).toEqual({
      id: null,
      number: null,
    })
    expect(w.support.tickets()).toEqual([])
    expect(w.events.committed).toEqual([])
  })

  it("takes five tickets an hour from one address, then refuses in pt-BR", async () => {
    const w = world()
    for (let i = 0; i < 5; i++) await w.ok(openTicket(form), null, "10.1.1.1")
    expect(await w.fails(openTicket(form), null, "10.1.1.1")).toMatchObject({
      _tag: "TooManyRequests",
      message: expect.stringContaining("muitos chamados"),
    })
    await w.ok(openTicket(form), null, "10.2.2.2")
    expect(w.support.tickets()).toHaveLength(6)
  })
})

describe("the customer's tickets", () => {
  it("a visitor's ticket with a customer's address stays out of their account until the link proves it", async () => {
    const w = world()
    const { id } = await w.ok(openTicket(form), null)
    if (!id) throw new Error("no ticket")
    expect(await w.ok(listMyTickets(), ana)).toEqual([])
    expect(await w.fails(readMyTicket(id), ana)).toMatchObject({ _tag: "TicketNotFound" })
    await w.deliverAll()
    expect(await w.ok(proveTicketAddress(w.proofToken("ana@example.com")), null)).toEqual({ number: "#1001" })
    expect(w.support.tickets()[0]?.emailProvenAt).toBe(T0)
    expect((await w.ok(listMyTickets(), ana)).map((t) => t.id)).toEqual([id])
    expect(await w.ok(listMyTickets(), { ...ana, emailVerified: false })).toEqual([])
    expect(await w.ok(listMyTickets(), bruno)).toEqual([])
  })

  it("the proof link proves only its own ticket's address; a second click changes nothing", async () => {
    const w = world()
    await w.ok(openTicket(form), null)
    const other = await w.ok(openTicket({ ...form, subject: "Outro" }), null)
    await w.deliverAll()
    const token = w.proofToken("ana@example.com")
    const invalid = {
      _tag: "SupportRefused",
      message:
        "Este link de confirmação é inválido ou foi alterado. Use o link do e-mail que recebeu ou fale com a gente por e-mail.",
    }
    expect(await w.fails(proveTicketAddress(`${token}x`), null)).toMatchObject(invalid)
    expect(await w.fails(proveTicketAddress("chamado.x.y"), null)).toMatchObject(invalid)
    const forged = `chamado.${base64url(w.support.tickets()[0]?.id ?? "")}.${token.split(".")[2]}`
    expect(await w.fails(proveTicketAddress(forged), null)).toMatchObject(invalid)
    expect(w.support.tickets().map((t) => t.emailProvenAt)).toEqual([null, null])
    await w.ok(proveTicketAddress(token), null)
    w.later(HOUR)
    await w.ok(proveTicketAddress(token), bruno)
    expect(w.support.tickets().map((t) => [t.id, t.emailProvenAt, t.userId])).toEqual([
      [w.support.tickets()[0]?.id, null, null],
      [other.id, T0, null],
    ])
  })

  it("never reaches another account's ticket through its e-mail", async () => {
    const w = world()
    // Bruno, signed in, typed Ana's address: the ticket is Bruno's; Ana gets the e-mails, not the thread.
    const { id } = await w.ok(openTicket(form), bruno)
    if (!id) throw new Error("no ticket")
    expect(await w.ok(listMyTickets(), ana)).toEqual([])
    expect(await w.fails(readMyTicket(id), ana)).toMatchObject({ _tag: "TicketNotFound" })
    expect((await w.ok(listMyTickets(), bruno)).map((t) => t.id)).toEqual([id])
  })

  it("shows the thread without internal notes, and refuses anyone else as not found", async () => {
    const w = world()
    const { id } = await w.ok(openTicket(form), ana)
    if (!id) throw new Error("no ticket")
    await w.ok(addTicketNote({ ticketId: id, body: "Cliente VIP, checar transportadora" }), admin)
    await w.ok(replyAsStaff({ ticketId: id, body: "Já verificamos: chega amanhã." }), admin)
    const thread = await w.ok(readMyTicket(id), ana)
    expect(thread.messages.map((m) => m.author)).toEqual(["customer", "staff"])
    expect(thread.messages[1]?.authorName).toBeNull()
    expect(JSON.stringify(thread)).not.toContain("VIP")
    expect(await w.fails(readMyTicket(id), bruno)).toMatchObject({ _tag: "TicketNotFound" })
    expect(await w.fails(readMyTicket(id), null)).toMatchObject({ _tag: "NotSignedIn" })
    expect(await w.fails(replyAsCustomer({ ticketId: id, body: "oi" }), bruno)).toMatchObject({
      _tag: "TicketNotFound",
    })
    expect(await w.fails(closeAsCustomer(id), bruno)).toMatchObject({ _tag: "TicketNotFound" })
  })

  it("a reply reopens a waiting ticket and claims a proven visitor's ticket for the account; closing resolves it", async () => {
    const w = world()
    const { id } = await w.ok(openTicket(form), null)
    if (!id) throw new Error("no ticket")
    await w.deliverAll()
    await w.ok(proveTicketAddress(w.proofToken("ana@example.com")), null)
    await w.ok(replyAsStaff({ ticketId: id, body: "Pode confirmar o CEP?" }), moderator)
    expect(await w.ok(replyAsCustomer({ ticketId: id, body: "01001-000" }), ana)).toEqual({
      status: "in_progress",
    })
    expect(w.support.tickets()[0]).toMatchObject({ userId: ana.id })
    expect(await w.ok(closeAsCustomer(id), ana)).toEqual({ status: "resolved" })
    expect(await w.fails(closeAsCustomer(id), ana)).toMatchObject({
      _tag: "SupportRefused",
      message: "Este chamado já foi encerrado",
    })
    expect(await w.fails(replyAsCustomer({ ticketId: id, body: " " }), ana)).toMatchObject({
      message: "Escreva sua mensagem",
    })
  })
})

describe("staff", () => {
  it("refuse customers and visitors every staff action", async () => {
    const w = world()
    const { id } = await w.ok(openTicket(form), ana)
    if (!id) throw new Error("no ticket")
    for (const action of [
      listSupportInbox({ page: 1, pageSize: 25 }),
      readTicket(id),
      replyAsStaff({ ticketId: id, body: "x" }),
      addTicketNote({ ticketId: id, body: "x" }),
      assignTicket({ ticketId: id, assigneeId: null }),
      setTicketStatus({ ticketId: id, status: "resolved" }),
      getSupportSummary(),
    ] as const) {
      expect(await w.fails(action as unknown as Effect.Effect<unknown, { _tag: string }>, ana)).toMatchObject(
        {
          _tag: "Forbidden",
        },
      )
      expect(
        await w.fails(action as unknown as Effect.Effect<unknown, { _tag: string }>, null),
      ).toMatchObject({
        _tag: "NotSignedIn",
      })
    }
    expect(w.support.messages()).toHaveLength(1)
    expect(w.audit.changes()).toEqual([])
  })

  it("answer: the thread, the customer's e-mail, the first response time, the audit log", async () => {
    const w = world()
    const { id } = await w.ok(openTicket(form), null)
    if (!id) throw new Error("no ticket")
    w.later(3 * HOUR)
    await w.ok(replyAsStaff({ ticketId: id, body: "Olá Ana!\n\nSeu pedido sai hoje." }), moderator)
    expect(w.support.tickets()[0]).toMatchObject({
      status: "waiting_customer",
      firstResponseAt: T0 + 3 * HOUR,
    })
    await w.deliverAll()
    expect(w.sent.map((m) => m.subject)).toEqual([
      "Recebemos seu chamado #1001 — Legendarium",
      "Resposta ao chamado #1001 — Legendarium",
    ])
    expect(w.sent[1]?.text).toContain("Seu pedido sai hoje.")
    expect(w.audit.changes()).toEqual([
      expect.objectContaining({
        subjectType: "support_ticket",
        subjectLabel: "#1001",
        action: "reply",
        actor: expect.objectContaining({ id: moderator.id }),
      }),
    ])
  })

  it("greets the answer's reader by the owning account's name, never by the name typed on the form", async () => {
    const typed = "Equipe de Segurança Legendarium"
    /** The greeting of the staff answer to a ticket opened with the typed name, after `prove` ran. */
    const greetingOf = async (viewer: Viewer | null, prove = false) => {
      const w = world()
      const { id } = await w.ok(openTicket({ ...form, name: typed }), viewer)
      if (!id) throw new Error("no ticket")
      await w.deliverAll()
      if (prove) await w.ok(proveTicketAddress(w.proofToken("ana@example.com")), null)
      await w.ok(replyAsStaff({ ticketId: id, body: "Seu pedido sai hoje." }), moderator)
      await w.deliverAll()
      const reply = w.sent.find((m) => m.subject.startsWith("Resposta"))
      expect(`${reply?.text}${reply?.html}`).not.toContain("Segurança")
      return /Olá[^\n]*/.exec(reply?.text ?? "")?.[0]
    }
    expect(await greetingOf(ana)).toBe("Olá, Ana!")
    expect(await greetingOf(null, true)).toBe("Olá, Ana!")
    // An unproven visitor's ticket belongs to no account: whoever reads the address is greeted by no name.
    expect(await greetingOf(null)).toBe("Olá!")
  })

  it("assign only to support staff, set any status, all audited", async () => {
    const w = world()
    const { id } = await w.ok(openTicket(form), null)
    if (!id) throw new Error("no ticket")
    expect(await w.fails(assignTicket({ ticketId: id, assigneeId: "u-demoted" }), admin)).toMatchObject({
      message: "Escolha alguém da equipe de atendimento",
    })
    expect(await w.fails(assignTicket({ ticketId: id, assigneeId: ana.id }), admin)).toMatchObject({
      _tag: "SupportRefused",
    })
    await w.ok(assignTicket({ ticketId: id, assigneeId: moderator.id }), admin)
    await w.ok(setTicketStatus({ ticketId: id, status: "in_progress" }), admin)
    expect(w.support.tickets()[0]).toMatchObject({ assignedTo: moderator.id, status: "in_progress" })
    expect(w.audit.changes().map((c) => c.action)).toEqual(["assign", "set_status"])
    expect(await w.fails(readTicket("00000000-0000-4000-8000-00000000beef"), admin)).toMatchObject({
      _tag: "TicketNotFound",
    })
    const page = await w.ok(listSupportInbox({ assignedTo: moderator.id, page: 1, pageSize: 25 }), moderator)
    expect(page.rows.map((r) => r.assigneeName)).toEqual(["Moderador"])
    expect(page.staff.map((s) => s.id)).toEqual([admin.id, moderator.id])
  })

  it("the inbox puts tickets waiting on staff first and finds by number, e-mail or subject", async () => {
    const w = world()
    const first = await w.ok(openTicket({ ...form, subject: "Cobrança em dobro", category: "payment" }), null)
    w.later(HOUR)
    await w.ok(openTicket({ ...form, email: "carla@example.com" }), null)
    if (!first.id) throw new Error("no ticket")
    await w.ok(replyAsStaff({ ticketId: first.id, body: "Estornado." }), admin)
    const all = await w.ok(listSupportInbox({ page: 1, pageSize: 25 }), admin)
    expect(all.rows.map((r) => r.number)).toEqual([1002, 1001])
    const search = (s: string) =>
      w
        .ok(listSupportInbox({ search: s, page: 1, pageSize: 25 }), admin)
        .then((p) => p.rows.map((r) => r.number))
    expect(await search("#1001")).toEqual([1001])
    expect(await search("carla")).toEqual([1002])
    expect(await search("dobro")).toEqual([1001])
    expect((await w.ok(listSupportInbox({ category: "payment", page: 1, pageSize: 25 }), admin)).total).toBe(
      1,
    )
  })

  it("the dashboard counts tickets not resolved and those past 24 hours unanswered", async () => {
    const w = world()
    const a = await w.ok(openTicket(form), null)
    await w.ok(openTicket(form), null)
    w.later(25 * HOUR)
    await w.ok(openTicket(form), null)
    expect(await w.ok(getSupportSummary(), moderator)).toEqual({ open: 3, late: 2 })
    if (!a.id) throw new Error("no ticket")
    await w.ok(replyAsStaff({ ticketId: a.id, body: "Respondido." }), admin)
    expect(await w.ok(getSupportSummary(), moderator)).toEqual({ open: 3, late: 1 })
    await w.ok(setTicketStatus({ ticketId: a.id, status: "resolved" }), admin)
    expect(await w.ok(getSupportSummary(), moderator)).toEqual({ open: 2, late: 1 })
  })
})
