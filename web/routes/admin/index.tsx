import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import { can, DENIAL_MESSAGES, hasAdminAccess, isAdmin } from "../../../domain/accounts/roles"
import { Denied } from "../../components/Denied"
import { PageLoading } from "../../components/PageLoading"
import { SystemStatus } from "../../components/support/SystemStatus"
import { ADMIN_AREAS } from "../../lib/adminLinks"
import { formatBRL } from "../../lib/format"
import { adminHead } from "../../lib/seo"
import { isTrpcError } from "../../lib/trpc"

export const Route = createFileRoute("/admin/")({
  loader: async ({ context }) => {
    const viewer = await context.trpc.account.me.ensureData()
    if (!viewer || !hasAdminAccess(viewer.role)) return { denied: DENIAL_MESSAGES.adminAccess }
    try {
      await Promise.all([
        context.trpc.admin.overview.ensureData(),
        context.trpc.status.system.ensureData(),
        can(viewer.role, "answer_support") ? context.trpc.admin.support.summary.ensureData() : null,
      ])
      return { denied: null }
    } catch (error) {
      if (isTrpcError(error) && error.data?.code === "FORBIDDEN") return { denied: error.message }
      throw error
    }
  },
  head: () => adminHead("Administração"),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: AdminHome,
})

function AdminHome() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <Overview />
}

function Overview() {
  const { trpc } = Route.useRouteContext()
  const { data } = useSuspenseQuery(trpc.admin.overview.queryOptions())
  const viewer = useSuspenseQuery(trpc.account.me.queryOptions()).data
  const status = useSuspenseQuery(trpc.status.system.queryOptions()).data
  const support = useQuery({
    ...trpc.admin.support.summary.queryOptions(),
    enabled: Boolean(viewer && can(viewer.role, "answer_support")),
  }).data
  const cards = [
    ["Receita do mês", formatBRL(data.revenueThisMonth), `${data.paidOrdersThisMonth} pedidos pagos`],
    ["Pedidos aguardando ação", String(data.ordersAwaitingAction), "produção, envio ou devolução"],
    ["Assinantes ativos", String(data.activeSubscribers), "assinatura ou plano pré-pago"],
    ["Novos clientes no mês", String(data.newCustomersThisMonth), `${data.customers} clientes no total`],
    ...(support
      ? ([
          [
            "Chamados abertos",
            String(support.open),
            support.late === 0
              ? "todos dentro do prazo de 24h"
              : `${support.late} sem resposta há mais de 24h`,
          ],
        ] as const)
      : []),
  ] as const
  // The nine quick actions of spec 002 §2: the areas without the dashboard itself and the audit log.
  const areas = viewer ? ADMIN_AREAS.slice(1, 10).filter((area) => can(viewer.role, area.permission)) : []
  return (
    <div className="px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Painel administrativo</h1>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-muted">
        Olá, {viewer?.email}
        <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">
          {viewer && isAdmin(viewer.role) ? "Admin" : "Moderador"}
        </span>
      </p>
      <dl className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {cards.map(([label, value, hint]) => (
          <div key={label} className="rounded-2xl surface p-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-1 text-3xl font-bold tabular-nums">{value}</dd>
            <dd className="mt-1 text-xs text-muted">{hint}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-muted">
        {data.activeCollections} coleções ativas · {data.characters} personagens · {data.verifiedCustomers}{" "}
        e-mails confirmados · {data.newsletterSubscribers} inscritos na newsletter
      </p>
      <section aria-labelledby="system-status" className="mt-8 max-w-md rounded-2xl surface p-4">
        <h2 id="system-status" className="text-lg font-semibold">
          Status do sistema
        </h2>
        <div className="mt-2">
          <SystemStatus status={status} />
        </div>
      </section>
      <h2 className="mt-10 text-lg font-semibold">Ações rápidas</h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {areas.map((area) => (
          <li key={area.href}>
            <Link to={area.href} className="block h-full rounded-2xl surface p-4 hover:surface-2">
              <span className="font-medium">{area.label}</span>
              <span className="mt-1 block text-sm text-muted">{area.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
