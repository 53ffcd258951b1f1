import { formatTimeBR } from "../../../../domain/calendar"
import {
  WEBHOOK_OUTCOME_LABEL,
  WEBHOOK_OUTCOMES,
  WEBHOOK_REASON_LABEL,
} from "../../../../domain/notifications/webhookReceipt"
import { AdminTable, counted } from "../../../components/admin/AdminTable"
import { Pager } from "../../../components/admin/Pager"
import { formatDate } from "../../../lib/format"
import type { PaymentsSearch } from "./search"

interface Receipt {
  readonly id: string
  readonly topic: string | null
  readonly dataId: string | null
  readonly signatureValid: boolean
  readonly outcome: keyof typeof WEBHOOK_OUTCOME_LABEL
  readonly reason: string | null
  readonly receivedAt: number
}

const OUTCOME_TONE: Readonly<Record<Receipt["outcome"], string>> = {
  applied: "text-[var(--success,inherit)]",
  duplicate: "text-muted",
  ignored: "text-muted",
  refused: "text-[var(--danger,inherit)] font-semibold",
}

/** The webhooks Mercado Pago sent: what each named and what became of it, newest first. */
export function WebhookReceipts({
  data,
  search,
  onOutcome,
}: {
  data: { rows: readonly Receipt[]; total: number; page: number; pageCount: number }
  search: PaymentsSearch
  onOutcome: (outcome: string) => void
}) {
  return (
    <section aria-labelledby="webhooks-title" className="mt-6">
      <h2 id="webhooks-title" className="sr-only">
        Notificações recebidas do Mercado Pago
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="webhooks-outcome" className="mb-1 block text-sm font-medium">
            Resultado
          </label>
          <select
            id="webhooks-outcome"
            value={search.outcome ?? ""}
            onChange={(e) => onOutcome(e.currentTarget.value)}
            className="min-h-11 rounded-xl border border-theme bg-[var(--surface)] px-3"
          >
            <option value="">Todos</option>
            {WEBHOOK_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {WEBHOOK_OUTCOME_LABEL[o]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <AdminTable
        caption="Notificações recebidas, da mais recente para a mais antiga"
        headers={["Recebida em", "Tópico", "Id do recurso", "Assinatura", "Resultado"]}
        count={counted(data.total, "notificação", "notificações")}
        empty="Nenhuma notificação recebida."
      >
        {data.rows.map((r) => (
          <tr key={r.id} className="border-b border-theme last:border-0">
            <td className="whitespace-nowrap px-3 py-3">
              {formatDate(r.receivedAt)} {formatTimeBR(r.receivedAt)}
            </td>
            <td className="px-3 py-3">{r.topic ?? "—"}</td>
            <td className="px-3 py-3 font-mono text-xs">{r.dataId ?? "—"}</td>
            <td className="px-3 py-3">{r.signatureValid ? "Válida" : "Inválida"}</td>
            <td className={`px-3 py-3 ${OUTCOME_TONE[r.outcome]}`}>
              {WEBHOOK_OUTCOME_LABEL[r.outcome]}
              {r.reason && (
                <span className="block text-xs text-muted">{WEBHOOK_REASON_LABEL[r.reason] ?? r.reason}</span>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pager
        label="Páginas de notificações"
        page={data.page}
        pageCount={data.pageCount}
        to="/admin/payments"
        search={(wpage) => ({ ...search, tab: "webhooks", wpage })}
      />
    </section>
  )
}
