import { Effect } from "effect"
import { can, resolveRole } from "../../domain/accounts/roles"
import { replyProblem } from "../../domain/support/form"
import { type Ticket, ticketNumberLabel } from "../../domain/support/tickets"
import { recordAdminChange, requireStaff } from "../admin"
import { Clock } from "../ports/Clock"
import type { AuditActor } from "../ports/OrderAuditLog"
import { StaffLists } from "../ports/StaffLists"
import { SupportDesk } from "../ports/SupportDesk"
import { UnitOfWork } from "../ports/UnitOfWork"
import { SupportRefused, TicketNotFound } from "./errors"

/** Staff who answer support: administrators and moderators (domain/accounts/roles.ts). */
export const PERMISSION = "answer_support" as const

/** The staff who may be given a ticket: accounts whose resolved role answers support. */
export const supportStaff = Effect.gen(function* () {
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

export const audited = (
  actor: AuditActor,
  before: Ticket,
  after: Ticket,
  action: string,
  extra: object = {},
) =>
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
export const onLockedTicket = <A, E, R>(
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

export const checkedBody = (body: string) => {
  const problem = replyProblem(body)
  return problem
    ? Effect.fail(new SupportRefused({ message: problem, field: "body" }))
    : Effect.succeed(body.trim())
}
