import { RARITY_LABELS, type Rarity, rarityTone } from "../../domain/catalog/rarity"
import type { BadgeTone, CountdownTone } from "../../domain/catalog/reveal"

const base = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset"

const RARITY_CLASSES = {
  grey: "bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-600",
  blue: "bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-700",
  purple:
    "bg-violet-50 text-violet-800 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-700",
  amber:
    "bg-amber-50 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-700",
  rose: "bg-rose-50 text-rose-800 ring-rose-300 dark:bg-rose-950 dark:text-rose-200 dark:ring-rose-700",
} as const

export function RarityBadge({ rarity }: { rarity: Rarity }) {
  return <span className={`${base} ${RARITY_CLASSES[rarityTone(rarity)]}`}>{RARITY_LABELS[rarity]}</span>
}

const TONE_CLASSES: Record<BadgeTone | CountdownTone, string> = {
  success:
    "bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-700",
  neutral: "bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-600",
  muted: "bg-zinc-100 text-zinc-600 ring-zinc-200 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700",
  info: "bg-sky-50 text-sky-800 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-700",
  urgent: "bg-red-50 text-red-800 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-700",
  warning:
    "bg-yellow-50 text-yellow-900 ring-yellow-300 dark:bg-yellow-950 dark:text-yellow-100 dark:ring-yellow-700",
}

export function ToneBadge({
  tone,
  children,
}: {
  tone: BadgeTone | CountdownTone
  children: React.ReactNode
}) {
  return <span className={`${base} ${TONE_CLASSES[tone]}`}>{children}</span>
}
