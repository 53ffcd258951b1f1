import { Context, type Effect } from "effect"

export interface EmailLogRow {
  readonly id: string
  readonly recipient: string
  readonly subject: string
  readonly template: string
  readonly status: "sending" | "sent" | "failed"
  readonly attempts: number
  readonly lastError: string | null
  readonly createdAt: number
  readonly sentAt: number | null
}

export interface EmailLogQuery {
  /** Part of the recipient's address. */
  readonly search: string | null
  readonly offset: number
  readonly limit: number
}

/** The e-mail log as administrators read it (SentEmails writes it), newest first. */
export class EmailLog extends Context.Service<
  EmailLog,
  {
    browse(
      query: EmailLogQuery,
    ): Effect.Effect<{ readonly rows: readonly EmailLogRow[]; readonly total: number }>
  }
>()("store/application/EmailLog") {}
