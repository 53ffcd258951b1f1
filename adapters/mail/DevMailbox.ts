import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Mailer } from "../../application/ports/Mailer"
import { Db, query } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { DevMailboxRow } from "../db/tables/mail"

export interface DevMailboxSummary {
  readonly id: string
  readonly to: string
  readonly subject: string
  readonly createdAt: Date
}

export interface DevMailboxMessage extends DevMailboxSummary {
  readonly html: string
  readonly text: string
  readonly headers: Readonly<Record<string, string>>
}

const toMessage = (row: DevMailboxRow): DevMailboxMessage => ({
  id: row.id,
  to: row.recipient,
  subject: row.subject,
  html: row.html,
  text: row.text,
  headers: row.headers ?? {},
  createdAt: new Date(row.created_at),
})

/**
 * The Mailer when no SMTP server is configured: nothing leaves the machine, every message is kept in
 * `dev_mailbox` and can be read in the mail viewer at /dev/emails, so sign-up and password reset work
 * without an SMTP account.
 */
export const DevMailboxMailerLayer = Layer.effect(
  Mailer,
  Effect.gen(function* () {
    const { db } = yield* Db
    return Mailer.of({
      send: (message) =>
        query(() =>
          db
            .insertInto("dev_mailbox")
            .values({
              recipient: message.to,
              subject: message.subject,
              html: message.html,
              text: message.text,
              headers: JSON.stringify(message.headers ?? {}),
            })
            .returning("id")
            .executeTakeFirstOrThrow(),
        ).pipe(
          // The subject and the viewer's path only: the address is personal data and stays out of the log.
          Effect.tap(({ id }) =>
            Effect.logInfo(`E-mail guardado no visualizador: /dev/emails/${id}`).pipe(
              Effect.annotateLogs({ subject: message.subject }),
            ),
          ),
          Effect.map(({ id }) => ({ messageId: id })),
        ),
    })
  }),
)

/** The newest messages first, without their bodies. */
export async function listDevMailbox(db: Kysely<Database>, limit = 50): Promise<DevMailboxSummary[]> {
  const rows = await db
    .selectFrom("dev_mailbox")
    .select(["id", "recipient", "subject", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(Math.max(1, Math.min(Math.trunc(limit), 500)))
    .execute()
  return rows.map((r) => ({
    id: r.id,
    to: r.recipient,
    subject: r.subject,
    createdAt: new Date(r.created_at),
  }))
}

/** `id` must already be a valid UUID: PostgreSQL rejects anything else with an error, not an empty result. */
export async function findDevMailboxMessage(
  db: Kysely<Database>,
  id: string,
): Promise<DevMailboxMessage | null> {
  const row = await db.selectFrom("dev_mailbox").selectAll().where("id", "=", id).executeTakeFirst()
  return row ? toMessage(row) : null
}

/** The last message sent to an address (compared case-insensitively), e.g. to follow a link in a test. */
export async function latestMessageTo(
  db: Kysely<Database>,
  email: string,
): Promise<DevMailboxMessage | null> {
  const row = await db
    .selectFrom("dev_mailbox")
    .selectAll()
    .where(sql<string>`lower(recipient)`, "=", email.trim().toLowerCase())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst()
  return row ? toMessage(row) : null
}
