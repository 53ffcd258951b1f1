import { CheckCircle2, Heart, Repeat, Sparkles, Star } from "lucide-react"
import { CARD_STATE_LABELS, type CardState } from "../../domain/catalog/cardState"

const base =
  "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset"

const STYLES: Partial<Record<CardState, { readonly icon: typeof Heart; readonly className: string }>> = {
  owned: {
    icon: CheckCircle2,
    className:
      "bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-700",
  },
  tradeable: {
    icon: Repeat,
    className: "bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-700",
  },
  wishlist: {
    icon: Heart,
    className:
      "bg-rose-50 text-rose-800 ring-rose-300 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-700",
  },
  featured: {
    icon: Star,
    className:
      "bg-violet-50 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-700",
  },
  new: {
    icon: Sparkles,
    className:
      "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-700",
  },
}

/** The frame each state gives its card; 'new' also pulses once, for 2 seconds, unless motion is reduced. */
export const CARD_STATE_FRAMES: Readonly<Record<CardState, string>> = {
  hidden: "",
  teased: "",
  revealed: "",
  owned: "ring-2 ring-emerald-500",
  tradeable: "ring-2 ring-sky-500",
  wishlist: "ring-2 ring-rose-400",
  featured: "ring-2 ring-violet-500",
  new: "ring-2 ring-amber-400 motion-safe:animate-card-new",
  rare: "ring-1 ring-sky-400",
  legendary: "ring-2 ring-amber-400 shadow-[0_0_28px_-8px_rgba(217,167,58,0.8)]",
}

/** The state's label on a card (none for the states the card already says otherwise). */
export function CardStateBadge({ state }: { state: CardState }) {
  const label = CARD_STATE_LABELS[state]
  const style = STYLES[state]
  if (!label || !style) return null
  const Icon = style.icon
  return (
    <span className={`${base} ${style.className}`} data-testid="card-state">
      <Icon aria-hidden className="h-3 w-3" />
      {label}
    </span>
  )
}
