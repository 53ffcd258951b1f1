import { type Kysely, sql } from "kysely"

/**
 * Support tickets (decision 8): a ticket from the support page, its thread of customer messages, staff
 * answers and internal notes. The number comes from a sequence and is shown as '#1042'. A visitor's ticket is
 * tied to the e-mail; a customer's to the account too (kept, de-identified, when the account is deleted).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence support_ticket_number_seq start with 1001`.execute(db)
  await db.schema
    .createTable("support_tickets")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("number", "integer", (c) =>
      c.notNull().unique().defaultTo(sql`nextval('support_ticket_number_seq')`),
    )
    .addColumn("user_id", "text", (c) => c.references("auth_user.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 120`))
    .addColumn("email", "text", (c) =>
      c.notNull().check(sql`email = lower(email) and char_length(email) between 3 and 254`),
    )
    .addColumn("category", "text", (c) =>
      c
        .notNull()
        .check(
          sql`category in ('subscription', 'shipping', 'product', 'payment', 'account', 'technical', 'other')`,
        ),
    )
    .addColumn("subject", "text", (c) => c.notNull().check(sql`char_length(subject) between 1 and 120`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status in ('open', 'in_progress', 'waiting_customer', 'resolved')`),
    )
    .addColumn("order_id", "uuid", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("assigned_to", "text", (c) => c.references("auth_user.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addColumn("first_response_at", "timestamptz")
    .addColumn("resolved_at", "timestamptz")
    .addColumn("last_message_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`alter sequence support_ticket_number_seq owned by support_tickets.number`.execute(db)
  await sql`create index support_tickets_inbox_idx on support_tickets (status, last_message_at desc)`.execute(
    db,
  )
  await sql`create index support_tickets_user_idx on support_tickets (user_id) where user_id is not null`.execute(
    db,
  )
  await sql`create index support_tickets_email_idx on support_tickets (lower(email))`.execute(db)

  await db.schema
    .createTable("support_messages")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("ticket_id", "uuid", (c) => c.notNull().references("support_tickets.id").onDelete("cascade"))
    .addColumn("author", "text", (c) => c.notNull().check(sql`author in ('customer', 'staff', 'note')`))
    .addColumn("author_user_id", "text", (c) => c.references("auth_user.id").onDelete("set null"))
    .addColumn("body", "text", (c) => c.notNull().check(sql`char_length(body) between 1 and 5000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index support_messages_ticket_idx on support_messages (ticket_id, created_at, id)`.execute(
    db,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("support_messages").execute()
  await db.schema.dropTable("support_tickets").execute()
}
