import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { SupportDesk, type TicketRow } from "../../application/ports/SupportDesk"
import { parseTicketNumber, type Ticket, type TicketMessage } from "../../domain/support/tickets"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { SupportTicketsTable } from "../db/tables/support"
import { withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"

const toTicket = (r: Selectable<SupportTicketsTable>): Ticket => ({
  id: r.id,
  number: r.number,
  userId: r.user_id,
  name: r.name,
  email: r.email,
  category: r.category,
  subject: r.subject,
  status: r.status,
  orderId: r.order_id,
  assignedTo: r.assigned_to,
  createdAt: ms(r.created_at),
  updatedAt: ms(r.updated_at),
  firstResponseAt: r.first_response_at ? ms(r.first_response_at) : null,
  resolvedAt: r.resolved_at ? ms(r.resolved_at) : null,
  lastMessageAt: ms(r.last_message_at),
  emailProvenAt: r.email_proven_at ? ms(r.email_proven_at) : null,
})

const date = (at: number | null) => (at === null ? null : new Date(at))

const rows = (executor: Kysely<Database>) =>
  executor
    .selectFrom("support_tickets as t")
    .leftJoin("auth_user as a", "a.id", "t.assigned_to")
    .selectAll("t")
    .select("a.name as assignee_name")

const toRow = (r: Selectable<SupportTicketsTable> & { assignee_name: string | null }): TicketRow => ({
  ...toTicket(r),
  assigneeName: r.assignee_name,
})

const messages = (executor: Kysely<Database>) =>
  executor
    .selectFrom("support_messages as m")
    .leftJoin("auth_user as u", "u.id", "m.author_user_id")
    .select([
      "m.id",
      "m.ticket_id",
      "m.author",
      "m.author_user_id",
      "m.body",
      "m.created_at",
      "u.name as author_name",
    ])

const toMessage = (r: {
  id: string
  ticket_id: string
  author: TicketMessage["author"]
  author_user_id: string | null
  body: string
  created_at: Date
  author_name: string | null
}): TicketMessage => ({
  id: r.id,
  ticketId: r.ticket_id,
  author: r.author,
  authorUserId: r.author_user_id,
  authorName: r.author_name,
  body: r.body,
  createdAt: ms(r.created_at),
})

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Support tickets on Kysely; `lock` is `for update`, so changes to one ticket apply one after the other. */
export const PostgresSupportDeskLayer = Layer.effect(
  SupportDesk,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    const insertMessage = (executor: Kysely<Database>, m: Omit<TicketMessage, "authorName">) =>
      executor
        .insertInto("support_messages")
        .values({
          id: m.id,
          ticket_id: m.ticketId,
          author: m.author,
          author_user_id: m.authorUserId,
          body: m.body,
          created_at: new Date(m.createdAt),
        })
        .execute()
    return SupportDesk.of({
      open: (t, first) =>
        run(async (executor) => {
          const { number } = await executor
            .insertInto("support_tickets")
            .values({
              id: t.id,
              user_id: t.userId,
              name: t.name,
              email: t.email,
              category: t.category,
              subject: t.subject,
              status: t.status,
              order_id: t.orderId,
              assigned_to: t.assignedTo,
              created_at: new Date(t.createdAt),
              updated_at: new Date(t.updatedAt),
              last_message_at: new Date(t.lastMessageAt),
              email_proven_at: date(t.emailProvenAt),
            })
            .returning("number")
            .executeTakeFirstOrThrow()
          await insertMessage(executor, first)
          return number
        }),
      find: (id) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("support_tickets")
            .selectAll()
            .where("id", "=", id)
            .executeTakeFirst()
          return row ? toTicket(row) : null
        }),
      lock: (id) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("support_tickets")
            .selectAll()
            .where("id", "=", id)
            .forUpdate()
            .executeTakeFirst()
          return row ? toTicket(row) : null
        }),
      save: (t) =>
        run(async (executor) => {
          await executor
            .updateTable("support_tickets")
            .set({
              user_id: t.userId,
              status: t.status,
              assigned_to: t.assignedTo,
              updated_at: new Date(t.updatedAt),
              first_response_at: date(t.firstResponseAt),
              resolved_at: date(t.resolvedAt),
              last_message_at: new Date(t.lastMessageAt),
              email_proven_at: date(t.emailProvenAt),
            })
            .where("id", "=", t.id)
            .execute()
        }),
      addMessage: (m) => run((executor) => insertMessage(executor, m).then(() => undefined)),
      message: (id) =>
        run(async (executor) => {
          const row = await messages(executor).where("m.id", "=", id).executeTakeFirst()
          return row ? toMessage(row) : null
        }),
      thread: (ticketId, withNotes) =>
        run(async (executor) => {
          let query = messages(executor).where("m.ticket_id", "=", ticketId)
          if (!withNotes) query = query.where("m.author", "!=", "note")
          return (await query.orderBy("m.created_at").orderBy("m.id").execute()).map(toMessage)
        }),
      mine: ({ userId, email }) =>
        run(async (executor) =>
          (
            await rows(executor)
              .where((eb) =>
                email === null
                  ? eb("t.user_id", "=", userId)
                  : eb.or([
                      eb("t.user_id", "=", userId),
                      eb.and([
                        eb("t.user_id", "is", null),
                        eb("t.email_proven_at", "is not", null),
                        eb(sql`lower(t.email)`, "=", email),
                      ]),
                    ]),
              )
              .orderBy("t.last_message_at", "desc")
              .orderBy("t.number", "desc")
              .limit(200)
              .execute()
          ).map(toRow),
        ),
      inbox: (query) =>
        run(async (executor) => {
          let filtered = executor.selectFrom("support_tickets as t")
          if (query.status === "active") filtered = filtered.where("t.status", "!=", "resolved")
          else if (query.status) filtered = filtered.where("t.status", "=", query.status)
          if (query.category) filtered = filtered.where("t.category", "=", query.category)
          if (query.assignedTo === "none") filtered = filtered.where("t.assigned_to", "is", null)
          else if (query.assignedTo) filtered = filtered.where("t.assigned_to", "=", query.assignedTo)
          const search = query.search?.trim()
          if (search) {
            const number = parseTicketNumber(search)
            const like = `%${escapeLike(search.toLowerCase())}%`
            filtered = filtered.where((eb) =>
              eb.or([
                ...(number !== null ? [eb("t.number", "=", number)] : []),
                eb(sql`lower(t.email)`, "like", like),
                eb(sql`lower(t.subject)`, "like", like),
              ]),
            )
          }
          const { total } = await filtered
            .select(sql<number>`count(*)::int`.as("total"))
            .executeTakeFirstOrThrow()
          const page = await filtered
            .leftJoin("auth_user as a", "a.id", "t.assigned_to")
            .selectAll("t")
            .select("a.name as assignee_name")
            // Need first: waiting on staff (open, in progress), then waiting on the customer, then resolved;
            // within each, the ticket that has waited longest.
            .orderBy(
              sql`case t.status when 'open' then 0 when 'in_progress' then 1 when 'waiting_customer' then 2 else 3 end`,
            )
            .orderBy("t.last_message_at", "asc")
            .orderBy("t.number", "asc")
            .limit(query.pageSize)
            .offset((query.page - 1) * query.pageSize)
            .execute()
          return { rows: page.map(toRow), total }
        }),
      counts: (lateBefore) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("support_tickets")
            .where("status", "!=", "resolved")
            .select([
              sql<number>`count(*)::int`.as("open"),
              sql<number>`(count(*) filter (where first_response_at is null and created_at < ${new Date(lateBefore)}))::int`.as(
                "late",
              ),
            ])
            .executeTakeFirstOrThrow()
          return { open: row.open, late: row.late }
        }),
      ownerName: (ticket) =>
        run(async (executor) => {
          if (ticket.userId === null && ticket.emailProvenAt === null) return null
          const base = executor.selectFrom("auth_user").select("name")
          const row = await (ticket.userId !== null
            ? base.where("id", "=", ticket.userId)
            : base.where("emailVerified", "=", true).where(sql`lower(email)`, "=", ticket.email)
          ).executeTakeFirst()
          return row?.name ?? null
        }),
      orderOwner: (orderId) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("orders")
            .select(["user_id", "number"])
            .where("id", "=", orderId)
            .executeTakeFirst()
          return row ? { userId: row.user_id, number: row.number } : null
        }),
      staffCandidates: (emails) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("auth_user")
              .select(["id", "name", "email", "role", "appRole"])
              .where("blockedAt", "is", null)
              .where((eb) =>
                eb.or([
                  eb("role", "in", ["admin", "moderator"]),
                  eb("appRole", "in", ["admin", "moderator"]),
                  ...(emails.length > 0
                    ? [
                        eb(
                          sql`lower(email)`,
                          "in",
                          emails.map((e) => e.trim().toLowerCase()),
                        ),
                      ]
                    : []),
                ]),
              )
              .orderBy("name")
              .limit(200)
              .execute()
          ).map((r) => ({
            id: r.id,
            name: r.name,
            email: r.email,
            metadataRole: r.role,
            appRole: r.appRole,
          })),
        ),
    })
  }),
)
