import { useQuery } from "@tanstack/react-query"
import { createFileRoute, Link, Outlet } from "@tanstack/react-router"
import { can, hasAdminAccess } from "../../../domain/accounts/roles"
import { PageLoading } from "../../components/PageLoading"
import { ADMIN_AREAS } from "../../lib/adminLinks"
import { requireSignIn } from "../../lib/guards"

/**
 * Every /admin page: a visitor goes to sign-in first (remembering the page), staff see the sidebar of the areas
 * their role may open. Each page still checks its own permission, and the server checks every call.
 */
export const Route = createFileRoute("/admin")({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: AdminLayout,
})

function AdminLayout() {
  const { trpc } = Route.useRouteContext()
  const viewer = useQuery(trpc.account.me.queryOptions()).data
  const areas =
    viewer && hasAdminAccess(viewer.role) ? ADMIN_AREAS.filter((a) => can(viewer.role, a.permission)) : []
  if (areas.length === 0) return <Outlet />
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 lg:flex-row lg:gap-0">
      <nav aria-label="Administração" className="shrink-0 border-theme lg:w-56 lg:border-r lg:py-8">
        <ul className="flex gap-1 overflow-x-auto px-4 pt-4 lg:flex-col lg:overflow-visible lg:pt-0">
          {areas.map((area) => (
            <li key={area.href} className="shrink-0">
              <Link
                to={area.href}
                activeOptions={{ exact: area.href === "/admin" }}
                className="block min-h-11 rounded-lg px-3 py-2.5 text-sm hover:surface-2"
                activeProps={{ className: "surface-2 font-semibold", "aria-current": "page" }}
              >
                {area.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  )
}
