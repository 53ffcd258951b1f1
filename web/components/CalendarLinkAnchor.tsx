import { CalendarPlus } from "lucide-react"

/**
 * The collection's reveal calendar (server/http/revealCalendar.ts): an .ics a phone adds to its calendar, with
 * every reveal on day 15 and the day-14 payment cut-off.
 */
export function CalendarLinkAnchor({
  collection,
  className = "btn btn-ghost",
}: {
  collection: string
  className?: string
}) {
  return (
    <a
      href={`/colecoes/${encodeURIComponent(collection)}/calendario.ics`}
      type="text/calendar"
      className={className}
      data-testid="calendar-link"
    >
      <CalendarPlus aria-hidden className="h-4 w-4" /> Adicionar ao calendário
    </a>
  )
}
