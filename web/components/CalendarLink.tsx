import { lazy, Suspense } from "react"

const CalendarLinkAnchor = lazy(() =>
  import("./CalendarLinkAnchor").then((m) => ({ default: m.CalendarLinkAnchor })),
)

/**
 * 'Adicionar ao calendário', like the footer: the server's HTML has the link (a plain link works before React
 * does), and its code stays out of the catalogue page's initial JavaScript, hydrated when its chunk arrives.
 */
export function CalendarLink(props: { collection: string; className?: string }) {
  return (
    <Suspense fallback={null}>
      <CalendarLinkAnchor {...props} />
    </Suspense>
  )
}
