import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import { replyProblem, SUPPORT_LIMITS } from "../../../../domain/support/form"
import { slaLabel, slaState } from "../../../../domain/support/sla"
import {
  SUPPORT_CATEGORY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  type TicketStatus,
  ticketNumberLabel,
} from "../../../../domain/support/tickets"
import { Denied } from "../../../components/Denied"
import { PageLoading } from "../../../components/PageLoading"
import {
  formatDateTime,
  Thread,
  TicketStatusBadge,
  useTicketAction,
} from "../../../components/support/TicketBits"
import { adminAccess } from "../../../lib/adminAccess"
import { adminHead } from "../../../lib/seo"

export const Route = createFileRoute("/admin/support/$ticketId")({
  loader: async ({ context, params }) => ({
    denied: await adminAccess(context, "answer_support", () =>
      context.trpc.admin.support.ticket.ensureData({ id: params.ticketId }),
    ),
  }),
  head: () => adminHead("Chamado de suporte"),
  pendingComponent: () => <PageLoading label="Carregando chamado..." />,
  component: TicketPage,
})

function TicketPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <TicketView />
}

const control = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

function TicketView() {
  const { trpc, trpcClient } = Route.useRouteContext()
  const { ticketId } = Route.useParams()
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(trpc.admin.support.ticket.queryOptions({ id: ticketId }))
  const { ticket, messages, staff, now } = data
  const { busy, act } = useTicketAction(() =>
    queryClient.invalidateQueries({ queryKey: [["admin", "support"]] }),
  )
  const number = ticketNumberLabel(ticket.number)
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link to="/admin/support" className="text-sm text-accent hover:underline">
        ← Voltar aos chamados
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight">
          Chamado {number}: {ticket.subject}
        </h1>
        <TicketStatusBadge status={ticket.status} />
      </div>
      <dl className="mt-4 grid gap-3 rounded-2xl surface p-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Cliente</dt>
          <dd>
            {ticket.name} ·{" "}
            <a href={`mailto:${ticket.email}`} className="text-accent hover:underline">
              {ticket.email}
            </a>
            {/* Anyone can type anyone's address: staff see whether the author proved it before acting on it. */}
            {ticket.userId
              ? ""
              : ticket.emailProvenAt === null
                ? " (visitante, e-mail não confirmado)"
                : " (visitante, e-mail confirmado)"}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Categoria</dt>
          <dd>{SUPPORT_CATEGORY_LABELS[ticket.category]}</dd>
        </div>
        <div>
          <dt className="text-muted">Prazo de 24h</dt>
          <dd>
            {slaLabel(slaState(ticket, now))} · aberto em {formatDateTime(ticket.createdAt)}
          </dd>
        </div>
        {ticket.orderNumber && ticket.orderId && (
          <div>
            <dt className="text-muted">Pedido</dt>
            <dd>
              <Link
                to="/admin/orders/$orderId"
                params={{ orderId: ticket.orderId }}
                className="text-accent hover:underline"
              >
                {ticket.orderNumber}
              </Link>
            </dd>
          </div>
        )}
      </dl>
      <div className="mt-4 grid gap-3 rounded-2xl surface p-4 sm:grid-cols-2">
        <div>
          <label htmlFor="ticket-status" className="mb-1 block text-sm font-medium">
            Status
          </label>
          <select
            id="ticket-status"
            value={ticket.status}
            disabled={busy}
            className={control}
            onChange={(e) =>
              void act(
                () =>
                  trpcClient.admin.support.setStatus.mutate({
                    id: ticket.id,
                    status: e.target.value as TicketStatus,
                  }),
                "Status atualizado",
              )
            }
          >
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {TICKET_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="ticket-assignee" className="mb-1 block text-sm font-medium">
            Responsável
          </label>
          <select
            id="ticket-assignee"
            value={ticket.assignedTo ?? ""}
            disabled={busy}
            className={control}
            onChange={(e) =>
              void act(
                () =>
                  trpcClient.admin.support.assign.mutate({
                    id: ticket.id,
                    assigneeId: e.target.value || null,
                  }),
                "Responsável atualizado",
              )
            }
          >
            <option value="">Sem responsável</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.email})
              </option>
            ))}
          </select>
        </div>
      </div>
      <h2 className="mt-8 text-lg font-semibold">Conversa</h2>
      <div className="mt-3">
        <Thread messages={messages} viewer="staff" />
      </div>
      <Composer
        busy={busy}
        onSend={(kind, body) =>
          act(
            () =>
              kind === "reply"
                ? trpcClient.admin.support.reply.mutate({ id: ticket.id, body })
                : trpcClient.admin.support.note.mutate({ id: ticket.id, body }),
            kind === "reply" ? "Resposta enviada ao cliente" : "Nota interna adicionada",
          )
        }
      />
    </div>
  )
}

function Composer({
  busy,
  onSend,
}: {
  busy: boolean
  onSend: (kind: "reply" | "note", body: string) => Promise<boolean>
}) {
  const [body, setBody] = useState("")
  const [error, setError] = useState<string | null>(null)
  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null
    const kind = submitter?.value === "note" ? "note" : "reply"
    const problem = replyProblem(body)
    setError(problem)
    if (problem) return
    if (await onSend(kind, body)) setBody("")
  }
  return (
    <form onSubmit={send} noValidate className="mt-6 grid gap-2 rounded-2xl surface p-4">
      <label htmlFor="staff-body" className="text-sm font-medium">
        Mensagem
      </label>
      <textarea
        id="staff-body"
        rows={5}
        maxLength={SUPPORT_LIMITS.body}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "staff-body-error" : "staff-body-hint"}
        className={`${control} py-2 ${error ? "border-red-600" : ""}`}
      />
      {error ? (
        <p id="staff-body-error" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : (
        <p id="staff-body-hint" className="text-xs text-muted">
          A resposta vai para o cliente por e-mail e aparece na conta dele; a nota interna só a equipe vê.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="kind" value="reply" className="btn btn-primary" disabled={busy}>
          Responder ao cliente
        </button>
        <button type="submit" name="kind" value="note" className="btn btn-ghost" disabled={busy}>
          Adicionar nota interna
        </button>
      </div>
    </form>
  )
}
