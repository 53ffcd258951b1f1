import { useState } from "react"
import { formatTimeBR } from "../../../../domain/calendar"
import { Dialog } from "../../../components/Dialog"
import { formatDate } from "../../../lib/format"
import { toast } from "../../../lib/toast"

interface Parked {
  readonly eventId: string
  readonly type: string
  readonly aggregateId: string
  readonly handler: string
  readonly attempts: number
  readonly lastError: string | null
  readonly parkedAt: number
}

/** Deliveries that gave up after every retry, with their error; each can go back to the queue. */
export function ParkedEvents({
  rows,
  requeue,
}: {
  rows: readonly Parked[]
  requeue: (eventId: string, handler: string) => Promise<unknown>
}) {
  const [asking, setAsking] = useState<Parked | null>(null)
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (!asking) return
    setBusy(true)
    try {
      await requeue(asking.eventId, asking.handler)
      toast.success("Evento reenviado para a fila!")
      setAsking(null)
    } catch (e) {
      toast.error("Erro ao reenviar evento", { description: e instanceof Error ? e.message : undefined })
    } finally {
      setBusy(false)
    }
  }
  return (
    <section aria-labelledby="parked-title">
      <h2 id="parked-title" className="text-xl font-semibold">
        Eventos parados
      </h2>
      <p className="mt-1 text-sm text-muted">
        Processamentos que falharam em todas as tentativas. Corrija a causa e reenvie para a fila.
      </p>
      {rows.length === 0 ? (
        <p className="mt-4 rounded-2xl surface p-6 text-center text-muted">Nenhum evento parado.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.map((p) => (
            <li key={`${p.eventId}:${p.handler}`} className="rounded-2xl surface p-4">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <p className="font-medium">
                    {p.type} <span className="text-muted">#{p.eventId}</span>
                  </p>
                  <p className="text-sm text-muted">
                    {p.handler} · {p.attempts} tentativas · parado em {formatDate(p.parkedAt)}{" "}
                    {formatTimeBR(p.parkedAt)}
                  </p>
                </div>
                <button type="button" className="btn btn-ghost" onClick={() => setAsking(p)}>
                  Reenviar
                </button>
              </div>
              {p.lastError && (
                <pre className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-[var(--bg)] p-2 text-xs">
                  {p.lastError}
                </pre>
              )}
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title="Reenviar evento?"
        description={
          asking ? `${asking.type} #${asking.eventId} volta à fila de ${asking.handler}.` : undefined
        }
      >
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => setAsking(null)}>
            Cancelar
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm()}>
            Reenviar
          </button>
        </div>
      </Dialog>
    </section>
  )
}
