import { Link, useMatches, useRouter, useRouterState } from "@tanstack/react-router"
import { ChevronRight } from "lucide-react"
import { breadcrumbs } from "../../domain/breadcrumbs"
import { isNotFoundMatch } from "../lib/notFound"

/**
 * Routes name their id segments through loader data `{ crumb: { href, label } }`. A segment that is not a
 * page of its own (e.g. /character) is shown as text, not as a link to a 404.
 */
export function Breadcrumbs() {
  const router = useRouter()
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const matches = useMatches()
  // A missing page has no trail: its segments would be made-up labels ("Does not exist").
  if (pathname === "/" || matches.some(isNotFoundMatch)) return null
  const overrides: Record<string, string> = {}
  for (const m of matches) {
    const crumb = (m.loaderData as { crumb?: { href: string; label: string } } | undefined)?.crumb
    if (crumb) overrides[crumb.href] = crumb.label
  }
  const items = breadcrumbs(pathname, overrides)
  const isPage = (href: string) => {
    // Matching is fuzzy: /perfil/pedidos finds /perfil, the segment it could not place left under "**".
    const [, rawParams, found] = router.getMatchedRoutes(href)
    return found !== undefined && found.id !== "__root__" && !rawParams["**"]
  }
  return (
    <nav aria-label="Você está em" className="mx-auto max-w-7xl px-4 pt-4 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-muted">
        {items.map((item, i) => {
          const last = i === items.length - 1
          return (
            <li key={item.href} className="flex items-center gap-1">
              {i > 0 && <ChevronRight aria-hidden className="h-3.5 w-3.5" />}
              {last || !isPage(item.href) ? (
                <span
                  aria-current={last ? "page" : undefined}
                  className={last ? "font-medium text-[var(--text)]" : ""}
                >
                  {item.label}
                </span>
              ) : (
                <Link to={item.href} className="rounded hover:underline">
                  {item.label}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
