import { Link } from "@tanstack/react-router"
import { Menu, ShoppingBag, X } from "lucide-react"
import { lazy, Suspense, useState } from "react"
import { useCart } from "../lib/cart"
import { useViewer } from "../lib/viewer"
import { AccountButtons, NAV } from "./AccountButtons"
import { AccountMenu } from "./AccountMenu"
import { CommunityMenu } from "./CommunityMenu"
import { Logo } from "./Logo"
import { ThemeSwitcher } from "./ThemeSwitcher"

const NAV_LINK =
  "whitespace-nowrap rounded-lg px-2 py-2 text-sm xl:px-3 font-medium text-muted hover:text-[var(--text)]"

/** The mobile menu comes when it is first opened (or once the page is idle, web/browserRouter.tsx). */
const MobileMenu = lazy(() => import("./MobileMenu"))
/** A signed-in customer's bell: visitors never load it; for a customer the server's HTML stays until it does. */
const NotificationBell = lazy(() => import("./NotificationBell"))

/** The header in its three variants: visitor, customer, and administrator (ADMIN badge and menu). */
export function Header() {
  const [open, setOpen] = useState(false)
  const viewer = useViewer()
  const cart = useCart()
  return (
    <header className="sticky top-0 z-40 border-b border-theme bg-[var(--bg)]/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 xl:gap-4">
        <Link to="/" className="shrink-0 rounded-lg" aria-label="Legendarium — página inicial">
          {/* A customer's bell takes the room of the name on the narrowest phones, and the account links take it
              between lg and xl (the link's name is read). */}
          <Logo wordmark={viewer ? "max-[400px]:sr-only lg:max-xl:sr-only" : ""} />
        </Link>
        <nav aria-label="Principal" className="ml-2 hidden lg:block xl:ml-6">
          {/* Between lg and xl the padding is tighter: an administrator's account links need the room. */}
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li
                key={item.to}
                className={"wide" in item ? (viewer ? "hidden 2xl:block" : "hidden xl:block") : undefined}
              >
                <Link
                  to={item.to}
                  className={NAV_LINK}
                  activeProps={{ className: "!text-[var(--text)] underline decoration-2 underline-offset-8" }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <CommunityMenu className={NAV_LINK} />
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <ThemeSwitcher />
          <Link
            to="/carrinho"
            className="relative inline-flex h-11 w-11 items-center justify-center rounded-full hover:surface-2"
            aria-label={
              cart.known ? `Carrinho: ${cart.count} ${cart.count === 1 ? "item" : "itens"}` : "Carrinho"
            }
          >
            <ShoppingBag aria-hidden className="h-5 w-5" />
            {cart.count > 0 && (
              <span
                data-testid="cart-badge"
                className="absolute right-1 top-1 min-w-5 rounded-full bg-[var(--accent)] px-1 text-center text-xs font-bold leading-5 text-[var(--accent-contrast)]"
              >
                {cart.count}
              </span>
            )}
          </Link>
          {viewer && (
            <Suspense fallback={null}>
              <NotificationBell />
            </Suspense>
          )}
          {viewer ? <AccountMenu /> : <AccountButtons className="hidden sm:inline-flex" />}
          <button
            type="button"
            className="inline-flex h-11 w-11 items-center justify-center rounded-full hover:surface-2 lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? "Fechar menu" : "Abrir menu"}
            onClick={() => setOpen((v) => !v)}
            onPointerDown={() => void import("./MobileMenu")}
          >
            {open ? <X aria-hidden className="h-5 w-5" /> : <Menu aria-hidden className="h-5 w-5" />}
          </button>
        </div>
      </div>
      {open && (
        <Suspense fallback={null}>
          <MobileMenu viewer={viewer} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </header>
  )
}
