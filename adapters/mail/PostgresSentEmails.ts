import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { SentEmails } from "../../application/ports/SentEmails"
import { Db, query } from "../db/DatabaseService"

export const PostgresSentEmailsLayer = Layer.effect(
  SentEmails,
  Effect.gen(function* () {
    const { db } = yield* Db
    return SentEmails.of({
      begin: (attempt, now) =>
        query(() =>
          db
            .insertInto("sent_emails")
            .values({
              event_id: attempt.eventId,
              template: attempt.template,
              recipient: attempt.recipient,
              subject: attempt.subject,
              status: "sending",
              attempts: 1,
              created_at: new Date(now),
              updated_at: new Date(now),
            })
            .onConflict((oc) =>
              oc.columns(["event_id", "template"]).doUpdateSet({
                // A sent message stays as it was; anything else counts one more attempt.
                attempts: sql`case when sent_emails.status = 'sent' then sent_emails.attempts else sent_emails.attempts + 1 end`,
                status: sql`case when sent_emails.status = 'sent' then 'sent' else 'sending' end`,
                updated_at: new Date(now),
              }),
            )
            .returning(["id", "status"])
            .executeTakeFirstOrThrow(),
        ).pipe(Effect.map((row) => ({ id: row.id, alreadySent: row.status === "sent" }))),
      sent: (id, providerMessageId, now) =>
        query(() =>
          db
            .updateTable("sent_emails")
            .set({
              status: "sent",
              provider_message_id: providerMessageId,
              last_error: null,
              sent_at: new Date(now),
              updated_at: new Date(now),
            })
            .where("id", "=", id)
            .execute(),
        ),
      failed: (id, error, now) =>
        query(() =>
          db
            .updateTable("sent_emails")
            .set({ status: "failed", last_error: error.slice(0, 500), updated_at: new Date(now) })
            .where("id", "=", id)
            .where("status", "<>", "sent")
            .execute(),
        ),
    })
  }),
)
