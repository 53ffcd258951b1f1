import { formatTimeBR } from "../../../../domain/calendar"
import { PAYMENT_STATUS_LABEL } from "../../../../domain/orders/payment"
import { paymentStatusDetailLabel } from "../../../../domain/orders/paymentStatusDetail"
import { findRecurringPlan } from "../../../../domain/subscriptions/plans"
import { AdminTable, counted } from "../../../components/admin/AdminTable"
import { Pager } from "../../../components/admin/Pager"
import { formatBRL, formatDate } from "../../../lib/format"
import type { RouterOutputs } from "../../../lib/trpc"
import { type PaymentsSearch, STATUSES } from "./search"

type Charges = RouterOutputs["admin"]["payments"]["subscriptionCharges"]

const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`

/** The recurring subscriptions' charges (Mercado Pago authorized payments), newest first. */
export function SubscriptionCharges({
  data,
  search,
  onStatus,
}: {
  data: Charges
  search: PaymentsSearch
  onStatus: (status: string) => void
}) {
  return (
    <section aria-labelledby="charges-title" className="mt-6">
      <h2 id="charges-title" className="sr-only">
        Cobranças das assinaturas
      </h2>
      <div>
        <label htmlFor="charges-status" className="mb-1 block text-sm font-medium">
          Status
        </label>
        <select
          id="charges-status"
          value={search.cstatus ?? ""}
          onChange={(e) => onStatus(e.currentTarget.value)}
          className="min-h-11 rounded-xl border border-theme bg-[var(--surface)] px-3"
        >
          <option value="">Todos</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_STATUS_LABEL[s]}
            </option>
          ))}
        </select>
      </div>
      <AdminTable
        caption="Cobranças das assinaturas, da mais recente para a mais antiga"
        headers={["Data", "Colecionador", "Assinatura", "Meses", "Valor", "Status", "Id no gateway"]}
        count={counted(data.total, "cobrança", "cobranças")}
        empty="Nenhuma cobrança de assinatura encontrada."
      >
        {data.rows.map((c) => (
          <tr key={c.id} className="border-b border-theme align-top last:border-0">
            <td className="whitespace-nowrap px-3 py-3">
              {formatDate(c.chargedAt)} {formatTimeBR(c.chargedAt)}
            </td>
            <td className="break-all px-3 py-3">{c.customerEmail ?? "Conta excluída"}</td>
            <td className="px-3 py-3">
              {c.collectionName}
              <span className="block text-xs text-muted">
                {findRecurringPlan(c.planId)?.name ?? c.planId}
              </span>
            </td>
            <td className="px-3 py-3">{c.months.map(monthLabel).join(", ") || "—"}</td>
            <td className="whitespace-nowrap px-3 py-3">{formatBRL(c.amount)}</td>
            <td className="px-3 py-3">
              <span className="font-medium">
                {PAYMENT_STATUS_LABEL[c.status as keyof typeof PAYMENT_STATUS_LABEL] ?? c.status}
              </span>
              {c.statusDetail && (
                <span className="block text-xs text-muted">{paymentStatusDetailLabel(c.statusDetail)}</span>
              )}
              {c.retryAttempt > 0 && (
                <span className="block text-xs text-muted">{c.retryAttempt}ª nova tentativa</span>
              )}
            </td>
            <td className="px-3 py-3 font-mono text-xs">{c.id}</td>
          </tr>
        ))}
      </AdminTable>
      <Pager
        label="Páginas de cobranças"
        page={data.page}
        pageCount={data.pageCount}
        to="/admin/payments"
        search={(cpage) => ({ ...search, tab: "assinaturas", cpage })}
      />
    </section>
  )
}
