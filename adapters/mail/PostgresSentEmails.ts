import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { type AttemptStart, SENDING_GUARD_MS, SentEmails } from "../../application/ports/SentEmails"
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
              oc
                .columns(["event_id", "template"])
                .doUpdateSet({
                  // A sent message stays as it was; anything else counts one more attempt.
                  attempts: sql`case when sent_emails.status = 'sent' then sent_emails.attempts else sent_emails.attempts + 1 end`,
                  status: sql`case when sent_emails.status = 'sent' then 'sent' else 'sending' end`,
                  updated_at: new Date(now),
                })
                // An attempt still under way (another instance sending it) is left alone.
                .where((eb) =>
                  eb.or([
                    eb("sent_emails.status", "<>", "sending"),
                    eb("sent_emails.updated_at", "<", new Date(now - SENDING_GUARD_MS)),
                  ]),
                ),
            )
            .returning(["id", "status"])
            .executeTakeFirst(),
        ).pipe(
          Effect.map(
            (row): AttemptStart =>
              !row
                ? { kind: "busy" }
                : row.status === "sent"
                  ? { kind: "sent" }
                  : { kind: "start", id: row.id },
          ),
        ),
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
