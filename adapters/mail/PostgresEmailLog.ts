import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { EmailLog } from "../../application/ports/EmailLog"
import { Db, query } from "../db/DatabaseService"

const ms = (d: Date | string) => new Date(d).getTime()

/** The administrators' reading of `sent_emails`; a search by recipient uses `sent_emails_recipient_idx`. */
export const PostgresEmailLogLayer = Layer.effect(
  EmailLog,
  Effect.gen(function* () {
    const { db } = yield* Db
    return EmailLog.of({
      browse: ({ search, offset, limit }) =>
        query(async () => {
          let q = db.selectFrom("sent_emails")
          if (search) {
            const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
            q = q.where(sql`lower(recipient)`, "like", pattern)
          }
          const counted = await q.select(sql<number>`count(*)::int`.as("n")).executeTakeFirst()
          const rows = await q
            .select([
              "id",
              "recipient",
              "subject",
              "template",
              "status",
              "attempts",
              "last_error",
              "created_at",
              "sent_at",
            ])
            .orderBy("created_at", "desc")
            .orderBy("id", "desc")
            .offset(offset)
            .limit(limit)
            .execute()
          return {
            total: counted?.n ?? 0,
            rows: rows.map((r) => ({
              id: r.id,
              recipient: r.recipient,
              subject: r.subject,
              template: r.template,
              status: r.status,
              attempts: r.attempts,
              lastError: r.last_error,
              createdAt: ms(r.created_at),
              sentAt: r.sent_at ? ms(r.sent_at) : null,
            })),
          }
        }),
    })
  }),
)
