import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { ACCOUNT_CLOSED_TEMPLATE } from "../../application/mail/accountEmails"
import { PersonalData } from "../../application/ports/PersonalData"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

export const PostgresPersonalDataLayer = Layer.effect(
  PersonalData,
  Effect.gen(function* () {
    const { db } = yield* Db
    return PersonalData.of({
      forget: (userId) =>
        withExecutor(db, async (executor) => {
          // The addresses come from the person's own events, read before those are blanked.
          const { rows } = await sql<{ email: string }>`
            select distinct lower(payload ->> 'email') as email from outbox_events
            where aggregate_id = ${userId} and payload ? 'email'`.execute(executor)
          const emails = rows.map((r) => r.email)
          if (emails.length > 0) {
            await executor
              .updateTable("sent_emails")
              .set({ recipient: "[removido]" })
              .where(sql<string>`lower(recipient)`, "in", emails)
              .execute()
            // The deletion's own confirmation stays: it is the last word the person is owed (and reads).
            await executor
              .deleteFrom("dev_mailbox")
              .where(sql<string>`lower(recipient)`, "in", emails)
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom("sent_emails")
                      .select("sent_emails.id")
                      .where("sent_emails.template", "=", ACCOUNT_CLOSED_TEMPLATE)
                      .whereRef("sent_emails.provider_message_id", "=", sql<string>`dev_mailbox.id::text`),
                  ),
                ),
              )
              .execute()
            // Support tickets from the person's addresses, their threads with them (no record needs them kept).
            await executor
              .deleteFrom("support_tickets")
              .where(sql<string>`lower(email)`, "in", emails)
              .execute()
          }
          await executor.deleteFrom("support_tickets").where("user_id", "=", userId).execute()
          // Waitlist entries go: the account's handler ended the live ones first, a held unit going to the next.
          await executor.deleteFrom("waitlist_entries").where("user_id", "=", userId).execute()
          // The address book and the phone and CPF go (they cascade from the account too; this holds if that changes).
          await executor.deleteFrom("addresses").where("user_id", "=", userId).execute()
          await executor.deleteFrom("customer_details").where("user_id", "=", userId).execute()
          // Orders stay, apart from any account, as the records the law keeps (domain/accountDeletion.ts):
          // the invoice's recipient, CPF and delivery address with them, which an order still to ship needs.
          await sql`update orders set user_id = null, updated_at = now() where user_id = ${userId}`.execute(
            executor,
          )
          await sql`
            update outbox_events
            set payload = jsonb_build_object('userId', ${userId}::text, 'erased', true),
                status = 'done',
                finished_at = coalesce(finished_at, now()), locked_until = null, locked_by = null
            where aggregate_id = ${userId} and type <> 'AccountDeleted'`.execute(executor)
        }),
    })
  }),
)
