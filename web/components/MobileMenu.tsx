import { Link } from "@tanstack/react-router"
import { isAdmin } from "../../domain/accounts/role"
import { useSignOut } from "../lib/account"
import type { useViewer } from "../lib/viewer"
import { AccountButtons, NAV } from "./AccountButtons"
import { COMMUNITY } from "./CommunityMenu"

/**
 * The header's menu below lg, shown only once opened: never rendered on the server, so its code is not in every
 * page's shell (the header loads it on the first tap, or when the page is idle).
 */
export default function MobileMenu({
  viewer,
  onClose,
}: {
  viewer: ReturnType<typeof useViewer>
  onClose: () => void
}) {
  const signOut = useSignOut()
  return (
    <nav id="mobile-menu" aria-label="Menu móvel" className="border-t border-theme lg:hidden">
      <ul className="mx-auto grid max-w-7xl gap-1 px-4 py-3">
        {NAV.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className="block rounded-lg px-3 py-3 font-medium hover:surface-2"
              onClick={onClose}
            >
              {item.label}
            </Link>
          </li>
        ))}
        <li className="mt-2 border-t border-theme pt-3">
          <span
            id="mobile-community"
            className="px-3 text-xs font-semibold uppercase tracking-wide text-muted"
          >
            Comunidade
          </span>
          <ul aria-labelledby="mobile-community" className="mt-1 grid grid-cols-2 gap-1">
            {COMMUNITY.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex items-center gap-2 rounded-lg px-3 py-3 font-medium hover:surface-2"
                  onClick={onClose}
                >
                  <Icon aria-hidden className="h-4 w-4 text-accent" /> {label}
                </Link>
              </li>
            ))}
          </ul>
        </li>
        {viewer ? (
          <>
            <li className="mt-2 border-t border-theme pt-2">
              <Link
                to="/perfil"
                className="block rounded-lg px-3 py-3 font-medium hover:surface-2"
                onClick={onClose}
              >
                Perfil
              </Link>
            </li>
            <li>
              <Link
                to="/perfil"
                search={{ tab: "orders" }}
                className="block rounded-lg px-3 py-3 font-medium hover:surface-2"
                onClick={onClose}
              >
                Meus Pedidos
              </Link>
            </li>
            <li>
              <Link
                to="/assinatura"
                className="block rounded-lg px-3 py-3 font-medium hover:surface-2"
                onClick={onClose}
              >
                Assinatura
              </Link>
            </li>
            {isAdmin(viewer.role) && (
              <li>
                <a href="/admin" className="block rounded-lg px-3 py-3 font-medium hover:surface-2">
                  Administração{" "}
                  <span className="ml-1 rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">
                    ADMIN
                  </span>
                </a>
              </li>
            )}
            <li className="mt-2">
              <button type="button" className="btn btn-ghost w-full" onClick={signOut}>
                Sair
              </button>
            </li>
          </>
        ) : (
          <li className="mt-2 flex gap-2">
            <AccountButtons className="flex-1" />
          </li>
        )}
      </ul>
    </nav>
  )
}
