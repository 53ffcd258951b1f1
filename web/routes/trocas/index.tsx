import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, useRouteContext } from "@tanstack/react-router"
import { ArrowLeftRight } from "lucide-react"
import { type FormEvent, useState } from "react"
import { TRADE_STATUS_LABELS, UNWOUND_LABEL } from "../../../domain/community/trades"
import { SignInInvitation } from "../../components/SignInInvitation"
import { Tabs } from "../../components/Tabs"
import { formatDate } from "../../lib/format"
import { toast } from "../../lib/toast"
import { isTrpcError, type RouterOutputs } from "../../lib/trpc"
import { useViewer } from "../../lib/viewer"

type TradeRow = RouterOutputs["trades"]["mine"]["received"][number]

export const Route = createFileRoute("/trocas/")({
  loader: async ({ context }) => {
    if (await context.trpc.account.me.ensureData())
      await Promise.all([context.trpc.trades.mine.ensureData(), context.trpc.trades.myPieces.ensureData()])
  },
  head: () => ({ meta: [{ title: "Trocas | Legendarium" }, { name: "robots", content: "noindex" }] }),
  component: TradesPage,
})

function TradesPage() {
  const viewer = useViewer()
  return viewer ? (
    <Trades />
  ) : (
    <SignInInvitation
      title="Entre para ver e propor trocas"
      purpose="Troque peças da sua coleção com outros colecionadores e acompanhe as propostas que você fez e recebeu."
      from="/trocas"
    />
  )
}

function Trades() {
  const { trpc } = useRouteContext({ from: "__root__" })
  const { data } = useSuspenseQuery(trpc.trades.mine.queryOptions())
  const list = (rows: readonly TradeRow[], empty: string) =>
    rows.length === 0 ? (
      <p className="text-muted">{empty}</p>
    ) : (
      <ul className="space-y-3">
        {rows.map((t) => (
          <TradeCard key={t.id} trade={t} />
        ))}
      </ul>
    )
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Trocas</h1>
      <p className="mt-1 text-muted">Propostas de troca entre colecionadores.</p>
      <div className="mt-6">
        <Tabs
          label="Propostas de troca"
          tabs={[
            {
              id: "received",
              label: `Recebidas (${data.received.length})`,
              content: list(data.received, "Nenhuma proposta recebida."),
            },
            {
              id: "sent",
              label: `Enviadas (${data.sent.length})`,
              content: list(data.sent, "Nenhuma proposta enviada."),
            },
            { id: "pieces", label: "Minhas peças", content: <MyPieces /> },
          ]}
        />
      </div>
    </div>
  )
}

function TradeCard({ trade }: { trade: TradeRow }) {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const [reason, setReason] = useState("")
  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await action()
      toast.success(done)
    } catch (error) {
      toast.error(isTrpcError(error) ? error.message : "Não foi possível concluir a ação")
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.trades.mine.queryKey(undefined) })
      setBusy(false)
    }
  }
  const cancel = (event: FormEvent) => {
    event.preventDefault()
    void act(() => trpcClient.trades.cancel.mutate({ tradeId: trade.id, reason }), "Troca cancelada")
  }
  return (
    <li className="rounded-xl border border-border p-4" data-trade={trade.id} data-status={trade.status}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {trade.role === "to" ? `Proposta de ${trade.counterpart}` : `Proposta para ${trade.counterpart}`}
        </p>
        <span className="rounded-full border border-border px-2 py-0.5 text-xs">
          {trade.unwound ? UNWOUND_LABEL : TRADE_STATUS_LABELS[trade.status]}
        </span>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span>
          Você dá: <strong>{trade.gives.name}</strong>
        </span>
        <ArrowLeftRight aria-hidden className="h-4 w-4 text-muted" />
        <span>
          Você recebe: <strong>{trade.gets.name}</strong>
        </span>
      </p>
      {trade.message && <p className="mt-2 text-sm italic">“{trade.message}”</p>}
      <p className="mt-1 text-xs text-muted">
        {formatDate(trade.createdAt)}
        {trade.status === "accepted" &&
          ` · ${trade.iConfirmed ? "Você confirmou" : "Falta sua confirmação"} · ${
            trade.theyConfirmed ? `${trade.counterpart} confirmou` : `Aguardando ${trade.counterpart}`
          }`}
        {trade.cancellationReason && ` · Motivo: ${trade.cancellationReason}`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {trade.can.respond && (
          <>
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() =>
                act(
                  () => trpcClient.trades.respond.mutate({ tradeId: trade.id, answer: "accept" }),
                  "Proposta aceita",
                )
              }
            >
              Aceitar
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() =>
                act(
                  () => trpcClient.trades.respond.mutate({ tradeId: trade.id, answer: "reject" }),
                  "Proposta recusada",
                )
              }
            >
              Recusar
            </button>
          </>
        )}
        {trade.can.confirm && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() =>
              act(() => trpcClient.trades.confirm.mutate({ tradeId: trade.id }), "Troca confirmada")
            }
          >
            Confirmar troca
          </button>
        )}
        {trade.can.cancel && !cancelling && (
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => setCancelling(true)}>
            Cancelar troca
          </button>
        )}
      </div>
      {cancelling && trade.can.cancel && (
        <form onSubmit={cancel} className="mt-3 flex flex-wrap items-end gap-2">
          <div className="grow">
            <label htmlFor={`reason-${trade.id}`} className="text-sm font-medium">
              Motivo do cancelamento
            </label>
            <input
              id={`reason-${trade.id}`}
              className="input mt-1 w-full"
              maxLength={200}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy || !reason.trim()}>
            Confirmar cancelamento
          </button>
        </form>
      )}
    </li>
  )
}

/** The collector's pieces: marking one for trade lets others offer for it through its link. */
function MyPieces() {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const { data } = useSuspenseQuery(trpc.trades.myPieces.queryOptions())
  if (data.length === 0)
    return <p className="text-muted">Você ainda não tem peças. As compradas na loja aparecem aqui.</p>
  const toggle = async (pieceId: string, forTrade: boolean) => {
    try {
      await trpcClient.trades.markForTrade.mutate({ pieceId, forTrade })
      toast.success(forTrade ? "Peça disponível para troca" : "Peça retirada das trocas")
    } catch (error) {
      toast.error(isTrpcError(error) ? error.message : "Não foi possível atualizar a peça")
    } finally {
      await queryClient.invalidateQueries({ queryKey: trpc.trades.myPieces.queryKey(undefined) })
    }
  }
  return (
    <ul className="space-y-2">
      {data.map((p) => (
        <li
          key={p.id}
          data-piece={p.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
        >
          <span>
            {p.name} <span className="text-sm text-muted">· {p.collectionName}</span>
          </span>
          <span className="flex items-center gap-3 text-sm">
            {p.isForTrade && (
              <a className="underline" href={`/trocas/nova?peca=${p.id}`}>
                Link da troca
              </a>
            )}
            <label className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={p.isForTrade}
                onChange={(e) => void toggle(p.id, e.target.checked)}
              />
              Disponível para troca
            </label>
          </span>
        </li>
      ))}
    </ul>
  )
}
