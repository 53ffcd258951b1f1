import { CalendarClock, Factory, Gift, PiggyBank, Sparkles, Truck } from "lucide-react"
import type { ReactNode } from "react"
import { Img } from "../../components/Img"
import { formatBRL } from "../../lib/format"
import type { MyPlan } from "../../lib/subscriptionsApi"
import { dateBR, dateTimeBR, dayOf } from "./format"

const TIMELINE_DOTS = {
  completed: "bg-emerald-600",
  upcoming: "bg-[var(--accent)]",
  planned: "bg-[var(--border)]",
} as const

function Card({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl surface p-5">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-muted">
        {icon} {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  )
}

/** The plan at a glance: status, next reveal and delivery, the reveal timeline, progress and savings. */
export function OverviewTab({ plan }: { plan: MyPlan }) {
  // The month being made (the latest with an order) says where the plan stands: "Em produção", "Enviado"...
  const latest = plan.shipments.filter((s) => s.orderId !== null).at(-1)
  const lastReceived = plan.shipments.filter((s) => s.delivered).at(-1)
  const upcoming = plan.revealTimeline.find((t) => t.state === "upcoming")
  return (
    <div className="grid gap-4">
      {plan.message && (
        <p
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {plan.message}
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <Card icon={<Factory aria-hidden className="h-4 w-4 text-accent" />} title="Status do plano">
          <p className="text-xl font-bold uppercase">{latest ? latest.statusLabel : plan.statusLabel}</p>
          {latest && (
            <p className="text-sm text-muted">
              {latest.characterName ?? "Personagem do mês"} · {latest.monthLabel}
            </p>
          )}
          {plan.pausedUntil && <p className="text-sm text-muted">Pausada até {dateBR(plan.pausedUntil)}</p>}
          {plan.cancelAt && (
            <p className="text-sm text-muted">Ativa até {dateBR(dayOf(plan.cancelAt - 1))}</p>
          )}
        </Card>
        <Card icon={<Sparkles aria-hidden className="h-4 w-4 text-accent" />} title="Próxima revelação">
          {plan.nextReveal ? (
            <>
              <p className="text-xl font-bold">{dateTimeBR(plan.nextReveal)}</p>
              <p className="text-sm text-muted">
                Personagem de {upcoming?.label ?? "o próximo mês"}
                {upcoming?.covered ? " · incluído no seu plano" : ""}
              </p>
            </>
          ) : (
            <p className="text-sm text-muted">Sem revelações previstas nesta coleção.</p>
          )}
        </Card>
        <Card icon={<Truck aria-hidden className="h-4 w-4 text-accent" />} title="Previsão de entrega">
          <p className="text-xl font-bold">
            {plan.deliveryEstimate ? `Envio em ${dateBR(plan.deliveryEstimate)}` : "—"}
          </p>
          <p className="text-sm text-muted">Entrega de 5 a 10 dias úteis após o envio</p>
        </Card>
      </div>

      <section aria-labelledby="timeline-title" className="rounded-2xl surface p-5">
        <h2 id="timeline-title" className="flex items-center gap-2 font-semibold">
          <CalendarClock aria-hidden className="h-5 w-5 text-accent" /> Linha do tempo das revelações
        </h2>
        {plan.revealTimeline.length === 0 ? (
          <p className="mt-3 text-sm text-muted">Nenhuma revelação nesta coleção ainda.</p>
        ) : (
          <ol className="mt-4 grid gap-3">
            {plan.revealTimeline.map((item) => (
              <li key={item.month} className="flex items-center gap-3">
                <span aria-hidden className={`h-3 w-3 shrink-0 rounded-full ${TIMELINE_DOTS[item.state]}`} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">
                    {item.character?.name ?? "Personagem misterioso"}
                  </span>
                  <span className="block text-xs text-muted">
                    {item.label}
                    {item.covered ? " · no seu plano" : ""}
                  </span>
                </span>
                <span className="shrink-0 text-xs font-semibold">{item.stateLabel}</span>
              </li>
            ))}
          </ol>
        )}
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <Card icon={<Gift aria-hidden className="h-4 w-4 text-accent" />} title="Último item recebido">
          {lastReceived ? (
            <div className="flex items-center gap-3">
              {lastReceived.imageUrl && (
                <Img
                  src={lastReceived.imageUrl}
                  alt={lastReceived.characterName ?? "Personagem recebido"}
                  width={600}
                  height={800}
                  sizes="64px"
                  className="h-20 w-16 shrink-0 rounded-lg object-cover"
                />
              )}
              <div>
                <p className="font-semibold">{lastReceived.characterName}</p>
                <p className="text-sm text-muted">{lastReceived.monthLabel}</p>
              </div>
            </div>
          ) : (
            <p className="text-sm text-muted">Seu primeiro personagem está a caminho.</p>
          )}
        </Card>
        <Card icon={<PiggyBank aria-hidden className="h-4 w-4 text-accent" />} title="Progresso e economia">
          <div
            role="progressbar"
            aria-label="Progresso do plano"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={plan.progressPercent}
            className="h-2 overflow-hidden rounded-full surface-2"
          >
            <div
              className="h-full rounded-full bg-[var(--accent)]"
              style={{ width: `${plan.progressPercent}%` }}
            />
          </div>
          <p className="mt-2 text-sm">
            {plan.progressPercent}% do plano · {plan.itemsReceived} recebido(s) de {plan.coveredMonths.length}
          </p>
          <p className="mt-1 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
            {plan.savings > 0
              ? `Você já economizou ${formatBRL(plan.savings)}`
              : "Frete grátis em todos os envios"}
          </p>
        </Card>
      </div>
    </div>
  )
}
