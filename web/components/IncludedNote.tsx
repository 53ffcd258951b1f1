import { BadgeCheck } from "lucide-react"
import { OPEN_TO_SUBSCRIBERS_LABEL } from "../../domain/catalog/purchase"

/**
 * A released edition a subscriber may still buy: part of the subscription, shipped free. Its own module: the
 * character page shows it without the character card's code.
 */
export function IncludedNote() {
  return (
    <p className="flex items-center gap-1.5 text-xs font-medium text-emerald-700 dark:text-emerald-400">
      <BadgeCheck aria-hidden className="h-4 w-4 shrink-0" /> {OPEN_TO_SUBSCRIBERS_LABEL}
    </p>
  )
}
