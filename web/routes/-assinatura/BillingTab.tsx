import { CalendarDays, CreditCard, Receipt } from "lucide-react"
import { lazy, Suspense, useState } from "react"
import { cardBrandLabel } from "../../../domain/orders/payment"
import { formatBRL } from "../../lib/format"
import type { MyPlan } from "../../lib/subscriptionsApi"
import { dateBR, dateTimeBR, monthBR } from "./format"

// The card form (and MercadoPago.js) load only for a collector who changes the card.
const ChangeCardDialog = lazy(() => import("./ChangeCardDialog"))

const CHARGE_TONES: Partial<Record<MyPlan["charges"][number]["status"], string>> = {
  approved: "text-emerald-700 dark:text-emerald-400",
  rejected: "text-red-700 dark:text-red-400",
}

export function BillingTab({ plan }: { plan: MyPlan }) {
  const [changing, setChanging] = useState(false)
  const recurring = plan.kind === "subscription"
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="next-billing" className="rounded-2xl surface p-5">
          <h2 id="next-billing" className="flex items-center gap-2 text-sm font-semibold text-muted">
            <CalendarDays aria-hidden className="h-4 w-4 text-accent" /> Próxima cobrança
          </h2>
          <p className="mt-2 text-xl font-bold">
            {plan.nextBillingDate ? dateBR(plan.nextBillingDate) : "—"}
          </p>
          <p className="text-sm text-muted">
            {plan.nextBillingDate
              ? `${formatBRL(plan.value)} no cartão, todo dia 1º`
              : recurring
                ? "Nenhuma cobrança prevista"
                : "Plano pré-pago: pagamento único, sem renovação automática"}
          </p>
        </section>
        {recurring && (
          <section aria-labelledby="card-on-file" className="rounded-2xl surface p-5">
            <h2 id="card-on-file" className="flex items-center gap-2 text-sm font-semibold text-muted">
              <CreditCard aria-hidden className="h-4 w-4 text-accent" /> Cartão da assinatura
            </h2>
            <p className="mt-2 text-xl font-bold">
              {plan.card?.paymentMethodId ? cardBrandLabel(plan.card.paymentMethodId) : "Cartão"}
              {plan.card?.lastFour ? ` final ${plan.card.lastFour}` : ""}
            </p>
            {plan.status !== "cancelled" && (
              <button type="button" className="btn btn-ghost mt-3" onClick={() => setChanging(true)}>
                Trocar cartão
              </button>
            )}
          </section>
        )}
      </div>
      <section aria-labelledby="charges-title" className="rounded-2xl surface p-5">
        <h2 id="charges-title" className="flex items-center gap-2 font-semibold">
          <Receipt aria-hidden className="h-5 w-5 text-accent" /> Histórico de cobranças
        </h2>
        {plan.charges.length === 0 ? (
          <p className="mt-3 text-sm text-muted">Nenhuma cobrança ainda.</p>
        ) : (
          <ul className="mt-3 divide-y divide-[var(--border)] text-sm">
            {plan.charges.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span>
                  {dateTimeBR(c.chargedAt)} · {c.methodLabel}
                  {c.months.length > 0 && (
                    <span className="block text-xs text-muted">{c.months.map(monthBR).join(", ")}</span>
                  )}
                </span>
                <span className="flex items-center gap-3">
                  <span className={`font-medium ${CHARGE_TONES[c.status] ?? "text-muted"}`}>
                    {c.statusLabel}
                  </span>
                  <span className="font-semibold">{formatBRL(c.amount)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {changing && (
        <Suspense fallback={null}>
          <ChangeCardDialog plan={plan} onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </div>
  )
}
