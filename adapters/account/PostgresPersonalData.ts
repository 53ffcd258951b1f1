import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { ACCOUNT_CLOSED_TEMPLATE } from "../../application/mail"
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
          // Orders stay, apart from any account, as the records the law keeps (domain/accounts/accountDeletion.ts):
          // the invoice's recipient, CPF and delivery address with them, which an order still to ship needs.
          // A card's last digits go with the person (the gateway's payment id still finds the payment), and the
          // audit trail keeps what was done to each order but not that the customer herself did it.
          await sql`update payment_attempts set card_last_four = null
            where card_last_four is not null and order_id in (select id from orders where user_id = ${userId})`.execute(
            executor,
          )
          await sql`update order_audit set actor_id = null, actor_email = null
            where actor_kind = 'customer' and actor_id = ${userId}`.execute(executor)
          await sql`update orders set user_id = null, updated_at = now() where user_id = ${userId}`.execute(
            executor,
          )
          // Subscriptions, their charges and the months plans paid for stay too, as payment records: amounts,
          // dates, statuses and the gateway's ids (enough to answer a dispute). The subscription's CPF and any
          // card's last digits go: the invoices are the shipments' orders, which keep their own CPF.
          await sql`update subscriptions set user_id = null, cpf = null, card_last_four = null, updated_at = now()
            where user_id = ${userId}`.execute(executor)
          await sql`update plan_months set user_id = null where user_id = ${userId}`.execute(executor)
          await executor.deleteFrom("plan_settings").where("user_id", "=", userId).execute()
          await sql`
            update outbox_events
            set payload = jsonb_build_object('userId', ${userId}::text, 'erased', true),
                status = 'done',
                finished_at = coalesce(finished_at, now()), locked_until = null, locked_by = null
            where aggregate_id = ${userId} and type <> 'AccountDeleted'`.execute(executor)
        }),
      // One statement, so a batch is erased whole or not at all; `skip locked` lets two runs share the work.
      eraseLapsed: (placedBefore, limit) =>
        withExecutor(db, async (executor) => {
          const { rows } = await sql<{ id: string }>`
            with due as (
              select id from orders
              where user_id is null and personal_data_erased_at is null and placed_at < ${new Date(placedBefore)}
              order by placed_at limit ${limit}
              for update skip locked
            ), attempts as (
              update payment_attempts set card_last_four = null, pix = null, boleto = null, redirect_url = null
              where order_id in (select id from due) returning 1
            ), refunds_noted as (
              update refunds set note = '' where order_id in (select id from due) returning 1
            ), requests as (
              update after_sale_requests set description = '', decision_note = null
              where order_id in (select id from due) returning 1
            ), reviews as (
              update shipments set review = null where order_id in (select id from due) returning 1
            ), audit as (
              update order_audit set actor_id = null, actor_email = null
              where actor_kind = 'customer' and order_id in (select id from due) returning 1
            )
            update orders set
              cpf = null,
              address = jsonb_build_object('name', '', 'street', '', 'number', '', 'complement', '',
                'neighborhood', '', 'zipCode', '', 'city', address -> 'city', 'state', address -> 'state'),
              personal_data_erased_at = now()
            where id in (select id from due)
            returning id`.execute(executor)
          return rows.length
        }),
    })
  }),
)
