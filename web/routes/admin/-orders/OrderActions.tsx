import { useState } from "react"
import type { AdminOrderAction } from "../../../../domain/fulfilment/adminActions"
import { formatBRL, parseReaisToCents } from "../../../../domain/money"
import { FormError } from "../../../components/AuthForm"
import { Dialog } from "../../../components/Dialog"
import { toast } from "../../../lib/toast"
import { type AdminOrder, Section } from "./OrderSections"

/** What the server answers to an order action: `repeated` when its key had been used (nothing done again). */
export interface ActionOutcome {
  readonly repeated: boolean
}

type Run = (actionKey: string) => Promise<ActionOutcome>

/**
 * How the page reaches the order actions; an action without one gets no button. Each call carries the
 * confirmation's key, so a retried click (or a second tab) is the same action, done once.
 */
export interface Performers {
  advance?: (
    step: Exclude<AdminOrderAction, "ship" | "cancel" | "refund">,
    actionKey: string,
  ) => Promise<ActionOutcome>
  ship?: (
    details: { carrier: string; service: string; trackingCode: string },
    actionKey: string,
  ) => Promise<ActionOutcome>
  cancel?: Run
  refund?: (input: { amount: number | null; note: string }, actionKey: string) => Promise<ActionOutcome>
  decide?: (
    input: { requestId: string; approve: boolean; note: string },
    actionKey: string,
  ) => Promise<ActionOutcome>
  receiveReturn?: (requestId: string, actionKey: string) => Promise<ActionOutcome>
  resolveRequest?: (requestId: string, actionKey: string) => Promise<ActionOutcome>
  addNote?: (body: string, actionKey: string) => Promise<ActionOutcome>
}

const ACTION_TEXT: Record<
  AdminOrderAction,
  { label: string; question: string; detail: string; done: string }
> = {
  start_production: {
    label: "Iniciar produção",
    question: "Iniciar a produção deste pedido?",
    detail: "O cliente recebe um e-mail avisando que o pedido entrou em produção.",
    done: "Produção iniciada!",
  },
  mark_produced: {
    label: "Marcar como produzido",
    question: "Marcar este pedido como produzido?",
    detail: "O pedido fica pronto para envio.",
    done: "Pedido marcado como produzido!",
  },
  ship: {
    label: "Enviar pedido",
    question: "Enviar este pedido?",
    detail: "O cliente recebe um e-mail com o código de rastreamento e o link da transportadora.",
    done: "Pedido enviado!",
  },
  mark_in_transit: {
    label: "Marcar em trânsito",
    question: "Marcar este pedido como em trânsito?",
    detail: "A linha do tempo do cliente passa para Em Trânsito.",
    done: "Pedido em trânsito!",
  },
  mark_delivered: {
    label: "Marcar como entregue",
    question: "Marcar este pedido como entregue?",
    detail:
      "O cliente recebe um e-mail pedindo a avaliação da entrega; o prazo de 7 dias para desistência começa.",
    done: "Pedido entregue!",
  },
  mark_delivery_failed: {
    label: "Registrar falha na entrega",
    question: "Registrar que a transportadora não conseguiu entregar?",
    detail: "O pedido volta a aguardar envio, para ser enviado de novo.",
    done: "Falha na entrega registrada.",
  },
  cancel: {
    label: "Cancelar pedido",
    question: "Cancelar este pedido?",
    detail: "Todo o valor pago é reembolsado pelo gateway de pagamento e o cliente é avisado por e-mail.",
    done: "Pedido cancelado!",
  },
  refund: {
    label: "Reembolsar",
    question: "Reembolsar este pedido?",
    detail: "O reembolso é feito pelo gateway de pagamento e o cliente é avisado por e-mail.",
    done: "Reembolso solicitado!",
  },
}

const fieldClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

/** A confirmation dialog with its own action key, kept across retries of the same confirmation. */
function useConfirmation(done: string, onDone: () => Promise<void>) {
  const [key, setKey] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return {
    open: key !== null,
    busy,
    error,
    start: () => {
      setError(null)
      setKey(crypto.randomUUID())
    },
    close: () => setKey(null),
    submit: async (run: (actionKey: string) => Promise<ActionOutcome>) => {
      if (!key) return
      setBusy(true)
      setError(null)
      try {
        const outcome = await run(key)
        if (outcome.repeated) toast.info("Esta ação já havia sido registrada.")
        else toast.success(done)
        setKey(null)
        await onDone()
      } catch (e) {
        const message = e instanceof Error ? e.message : "Não foi possível concluir a ação."
        setError(message)
        toast.error("Erro ao atualizar o pedido", { description: message })
      } finally {
        setBusy(false)
      }
    },
  }
}

function DialogButtons({
  busy,
  onCancel,
  confirm,
}: {
  busy: boolean
  onCancel: () => void
  confirm: string
}) {
  return (
    <div className="mt-4 flex flex-wrap justify-end gap-2">
      <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
        Voltar
      </button>
      <button type="submit" className="btn btn-primary" disabled={busy} data-autofocus>
        {busy ? "Aguarde..." : confirm}
      </button>
    </div>
  )
}

function ActionButton({
  order,
  action,
  performers,
  onDone,
}: {
  order: AdminOrder
  action: AdminOrderAction
  performers: Performers
  onDone: () => Promise<void>
}) {
  const text = ACTION_TEXT[action]
  const c = useConfirmation(text.done, onDone)
  const [ship, setShip] = useState({
    carrier: order.shipping.provider,
    service: order.shipping.name,
    trackingCode: "",
  })
  const [refund, setRefund] = useState({ full: true, amount: "", note: "" })
  const refundable = order.fulfilment?.refundable ?? 0
  const run = (): ((key: string) => Promise<ActionOutcome>) | null => {
    if (action === "ship")
      return performers.ship ? (key) => performers.ship?.(ship, key) as Promise<ActionOutcome> : null
    if (action === "cancel") return performers.cancel ?? null
    if (action === "refund") {
      const perform = performers.refund
      if (!perform) return null
      return async (key) => {
        const amount = refund.full ? null : parseReaisToCents(refund.amount)
        if (!refund.full && (amount === null || amount <= 0))
          throw new Error("Informe um valor de reembolso maior que zero.")
        return perform({ amount, note: refund.note }, key)
      }
    }
    const perform = performers.advance
    return perform ? (key) => perform(action, key) : null
  }
  const perform = run()
  if (!perform) return null
  const danger = action === "cancel" || action === "refund" || action === "mark_delivery_failed"
  return (
    <>
      <button type="button" className={`btn ${danger ? "btn-ghost" : "btn-primary"}`} onClick={c.start}>
        {text.label}
      </button>
      <Dialog open={c.open} onClose={c.close} title={text.question} description={text.detail}>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void c.submit(perform)
          }}
        >
          <FormError message={c.error} />
          {action === "ship" && (
            <div className="space-y-3">
              {(
                [
                  ["carrier", "Transportadora"],
                  ["service", "Serviço"],
                  ["trackingCode", "Código de rastreamento da transportadora"],
                ] as const
              ).map(([field, label]) => (
                <div key={field}>
                  <label htmlFor={`ship-${field}`} className="mb-1 block text-sm font-medium">
                    {label}
                  </label>
                  <input
                    id={`ship-${field}`}
                    required
                    maxLength={field === "trackingCode" ? 40 : 60}
                    value={ship[field]}
                    onChange={(e) => setShip((s) => ({ ...s, [field]: e.target.value }))}
                    className={fieldClass}
                    autoCapitalize={field === "trackingCode" ? "characters" : undefined}
                  />
                </div>
              ))}
            </div>
          )}
          {action === "refund" && (
            <fieldset className="space-y-3">
              <legend className="text-sm font-medium">Valor do reembolso</legend>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="refund-kind"
                  checked={refund.full}
                  onChange={() => setRefund((r) => ({ ...r, full: true }))}
                />
                Total: {formatBRL(refundable)}
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="refund-kind"
                  checked={!refund.full}
                  onChange={() => setRefund((r) => ({ ...r, full: false }))}
                />
                Parcial
              </label>
              {!refund.full && (
                <div>
                  <label htmlFor="refund-amount" className="mb-1 block text-sm font-medium">
                    Valor em reais (até {formatBRL(refundable)})
                  </label>
                  <input
                    id="refund-amount"
                    inputMode="decimal"
                    placeholder="0,00"
                    required
                    value={refund.amount}
                    onChange={(e) => setRefund((r) => ({ ...r, amount: e.target.value }))}
                    className={fieldClass}
                  />
                </div>
              )}
              <div>
                <label htmlFor="refund-note" className="mb-1 block text-sm font-medium">
                  Motivo
                </label>
                <textarea
                  id="refund-note"
                  required
                  maxLength={500}
                  rows={3}
                  value={refund.note}
                  onChange={(e) => setRefund((r) => ({ ...r, note: e.target.value }))}
                  className={`${fieldClass} py-2`}
                />
              </div>
            </fieldset>
          )}
          <DialogButtons busy={c.busy} onCancel={c.close} confirm={text.label} />
        </form>
      </Dialog>
    </>
  )
}

/** The buttons of what the state machine allows now; each asks for confirmation first. */
export function ActionsSection({
  order,
  performers,
  onDone,
}: {
  order: AdminOrder
  performers: Performers
  onDone: () => Promise<void>
}) {
  const wired = order.actions.available.filter((action) =>
    action === "ship"
      ? performers.ship
      : action === "cancel"
        ? performers.cancel
        : action === "refund"
          ? performers.refund
          : performers.advance,
  )
  return (
    <Section title="Ações">
      {wired.length === 0 ? (
        <p className="text-muted">
          {order.fulfilment
            ? "Nenhuma ação disponível para este pedido agora."
            : "O pedido ainda não foi pago."}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {wired.map((action) => (
            <ActionButton
              key={action}
              order={order}
              action={action}
              performers={performers}
              onDone={onDone}
            />
          ))}
        </div>
      )}
    </Section>
  )
}

/** Withdrawal, damage and missing-parcel requests, with the decision and the return's receipt. */
export function RequestsSection({
  order,
  performers,
  onDone,
}: {
  order: AdminOrder
  performers: Performers
  onDone: () => Promise<void>
}) {
  const requests = order.fulfilment?.requests ?? []
  if (requests.length === 0) return null
  return (
    <Section title="Solicitações pós-venda">
      <ul className="space-y-3">
        {requests.map((r) => {
          const allowed = order.actions.requests.find((a) => a.requestId === r.id)
          return (
            <li key={r.id} className="rounded-xl surface-2 p-3">
              <p className="font-medium">
                {r.kindLabel} · {r.statusLabel}
              </p>
              {r.description && <p className="break-words">“{r.description}”</p>}
              {r.decisionNote && <p className="text-muted">Resposta: {r.decisionNote}</p>}
              <div className="mt-2 flex flex-wrap gap-2">
                {allowed?.decide && performers.decide && (
                  <>
                    <RequestDecision requestId={r.id} approve perform={performers.decide} onDone={onDone} />
                    <RequestDecision
                      requestId={r.id}
                      approve={false}
                      perform={performers.decide}
                      onDone={onDone}
                    />
                  </>
                )}
                {allowed?.receiveReturn && performers.receiveReturn && (
                  <RequestStep
                    requestId={r.id}
                    perform={performers.receiveReturn}
                    onDone={onDone}
                    text={RECEIVE_RETURN}
                  />
                )}
                {allowed?.resolve && performers.resolveRequest && (
                  <RequestStep
                    requestId={r.id}
                    perform={performers.resolveRequest}
                    onDone={onDone}
                    text={RESOLVE_REQUEST}
                  />
                )}
              </div>
            </li>
          )
        })}
      </ul>
    </Section>
  )
}

function RequestDecision({
  requestId,
  approve,
  perform,
  onDone,
}: {
  requestId: string
  approve: boolean
  perform: NonNullable<Performers["decide"]>
  onDone: () => Promise<void>
}) {
  const c = useConfirmation(approve ? "Solicitação aprovada!" : "Solicitação recusada.", onDone)
  const [note, setNote] = useState("")
  const label = approve ? "Aprovar" : "Recusar"
  const noteId = `decision-${requestId}-${approve ? "a" : "r"}`
  return (
    <>
      <button type="button" className={`btn ${approve ? "btn-primary" : "btn-ghost"}`} onClick={c.start}>
        {label}
      </button>
      <Dialog
        open={c.open}
        onClose={c.close}
        title={approve ? "Aprovar esta solicitação?" : "Recusar esta solicitação?"}
        description="O cliente recebe a resposta por e-mail e na página do pedido."
      >
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void c.submit((key) => perform({ requestId, approve, note }, key))
          }}
        >
          <FormError message={c.error} />
          <label htmlFor={noteId} className="mb-1 block text-sm font-medium">
            {approve ? "Mensagem ao cliente (opcional)" : "Motivo da recusa"}
          </label>
          <textarea
            id={noteId}
            required={!approve}
            maxLength={1000}
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            className={`${fieldClass} py-2`}
          />
          <DialogButtons busy={c.busy} onCancel={c.close} confirm={label} />
        </form>
      </Dialog>
    </>
  )
}

const RECEIVE_RETURN = {
  button: "Registrar recebimento da devolução",
  question: "Registrar o recebimento da devolução?",
  detail: "O valor ainda não reembolsado volta ao cliente pelo gateway de pagamento.",
  confirm: "Registrar recebimento",
  done: "Devolução recebida!",
}

const RESOLVE_REQUEST = {
  button: "Concluir solicitação",
  question: "Concluir esta solicitação?",
  detail: "Use depois de enviar a reposição ou de fazer o reembolso parcial combinado com o cliente.",
  confirm: "Concluir",
  done: "Solicitação concluída!",
}

/** A request's next step that asks nothing but a confirmation (receive the return, settle the claim). */
function RequestStep({
  requestId,
  perform,
  onDone,
  text,
}: {
  requestId: string
  perform: (requestId: string, actionKey: string) => Promise<ActionOutcome>
  onDone: () => Promise<void>
  text: typeof RECEIVE_RETURN
}) {
  const c = useConfirmation(text.done, onDone)
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={c.start}>
        {text.button}
      </button>
      <Dialog open={c.open} onClose={c.close} title={text.question} description={text.detail}>
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void c.submit((key) => perform(requestId, key))
          }}
        >
          <FormError message={c.error} />
          <DialogButtons busy={c.busy} onCancel={c.close} confirm={text.confirm} />
        </form>
      </Dialog>
    </>
  )
}

/** Notes administrators leave for each other; the customer never sees them. */
export function NotesSection({
  order,
  performers,
  onDone,
}: {
  order: AdminOrder
  performers: Performers
  onDone: () => Promise<void>
}) {
  const [body, setBody] = useState("")
  const c = useConfirmation("Nota adicionada!", async () => {
    setBody("")
    await onDone()
  })
  const add = performers.addNote
  return (
    <Section title="Notas internas">
      {order.notes.length === 0 ? (
        <p className="text-muted">Nenhuma nota.</p>
      ) : (
        <ul className="space-y-2">
          {order.notes.map((n) => (
            <li key={n.id} className="rounded-xl surface-2 p-3">
              <p className="whitespace-pre-wrap break-words">{n.body}</p>
              <p className="text-xs text-muted">
                {n.authorEmail} · {new Date(n.at).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {add && (
        <form
          className="mt-3"
          onSubmit={(event) => {
            event.preventDefault()
            c.start()
          }}
        >
          <label htmlFor="note-body" className="mb-1 block text-sm font-medium">
            Nova nota (visível só para a equipe)
          </label>
          <textarea
            id="note-body"
            required
            maxLength={2000}
            rows={3}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            className={`${fieldClass} py-2`}
          />
          <button type="submit" className="btn btn-ghost mt-2">
            Adicionar nota
          </button>
        </form>
      )}
      {add && (
        <Dialog
          open={c.open}
          onClose={c.close}
          title="Adicionar esta nota ao pedido?"
          description="A nota fica no histórico do pedido."
        >
          <form
            onSubmit={(event) => {
              event.preventDefault()
              void c.submit((key) => add(body, key))
            }}
          >
            <FormError message={c.error} />
            <DialogButtons busy={c.busy} onCancel={c.close} confirm="Adicionar nota" />
          </form>
        </Dialog>
      )}
    </Section>
  )
}
