import type { ErrorComponentProps } from "@tanstack/react-router"
import { AlertTriangle } from "lucide-react"
import { useEffect, useMemo, useState } from "react"
import { errorCodeIn, errorCodeLine, formatErrorId } from "../../domain/errorId"

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Fallback for uncaught UI errors: a code the customer can quote to support, and ways out. A failure of the
 * server already carries its request's id, which its log lines carry; one born in the browser gets a new id,
 * reported to the server so that it is logged too.
 */
export function ErrorFallback({ error }: ErrorComponentProps) {
  const fromServer = errorCodeIn(messageOf(error))
  const errorId = useMemo(
    () => fromServer ?? formatErrorId(Date.now(), Math.random().toString(36).slice(2, 10).padEnd(8, "0")),
    [fromServer],
  )
  useEffect(() => {
    if (fromServer) return
    void fetch("/api/client-errors", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ errorId, message: messageOf(error).slice(0, 500), path: location.pathname }),
    }).catch(() => undefined)
  }, [fromServer, errorId, error])
  const [copied, setCopied] = useState(false)
  const details = `${errorCodeLine(errorId)}\nPágina: ${typeof location === "undefined" ? "" : location.href}\nErro: ${messageOf(error)}`
  return (
    <section role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <AlertTriangle aria-hidden className="h-14 w-14 text-accent" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">Oops! Algo deu errado</h1>
      <p className="mt-3 text-muted">
        Tivemos um problema ao mostrar esta página. Tente novamente em instantes.
      </p>
      <p className="mt-4 rounded-lg surface-2 px-3 py-1 font-mono text-sm" data-testid="error-id">
        {errorCodeLine(errorId)}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => location.reload()}>
          Tentar novamente
        </button>
        <a href="/" className="btn btn-ghost">
          Ir para o início
        </a>
        <a href="/faq#contato" className="btn btn-ghost">
          Falar com o suporte
        </a>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => navigator.clipboard?.writeText(details).then(() => setCopied(true))}
        >
          {copied ? "Detalhes copiados!" : "Copiar detalhes do erro"}
        </button>
      </div>
    </section>
  )
}
