import { Link } from "@tanstack/react-router"

interface PagerProps {
  /** "Páginas de pedidos": names the navigation for screen readers. */
  readonly label: string
  readonly page: number
  readonly pageCount: number
  /** The list's route and its search for a page (filters kept). */
  readonly to: string
  readonly search: (page: number) => Record<string, unknown>
}

/** Previous / next links of a list paginated on the server; nothing when it fits one page. */
export function Pager({ label, page, pageCount, to, search }: PagerProps) {
  if (pageCount <= 1) return null
  // The admin lists' routes differ in their search types; the links carry each list's own, checked by its route.
  const link = (target: number, text: string) => (
    <Link to={to as never} search={search(target) as never} className="btn btn-ghost">
      {text}
    </Link>
  )
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      {page > 1 ? link(page - 1, "Anterior") : <span />}
      <span className="text-sm text-muted">
        Página {page} de {pageCount}
      </span>
      {page < pageCount ? link(page + 1, "Próxima") : <span />}
    </nav>
  )
}
