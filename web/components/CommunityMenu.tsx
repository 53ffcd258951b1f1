import { Link, useLocation } from "@tanstack/react-router"
import { ArrowLeftRight, Award, ChevronDown, Target, Trophy } from "lucide-react"
import { useCallback, useState } from "react"
import { useDismiss } from "../lib/popover"

/**
 * The community's pages, named as their breadcrumbs are. Missões, Conquistas and Trocas ask a visitor to sign
 * in on the page itself; the ranking is public.
 */
export const COMMUNITY = [
  { to: "/ranking", label: "Ranking", icon: Trophy },
  { to: "/missions", label: "Missões", icon: Target },
  { to: "/achievements", label: "Conquistas", icon: Award },
  { to: "/trocas", label: "Trocas", icon: ArrowLeftRight },
] as const

const inCommunity = (path: string) =>
  COMMUNITY.some((item) => path === item.to || path.startsWith(`${item.to}/`))

/** The header bar's 'Comunidade' menu, from lg (the mobile menu lists the same links below). */
export function CommunityMenu({ className }: { className: string }) {
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])
  const ref = useDismiss<HTMLDivElement>(open, close)
  const here = inCommunity(useLocation({ select: (l) => l.pathname }))
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        className={`${className} inline-flex items-center gap-1 ${here ? "!text-[var(--text)] underline decoration-2 underline-offset-8" : ""}`}
        aria-expanded={open}
        aria-controls="community-menu"
        onClick={() => setOpen((v) => !v)}
      >
        Comunidade <ChevronDown aria-hidden className="h-4 w-4" />
      </button>
      {open && (
        <ul id="community-menu" className="absolute left-0 z-50 mt-2 w-56 rounded-xl surface p-2 shadow-xl">
          {COMMUNITY.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:surface-2"
                onClick={close}
              >
                <Icon aria-hidden className="h-4 w-4 text-accent" /> {label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
