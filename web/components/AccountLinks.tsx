import { Link } from "@tanstack/react-router"
import { ChevronDown, Crown, LogOut, Package, Shield, User } from "lucide-react"
import { useCallback, useState } from "react"
import { isAdmin } from "../../domain/accounts/role"
import { useSignOut } from "../lib/account"
import { ADMIN_LINKS } from "../lib/adminLinks"
import { useDismiss } from "../lib/popover"
import { useViewer } from "../lib/viewer"

/** Header links of a signed-in customer; administrators also get the ADMIN badge and the admin menu. */
export function AccountLinks() {
  const viewer = useViewer()
  const signOut = useSignOut()
  if (!viewer) return null
  const admin = isAdmin(viewer.role)
  // The bell, and an administrator's ADMIN menu, take the room of the words: up to 2xl 'Meus Pedidos' is an
  // icon, and so is the name up to xl (2xl for an administrator); the links' names are still read, and the
  // header fits on one line from lg (1024 px) up.
  const name = admin ? "sr-only 2xl:not-sr-only" : "sr-only xl:not-sr-only"
  const word = "sr-only 2xl:not-sr-only"
  return (
    <div className="hidden shrink-0 items-center gap-1 whitespace-nowrap sm:flex">
      {admin && <AdminMenu />}
      <Link to="/perfil" className="btn btn-ghost" aria-label={`Perfil de ${viewer.name}`}>
        <User aria-hidden className="h-4 w-4" />{" "}
        <span className={name}>
          {/* Its own box: not-sr-only resets white-space, which would undo the truncation. */}
          <span className="inline-block max-w-28 truncate align-bottom">{viewer.name}</span>
        </span>
      </Link>
      <Link to="/perfil" search={{ tab: "orders" }} className="btn btn-ghost">
        <Package aria-hidden className="h-4 w-4" /> <span className={word}>Meus Pedidos</span>
      </Link>
      {/* Below lg the mobile menu lists it (the header has no room); up to 2xl the icon stays, the word is read.
          An administrator's header has no room for it below xl: /perfil's Assinatura tab leads there too. */}
      <span className={admin ? "hidden xl:inline-flex" : "hidden lg:inline-flex"}>
        <Link to="/assinatura" className="btn btn-ghost">
          <Crown aria-hidden className="h-4 w-4" />{" "}
          <span className="sr-only 2xl:not-sr-only">Assinatura</span>
        </Link>
      </span>
      <button type="button" className="btn btn-ghost" onClick={signOut} aria-label="Sair">
        <LogOut aria-hidden className="h-4 w-4" />
      </button>
    </div>
  )
}

function AdminMenu() {
  const [open, setOpen] = useState(false)
  const ref = useDismiss<HTMLDivElement>(
    open,
    useCallback(() => setOpen(false), []),
  )
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        className="btn btn-ghost"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="admin-menu"
        onClick={() => setOpen((v) => !v)}
      >
        <Shield aria-hidden className="h-4 w-4" />
        <span className="rounded bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white">ADMIN</span>
        <ChevronDown aria-hidden className="h-4 w-4" />
      </button>
      {open && (
        <ul id="admin-menu" className="absolute right-0 z-50 mt-2 w-60 rounded-xl surface p-2 shadow-xl">
          {ADMIN_LINKS.map((link) => (
            <li key={link.href}>
              <a href={link.href} className="block rounded-lg px-3 py-2 text-sm hover:surface-2">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
