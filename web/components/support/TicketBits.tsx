import { useState } from "react"
import { TICKET_STATUS_LABELS, type TicketStatus } from "../../../domain/support/tickets"
import { toast } from "../../lib/toast"
import { isTrpcError } from "../../lib/trpc"

/**
 * One action on a ticket (reply, close, note, status) with a toast for its outcome; `busy` while it runs, and
 * `refresh` afterwards whatever happened, so the thread shows what the server holds.
 */
export function useTicketAction(refresh: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false)
  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await action()
      toast.success(done)
      return true
    } catch (error) {
      toast.error(isTrpcError(error) ? error.message : "Não foi possível concluir a ação")
      return false
    } finally {
      await refresh()
      setBusy(false)
    }
  }
  return { busy, act }
}

const STATUS_CLASS: Readonly<Record<TicketStatus, string>> = {
  open: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  in_progress: "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  waiting_customer: "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
  resolved: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
}

/** A ticket's status in words (never colour alone). */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}
      data-status={status}
    >
      {TICKET_STATUS_LABELS[status]}
    </span>
  )
}

let dateTime: Intl.DateTimeFormat | undefined

/** "27/11/2026, 14:05" in São Paulo. */
export const formatDateTime = (epochMs: number) => {
  dateTime ??= new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    dateStyle: "short",
    timeStyle: "short",
  })
  return dateTime.format(epochMs)
}

export interface ThreadMessage {
  readonly id: string
  readonly author: "customer" | "staff" | "note"
  readonly authorName: string | null
  readonly body: string
  readonly createdAt: number
}

const AUTHOR_LABEL = { customer: "Cliente", staff: "Equipe Legendarium", note: "Nota interna" } as const

/**
 * A ticket's conversation, oldest first. Internal notes (staff only: the customer's view never receives them)
 * are set apart by a dashed amber box and their label.
 */
export function Thread({
  messages,
  viewer,
}: {
  messages: readonly ThreadMessage[]
  viewer: "customer" | "staff"
}) {
  return (
    <ol className="grid gap-3" aria-label="Mensagens do chamado">
      {messages.map((m) => {
        const mine = (viewer === "customer") === (m.author === "customer")
        const box =
          m.author === "note"
            ? "border-2 border-dashed border-amber-500 bg-amber-50 dark:bg-amber-950/40"
            : mine
              ? "surface-2"
              : "surface border border-theme"
        const who =
          m.author === "customer"
            ? viewer === "customer"
              ? "Você"
              : (m.authorName ?? AUTHOR_LABEL.customer)
            : m.author === "staff" && viewer === "staff" && m.authorName
              ? `${m.authorName} (equipe)`
              : AUTHOR_LABEL[m.author]
        return (
          <li key={m.id} className={`rounded-xl p-4 ${box}`} data-author={m.author}>
            <p className="text-xs text-muted">
              <span className="font-semibold">
                {m.author === "note" ? `${AUTHOR_LABEL.note} · ${m.authorName ?? ""}` : who}
              </span>{" "}
              · <time dateTime={new Date(m.createdAt).toISOString()}>{formatDateTime(m.createdAt)}</time>
            </p>
            <p className="mt-2 whitespace-pre-wrap break-words">{m.body}</p>
          </li>
        )
      })}
    </ol>
  )
}
