import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Mailer } from "../../application/ports/Mailer"
import { Db, query } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { DevOutboxRow } from "../db/tables/outbox"

export interface DevOutboxSummary {
  readonly id: string
  readonly to: string
  readonly subject: string
  readonly createdAt: Date
}

export interface DevOutboxMessage extends DevOutboxSummary {
  readonly html: string
  readonly text: string
}

const toMessage = (row: DevOutboxRow): DevOutboxMessage => ({
  id: row.id,
  to: row.recipient,
  subject: row.subject,
  html: row.html,
  text: row.text,
  createdAt: new Date(row.created_at),
})

/**
 * A Mailer for development and tests: nothing leaves the machine, every message is kept in `dev_outbox`
 * and can be read at /dev/emails, so sign-up and password reset work without an SMTP account.
 */
export const DevOutboxMailerLayer = Layer.effect(
  Mailer,
  Effect.gen(function* () {
    const { db } = yield* Db
    return Mailer.of({
      send: (message) =>
        query(() =>
          db
            .insertInto("dev_outbox")
            .values({
              recipient: message.to,
              subject: message.subject,
              html: message.html,
              text: message.text,
            })
            .returning("id")
            .executeTakeFirstOrThrow(),
        ).pipe(
          Effect.tap(({ id }) =>
            Effect.logInfo(`E-mail guardado na caixa de saída: /dev/emails/${id}`).pipe(
              Effect.annotateLogs({ to: message.to, subject: message.subject }),
            ),
          ),
          Effect.asVoid,
        ),
    })
  }),
)

/** The newest messages first, without their bodies. */
export async function listDevOutbox(db: Kysely<Database>, limit = 50): Promise<DevOutboxSummary[]> {
  const rows = await db
    .selectFrom("dev_outbox")
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
export async function findDevOutboxMessage(
  db: Kysely<Database>,
  id: string,
): Promise<DevOutboxMessage | null> {
  const row = await db.selectFrom("dev_outbox").selectAll().where("id", "=", id).executeTakeFirst()
  return row ? toMessage(row) : null
}

/** The last message sent to an address (compared case-insensitively), e.g. to follow a link in a test. */
export async function latestMessageTo(db: Kysely<Database>, email: string): Promise<DevOutboxMessage | null> {
  const row = await db
    .selectFrom("dev_outbox")
    .selectAll()
    .where(sql<string>`lower(recipient)`, "=", email.trim().toLowerCase())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst()
  return row ? toMessage(row) : null
}
