import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute } from "@tanstack/react-router"
import { DENIAL_MESSAGES, hasAdminAccess } from "../../../domain/roles"
import { Denied } from "../../components/Denied"
import { PageLoading } from "../../components/PageLoading"
import { ADMIN_LINKS } from "../../lib/adminLinks"
import { requireSignIn } from "../../lib/guards"
import { adminHead } from "../../lib/seo"
import { isTrpcError } from "../../lib/trpc"

export const Route = createFileRoute("/admin/")({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: async ({ context }) => {
    const viewer = await context.trpc.account.me.ensureData()
    if (!viewer || !hasAdminAccess(viewer.role)) return { denied: DENIAL_MESSAGES.adminAccess }
    try {
      await context.trpc.admin.overview.ensureData()
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
  const cards = [
    ["Clientes", data.customers],
    ["Emails confirmados", data.verifiedCustomers],
    ["Coleções ativas", data.activeCollections],
    ["Personagens", data.characters],
    ["Inscritos na newsletter", data.newsletterSubscribers],
  ] as const
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Painel administrativo</h1>
      <p className="mt-1 text-muted">Olá, {viewer?.email}. Números atualizados agora.</p>
      <dl className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-5">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-2xl surface p-4">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="mt-1 text-3xl font-bold">{value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-10 text-lg font-semibold">Áreas</h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {ADMIN_LINKS.slice(1).map((link) => (
          <li key={link.href} className="rounded-2xl surface p-4">
            {link.ready ? (
              <a href={link.href} className="font-medium underline underline-offset-2">
                {link.label}
              </a>
            ) : (
              <span className="font-medium">{link.label}</span>
            )}
            <span className="mt-1 block text-sm text-muted">
              {link.ready ?? "Disponível em uma próxima versão do painel."}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}
