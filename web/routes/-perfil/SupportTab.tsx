import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { Link, useRouteContext } from "@tanstack/react-router"
import { LifeBuoy } from "lucide-react"
import { type FormEvent, useState } from "react"
import { replyProblem, SUPPORT_LIMITS } from "../../../domain/support/form"
import { SUPPORT_CATEGORY_LABELS, ticketNumberLabel } from "../../../domain/support/tickets"
import {
  formatDateTime,
  Thread,
  TicketStatusBadge,
  useTicketAction,
} from "../../components/support/TicketBits"

/**
 * The customer's tickets (by account, or a visitor's ticket whose address — their verified e-mail — was proven by
 * the acknowledgement's link) and one conversation at a time.
 */
export function SupportTab() {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  const { data: tickets } = useSuspenseQuery(trpc.support.mine.queryOptions())
  const [open, setOpen] = useState<string | null>(null)
  if (tickets.length === 0)
    return (
      <div className="rounded-2xl surface p-8 text-center">
        <LifeBuoy aria-hidden className="mx-auto h-10 w-10 text-accent" />
        <h2 className="mt-4 text-lg font-semibold">Você não tem chamados</h2>
        <p className="mt-2 text-muted">Precisa de ajuda? Abra um chamado e respondemos em até 24 horas.</p>
        <Link to="/support" className="btn btn-primary mt-6">
          Abrir um chamado
        </Link>
      </div>
    )
  return (
    <section aria-labelledby="support-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="support-title" className="text-lg font-semibold">
          Seus chamados
        </h2>
        <Link to="/support" className="btn btn-ghost text-sm">
          Abrir novo chamado
        </Link>
      </div>
      <ul className="grid gap-3">
        {tickets.map((t) => (
          <li key={t.id} data-ticket={ticketNumberLabel(t.number)}>
            <button
              type="button"
              aria-expanded={open === t.id}
              aria-controls={`ticket-${t.id}`}
              onClick={() => setOpen(open === t.id ? null : t.id)}
              className="flex w-full flex-wrap items-center gap-3 rounded-2xl surface p-4 text-left hover:bg-[var(--surface-2)]"
            >
              <span className="font-semibold tabular-nums">{ticketNumberLabel(t.number)}</span>
              <span className="min-w-0 flex-1 truncate">{t.subject}</span>
              <TicketStatusBadge status={t.status} />
              <span className="w-full text-sm text-muted">
                {SUPPORT_CATEGORY_LABELS[t.category]} · Atualizado em {formatDateTime(t.updatedAt)}
              </span>
            </button>
            {open === t.id && <Conversation ticketId={t.id} />}
          </li>
        ))}
      </ul>
    </section>
  )
}

function Conversation({ ticketId }: { ticketId: string }) {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const thread = useQuery(trpc.support.thread.queryOptions({ ticketId }))
  const [body, setBody] = useState("")
  const [error, setError] = useState<string | null>(null)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.support.thread.queryKey({ ticketId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.support.mine.queryKey(undefined) }),
    ])
  const { busy, act } = useTicketAction(refresh)
  const reply = async (event: FormEvent) => {
    event.preventDefault()
    const problem = replyProblem(body)
    setError(problem)
    if (problem) return
    if (await act(() => trpcClient.support.reply.mutate({ ticketId, body }), "Mensagem enviada")) setBody("")
  }
  if (thread.isPending) return <p className="p-4 text-muted">Carregando conversa...</p>
  if (thread.isError) return <p className="p-4 text-red-700 dark:text-red-400">{thread.error.message}</p>
  const { ticket, messages } = thread.data
  return (
    <div id={`ticket-${ticketId}`} className="mt-3 grid gap-4 rounded-2xl border border-theme p-4">
      <p className="text-sm text-muted">
        Aberto em {formatDateTime(ticket.createdAt)}
        {ticket.orderNumber ? ` · Pedido ${ticket.orderNumber}` : ""}
      </p>
      <Thread messages={messages} viewer="customer" />
      <form onSubmit={reply} noValidate className="grid gap-2">
        <label htmlFor={`reply-${ticketId}`} className="text-sm font-medium">
          {ticket.status === "resolved" ? "Escreva para reabrir o chamado" : "Sua resposta"}
        </label>
        <textarea
          id={`reply-${ticketId}`}
          rows={4}
          maxLength={SUPPORT_LIMITS.body}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `reply-${ticketId}-error` : undefined}
          className={`min-h-11 w-full rounded-xl border bg-[var(--surface)] px-3 py-2 ${error ? "border-red-600" : "border-theme"}`}
        />
        {error && (
          <p id={`reply-${ticketId}-error`} className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Enviar resposta
          </button>
          {ticket.status !== "resolved" && (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() =>
                void act(() => trpcClient.support.close.mutate({ ticketId }), "Chamado encerrado")
              }
            >
              Encerrar chamado
            </button>
          )}
        </div>
      </form>
    </div>
  )
}
