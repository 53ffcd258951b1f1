import { createFileRoute, useRouteContext } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import { BULK_ROWS_MAX } from "../../../../domain/fulfilment/bulkRows"
import { FormError } from "../../../components/AuthForm"
import { Denied } from "../../../components/Denied"
import { Dialog } from "../../../components/Dialog"
import { PageLoading } from "../../../components/PageLoading"
import { adminHead } from "../../../lib/seo"
import { toast } from "../../../lib/toast"
import type { RouterOutputs } from "../../../lib/trpc"
import { ordersAccess } from "../-orders/access"

type Report = RouterOutputs["admin"]["orders"]["bulk"]
type BulkAction = "mark_produced" | "ship"

export const Route = createFileRoute("/admin/orders/bulk")({
  loader: async ({ context }) => ({ denied: await ordersAccess(context, () => Promise.resolve()) }),
  head: () => adminHead("Ações em lote"),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: BulkPage,
})

function BulkPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <BulkForm />
}

const fieldClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

/** Several orders marked produced, or shipped from a list of order number → tracking code, with a report per row. */
function BulkForm() {
  const client = useRouteContext({ from: "__root__", select: (c) => c.trpcClient })
  const [action, setAction] = useState<BulkAction>("ship")
  const [csv, setCsv] = useState("")
  const [carrier, setCarrier] = useState("Correios")
  const [service, setService] = useState("SEDEX")
  const [batchKey, setBatchKey] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [report, setReport] = useState<Report | null>(null)

  const loadFile = async (file: File | undefined) => {
    if (file) setCsv(await file.text())
  }
  const confirm = (event: FormEvent) => {
    event.preventDefault()
    setError(null)
    // One key per confirmed file: sending it again (a retry) repeats nothing.
    setBatchKey(crypto.randomUUID())
  }
  const send = async () => {
    if (!batchKey) return
    setBusy(true)
    try {
      const result = await client.admin.orders.bulk.mutate({ action, batchKey, csv, carrier, service })
      setReport(result)
      setBatchKey(null)
      if (result.failed === 0) toast.success(`${result.succeeded} pedidos atualizados!`)
      else toast.warning(`${result.succeeded} pedidos atualizados, ${result.failed} com erro.`)
    } catch (e) {
      const message = e instanceof Error ? e.message : "Não foi possível enviar o arquivo."
      setError(message)
      toast.error("Erro na ação em lote", { description: message })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="mt-1 text-3xl font-bold tracking-tight">Ações em lote</h1>
      <form onSubmit={confirm} className="mt-6 space-y-4 rounded-2xl surface p-4">
        <fieldset>
          <legend className="text-sm font-medium">Ação</legend>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="bulk-action"
              checked={action === "ship"}
              onChange={() => setAction("ship")}
            />
            Enviar pedidos (número do pedido → código de rastreamento)
          </label>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="bulk-action"
              checked={action === "mark_produced"}
              onChange={() => setAction("mark_produced")}
            />
            Marcar pedidos como produzidos
          </label>
        </fieldset>
        {action === "ship" && (
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor="bulk-carrier" className="mb-1 block text-sm font-medium">
                Transportadora padrão
              </label>
              <input
                id="bulk-carrier"
                value={carrier}
                maxLength={60}
                onChange={(e) => setCarrier(e.target.value)}
                className={fieldClass}
              />
            </div>
            <div>
              <label htmlFor="bulk-service" className="mb-1 block text-sm font-medium">
                Serviço padrão
              </label>
              <input
                id="bulk-service"
                value={service}
                maxLength={60}
                onChange={(e) => setService(e.target.value)}
                className={fieldClass}
              />
            </div>
          </div>
        )}
        <div>
          <label htmlFor="bulk-file" className="mb-1 block text-sm font-medium">
            Arquivo CSV
          </label>
          <input
            id="bulk-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(e) => void loadFile(e.target.files?.[0])}
            className="block w-full text-sm"
          />
        </div>
        <div>
          <label htmlFor="bulk-csv" className="mb-1 block text-sm font-medium">
            Pedidos, um por linha
          </label>
          <textarea
            id="bulk-csv"
            required
            rows={8}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            aria-describedby="bulk-csv-hint"
            placeholder={action === "ship" ? "LG-2026-000123;AA123456789BR" : "LG-2026-000123"}
            className={`${fieldClass} py-2 font-mono`}
          />
          <p id="bulk-csv-hint" className="mt-1 text-xs text-muted">
            {action === "ship"
              ? "Número do pedido; código de rastreamento[; transportadora; serviço]. "
              : "Um número de pedido por linha. "}
            Separados por ponto e vírgula, vírgula ou tabulação; até {BULK_ROWS_MAX} pedidos.
          </p>
        </div>
        <FormError message={error} />
        <button type="submit" className="btn btn-primary">
          Revisar e aplicar
        </button>
      </form>

      <Dialog
        open={batchKey !== null}
        onClose={() => setBatchKey(null)}
        title={action === "ship" ? "Enviar estes pedidos?" : "Marcar estes pedidos como produzidos?"}
        description="Cada linha é aplicada separadamente; o resultado de cada uma aparece abaixo."
      >
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={() => setBatchKey(null)} disabled={busy}>
            Voltar
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void send()}
            disabled={busy}
            data-autofocus
          >
            {busy ? "Aguarde..." : "Aplicar"}
          </button>
        </div>
      </Dialog>

      {report && (
        <section aria-labelledby="bulk-report" className="mt-6 rounded-2xl surface p-4">
          <h2 id="bulk-report" className="text-lg font-semibold">
            Resultado: {report.succeeded} {report.succeeded === 1 ? "atualizado" : "atualizados"},{" "}
            {report.failed} com erro
          </h2>
          <div className="relative mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-muted">
                <tr className="border-b border-theme">
                  <th scope="col" className="px-2 py-1 font-medium">
                    Linha
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    Pedido
                  </th>
                  <th scope="col" className="px-2 py-1 font-medium">
                    Resultado
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.results.map((r) => (
                  <tr key={`${r.line}-${r.orderNumber}`} className="border-b border-theme last:border-0">
                    <td className="px-2 py-1">{r.line}</td>
                    <td className="px-2 py-1">{r.orderNumber}</td>
                    <td className={`px-2 py-1 ${r.ok ? "" : "text-red-700 dark:text-red-400"}`}>
                      {r.message}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  )
}
