import { useQuery, useQueryClient } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import { TRADE_MESSAGE_MAX, TRADE_MESSAGES } from "../../../domain/community/trades"
import { toast } from "../../lib/toast"
import { isTrpcError } from "../../lib/trpc"
import { useViewer } from "../../lib/viewer"
import { Dialog } from "../Dialog"

/**
 * 'Propor troca' for another collector's piece marked for trade: the caller picks one of their own pieces and may
 * write a message. Reusable from a profile's shelf or a character page; the server re-checks everything.
 */
export function OfferTradeDialog({
  toUserId,
  toPieceId,
  pieceName,
  onOffered,
}: {
  toUserId: string
  toPieceId: string
  pieceName: string
  onOffered?: (tradeId: string) => void
}) {
  const viewer = useViewer()
  const [open, setOpen] = useState(false)
  if (!viewer || viewer.id === toUserId) return null
  return (
    <>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Propor troca
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={`Propor troca por ${pieceName}`}
        closeLabel="Fechar"
      >
        {open && (
          <OfferForm
            toPieceId={toPieceId}
            onDone={(id) => {
              setOpen(false)
              onOffered?.(id)
            }}
          />
        )}
      </Dialog>
    </>
  )
}

function OfferForm({ toPieceId, onDone }: { toPieceId: string; onDone: (tradeId: string) => void }) {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const { data, isPending } = useQuery(trpc.trades.target.queryOptions({ pieceId: toPieceId }))
  const [piece, setPiece] = useState("")
  const [message, setMessage] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  if (isPending || !data) return <p role="status">Carregando suas peças…</p>
  if (data.unavailable) return <p role="alert">{data.unavailable}</p>
  if (data.mine.length === 0)
    return <p>Você ainda não tem peças para oferecer. Peças compradas na loja aparecem aqui.</p>
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!piece) return setError("Escolha uma peça sua para oferecer")
    if (message.length > TRADE_MESSAGE_MAX) return setError(TRADE_MESSAGES.messageTooLong)
    setSending(true)
    setError(null)
    try {
      const { id } = await trpcClient.trades.offer.mutate({ fromPieceId: piece, toPieceId, message })
      await queryClient.invalidateQueries({ queryKey: trpc.trades.mine.queryKey(undefined) })
      toast.success("Proposta de troca enviada")
      onDone(id)
    } catch (e) {
      setError(isTrpcError(e) ? e.message : "Não foi possível enviar a proposta")
    } finally {
      setSending(false)
    }
  }
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <fieldset>
        <legend className="text-sm font-medium">Sua peça para oferecer</legend>
        <div className="mt-2 max-h-64 space-y-2 overflow-y-auto">
          {data.mine.map((p) => (
            <label key={p.id} className="flex items-center gap-2 rounded-lg border border-border p-2 text-sm">
              <input
                type="radio"
                name="offered-piece"
                value={p.id}
                checked={piece === p.id}
                onChange={() => setPiece(p.id)}
              />
              <span>
                {p.name} <span className="text-muted">· {p.collectionName}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor="trade-message" className="text-sm font-medium">
          Mensagem (opcional)
        </label>
        <textarea
          id="trade-message"
          className="input mt-1 w-full"
          rows={3}
          maxLength={TRADE_MESSAGE_MAX + 50}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          aria-describedby="trade-message-count"
        />
        <p id="trade-message-count" className="text-xs text-muted">
          {message.length}/{TRADE_MESSAGE_MAX}
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={sending}>
        Enviar proposta
      </button>
    </form>
  )
}
