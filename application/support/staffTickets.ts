import { Effect } from "effect"
import { domainEvent } from "../../domain/events"
import { can, resolveRole } from "../../domain/roles"
import { replyProblem } from "../../domain/support/form"
import { lateCutoff } from "../../domain/support/sla"
import {
  afterStaffReply,
  SUPPORT_MESSAGES,
  type Ticket,
  type TicketStatus,
  ticketNumberLabel,
  withStatus,
} from "../../domain/support/tickets"
import { recordAdminChange } from "../admin/recordChange"
import { requireStaff } from "../admin/staff"
import { Clock } from "../ports/Clock"
import { EventOutbox } from "../ports/EventOutbox"
import { Ids } from "../ports/Ids"
import type { AuditActor } from "../ports/OrderAuditLog"
import { StaffLists } from "../ports/StaffLists"
import { type InboxQuery, SupportDesk } from "../ports/SupportDesk"
import { UnitOfWork } from "../ports/UnitOfWork"
import { SupportRefused, TicketNotFound } from "./errors"

const PERMISSION = "answer_support" as const

/** The staff who may be given a ticket: accounts whose resolved role answers support. */
const supportStaff = Effect.gen(function* () {
  const lists = yield* (yield* StaffLists).get()
  const candidates = yield* (yield* SupportDesk).staffCandidates([
    ...lists.adminEmails,
    ...lists.moderatorEmails,
  ])
  return candidates
    .filter((c) =>
      can(
        resolveRole({ email: c.email, metadataRole: c.metadataRole, appRole: c.appRole }, lists),
        PERMISSION,
      ),
    )
    .map((c) => ({ id: c.id, name: c.name, email: c.email }))
})

/** /admin/support: the inbox, filtered and paged in SQL, with the clock for the 24-hour promise. */
export const listSupportInbox = Effect.fn("Support.listSupportInbox")(function* (query: InboxQuery) {
  yield* requireStaff(PERMISSION)
  const now = yield* (yield* Clock).now()
  const page = yield* (yield* SupportDesk).inbox(query)
  return { ...page, now, staff: yield* supportStaff }
})

/** The dashboard's card: tickets not resolved, and how many of them are past the 24-hour promise unanswered. */
export const getSupportSummary = Effect.fn("Support.getSupportSummary")(function* () {
  yield* requireStaff(PERMISSION)
  const now = yield* (yield* Clock).now()
  return yield* (yield* SupportDesk).counts(lateCutoff(now))
})

/** One ticket for staff: the whole thread, internal notes included, and who it may be assigned to. */
export const readTicket = Effect.fn("Support.readTicket")(function* (ticketId: string) {
  yield* requireStaff(PERMISSION)
  const desk = yield* SupportDesk
  const ticket = yield* desk.find(ticketId)
  if (!ticket) return yield* new TicketNotFound()
  const order = ticket.orderId ? yield* desk.orderOwner(ticket.orderId) : null
  return {
    ticket: { ...ticket, orderNumber: order?.number ?? null },
    messages: yield* desk.thread(ticket.id, true),
    staff: yield* supportStaff,
    now: yield* (yield* Clock).now(),
  }
})

const audited = (actor: AuditActor, before: Ticket, after: Ticket, action: string, extra: object = {}) =>
  recordAdminChange({
    actor,
    subjectType: "support_ticket",
    subjectId: before.id,
    subjectLabel: ticketNumberLabel(before.number),
    action,
    before: { status: before.status, assignedTo: before.assignedTo },
    after: { status: after.status, assignedTo: after.assignedTo, ...extra },
  })

/** Runs a staff change on the locked ticket, audited in the same transaction. */
const onLockedTicket = <A, E, R>(
  ticketId: string,
  change: (ticket: Ticket, actor: AuditActor, now: number) => Effect.Effect<A, E, R>,
) =>
  Effect.gen(function* () {
    const actor = yield* requireStaff(PERMISSION)
    const now = yield* (yield* Clock).now()
    const desk = yield* SupportDesk
    return yield* (yield* UnitOfWork).atomically(
      Effect.gen(function* () {
        const ticket = yield* desk.lock(ticketId)
        if (!ticket) return yield* new TicketNotFound()
        return yield* change(ticket, actor, now)
      }),
    )
  })

const checkedBody = (body: string) => {
  const problem = replyProblem(body)
  return problem
    ? Effect.fail(new SupportRefused({ message: problem, field: "body" }))
    : Effect.succeed(body.trim())
}

/**
 * Staff answer: in the thread and by e-mail to the customer (the event commits with the message); the ticket
 * then waits for the customer, and the first answer stops the 24-hour clock.
 */
export const replyAsStaff = Effect.fn("Support.replyAsStaff")(function* (input: {
  readonly ticketId: string
  readonly body: string
}) {
  const body = yield* checkedBody(input.body)
  const messageId = yield* (yield* Ids).uuid()
  return yield* onLockedTicket(input.ticketId, (ticket, actor, now) =>
    Effect.gen(function* () {
      const desk = yield* SupportDesk
      const next = afterStaffReply(ticket, now)
      yield* desk.addMessage({
        id: messageId,
        ticketId: ticket.id,
        author: "staff",
        authorUserId: actor.id,
        body,
        createdAt: now,
      })
      yield* desk.save(next)
      yield* (yield* EventOutbox).record([
        domainEvent("SupportReplySent", ticket.id, { ticketId: ticket.id, messageId }),
      ])
      yield* audited(actor, ticket, next, "reply", { messageId })
      return { status: next.status }
    }),
  )
})

/** An internal note: staff only, never shown to the customer, never e-mailed. */
export const addTicketNote = Effect.fn("Support.addTicketNote")(function* (input: {
  readonly ticketId: string
  readonly body: string
}) {
  const body = yield* checkedBody(input.body)
  const messageId = yield* (yield* Ids).uuid()
  return yield* onLockedTicket(input.ticketId, (ticket, actor, now) =>
    Effect.gen(function* () {
      yield* (yield* SupportDesk).addMessage({
        id: messageId,
        ticketId: ticket.id,
        author: "note",
        authorUserId: actor.id,
        body,
        createdAt: now,
      })
      yield* audited(actor, ticket, ticket, "note", { messageId })
      return { id: messageId }
    }),
  )
})

/** Gives the ticket to someone who answers support, or to nobody. */
export const assignTicket = Effect.fn("Support.assignTicket")(function* (input: {
  readonly ticketId: string
  readonly assigneeId: string | null
}) {
  yield* requireStaff(PERMISSION)
  if (input.assigneeId !== null) {
    const staff = yield* supportStaff
    if (!staff.some((s) => s.id === input.assigneeId))
      return yield* new SupportRefused({ message: SUPPORT_MESSAGES.notStaff, field: "assigneeId" })
  }
  return yield* onLockedTicket(input.ticketId, (ticket, actor, now) =>
    Effect.gen(function* () {
      const next: Ticket = { ...ticket, assignedTo: input.assigneeId, updatedAt: now }
      yield* (yield* SupportDesk).save(next)
      yield* audited(actor, ticket, next, "assign")
      return { assignedTo: next.assignedTo }
    }),
  )
})

/** Staff set any status. */
export const setTicketStatus = Effect.fn("Support.setTicketStatus")(function* (input: {
  readonly ticketId: string
  readonly status: TicketStatus
}) {
  return yield* onLockedTicket(input.ticketId, (ticket, actor, now) =>
    Effect.gen(function* () {
      if (ticket.status === input.status) return { status: ticket.status }
      const next = withStatus(ticket, input.status, now)
      yield* (yield* SupportDesk).save(next)
      yield* audited(actor, ticket, next, "set_status")
      return { status: next.status }
    }),
  )
})
