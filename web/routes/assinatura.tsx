import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { Crown, PackageOpen } from "lucide-react"
import { PageLoading } from "../components/PageLoading"
import { Tabs } from "../components/Tabs"
import { formatBRL } from "../lib/format"
import { requireSignIn } from "../lib/guards"
import { optionalEnum, optionalString } from "../lib/search"
import { seo } from "../lib/seo"
import type { MyPlan } from "../lib/subscriptionsApi"
import { BenefitsTab } from "./-assinatura/BenefitsTab"
import { BillingTab } from "./-assinatura/BillingTab"
import { OverviewTab } from "./-assinatura/OverviewTab"
import { PlanActions } from "./-assinatura/PlanActions"
import { SettingsTab } from "./-assinatura/SettingsTab"
import { ShipmentsTab } from "./-assinatura/ShipmentsTab"
import { StatusBadge } from "./-assinatura/StatusBadge"

const TABS = ["overview", "benefits", "shipments", "billing", "settings"] as const
type Tab = (typeof TABS)[number]

interface Search {
  /** Which of the collector's plans is shown (several subscriptions and prepaid plans are possible). */
  plano?: string
  tab?: Tab
}

export const Route = createFileRoute("/assinatura")({
  validateSearch: (search: Record<string, unknown>): Search => ({
    plano: optionalString(search.plano, 64),
    tab: optionalEnum(search.tab, TABS),
  }),
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: async ({ context }) => {
    await Promise.all([
      context.trpc.subscriptions.mine.ensureData(),
      context.trpc.profile.addresses.ensureData(),
    ])
  },
  head: ({ match }) => ({
    ...seo({
      title: "Minha assinatura",
      description: "Acompanhe sua assinatura Legendarium: envios, cobranças, revelações e configurações.",
      path: "/assinatura",
      publicUrl: match.context.publicUrl,
    }),
    meta: [{ title: "Minha assinatura | Legendarium" }, { name: "robots", content: "noindex" }],
  }),
  pendingComponent: () => <PageLoading label="Carregando sua assinatura..." />,
  component: SubscriptionPage,
})

/** Plans that still matter come first: running, then paused or failing, then ended. */
const ORDER: Readonly<Record<MyPlan["status"], number>> = {
  active: 0,
  pending: 1,
  past_due: 2,
  paused: 3,
  cancelled: 4,
  ended: 5,
}

function SubscriptionPage() {
  const { trpc } = Route.useRouteContext()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(trpc.subscriptions.mine.queryOptions())
  const plans = [...data.subscriptions].sort((a, b) => ORDER[a.status] - ORDER[b.status])
  const plan = plans.find((p) => p.id === search.plano) ?? plans[0]
  if (!plan) return <Empty />
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1.5 rounded-full bg-[var(--accent)] px-3 py-1 text-xs font-bold uppercase tracking-wide text-[var(--accent-contrast)]">
          <Crown aria-hidden className="h-3.5 w-3.5" /> {plan.plan.name}
        </span>
        <StatusBadge plan={plan} />
      </div>
      <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">MEUS PEDIDOS</h1>
      <p className="mt-1 text-muted">
        <span className="font-semibold text-accent">Premium Collector</span> · {plan.collection.name}
      </p>
      {plans.length > 1 && (
        <PlanSwitcher
          plans={plans}
          current={plan.id}
          onPick={(id) => navigate({ search: (prev) => ({ ...prev, plano: id }), resetScroll: false })}
        />
      )}
      <StatCards plan={plan} />
      <PlanActions plan={plan} />
      <div className="mt-8">
        <Tabs
          key={`${plan.id}:${search.tab ?? "overview"}`}
          label="Detalhes da assinatura"
          initial={search.tab ?? "overview"}
          tabs={[
            { id: "overview", label: "Visão geral", content: <OverviewTab plan={plan} /> },
            { id: "benefits", label: "Benefícios", content: <BenefitsTab /> },
            { id: "shipments", label: "Envios", content: <ShipmentsTab plan={plan} /> },
            { id: "billing", label: "Cobrança", content: <BillingTab plan={plan} /> },
            { id: "settings", label: "Configurações", content: <SettingsTab plan={plan} /> },
          ]}
        />
      </div>
    </div>
  )
}

function Empty() {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <PackageOpen aria-hidden className="mx-auto h-12 w-12 text-accent" />
      <h1 className="mt-4 text-2xl font-bold">Você ainda não tem uma assinatura ativa</h1>
      <p className="mt-2 text-muted">
        Assine uma coleção e receba um personagem por mês, com frete grátis e acesso às edições anteriores.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/planos" className="btn btn-primary">
          Ver planos
        </Link>
        <Link to="/perfil" className="btn btn-ghost">
          Ir para o perfil
        </Link>
      </div>
    </section>
  )
}

function PlanSwitcher({
  plans,
  current,
  onPick,
}: {
  plans: readonly MyPlan[]
  current: string
  onPick: (id: string) => void
}) {
  return (
    <nav aria-label="Suas assinaturas e planos" className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {plans.map((p) => (
          <li key={p.id}>
            <button
              type="button"
              aria-current={p.id === current ? "true" : undefined}
              onClick={() => onPick(p.id)}
              className={`rounded-xl px-4 py-2 text-left text-sm ${
                p.id === current ? "bg-[var(--text)] text-[var(--bg)]" : "surface hover:surface-2"
              }`}
            >
              <span className="block font-semibold">{p.collection.name}</span>
              <span className="block text-xs opacity-80">
                {p.plan.name} · {p.statusLabel}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function StatCards({ plan }: { plan: MyPlan }) {
  const cards = [
    { label: "Itens recebidos", value: String(plan.itemsReceived) },
    {
      label: "Itens restantes",
      value: String(plan.itemsRemaining),
    },
    { label: "Progresso do plano", value: `${plan.progressPercent}%` },
    {
      label: "Valor do plano",
      value: formatBRL(plan.value),
      note:
        plan.kind === "prepaid"
          ? `pagamento único · ${plan.plan.frequencyMonths} meses`
          : plan.plan.frequencyMonths === 1
            ? "por mês"
            : `a cada ${plan.plan.frequencyMonths} meses`,
    },
  ]
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.label} className="rounded-2xl surface p-4">
          <dt className="text-xs font-medium text-muted">{card.label}</dt>
          <dd className="mt-1 text-2xl font-bold">
            {card.value}
            {card.note && <span className="block text-xs font-normal text-muted">{card.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  )
}
