import { type CivilDate, daysInMonth, monthIndex, monthNamePtBR, type YearMonth } from "../calendar"
import type { TimelineStatus } from "./purchase"

// Who may buy an edition has its own module (the browser's catalogue needs it without the calendar).
export {
  COMING_SOON_REASON,
  OPEN_TO_SUBSCRIBERS_LABEL,
  type PurchaseRule,
  purchaseRule,
  SINGLE_PURCHASE_LABEL,
  SUBSCRIBERS_ONLY_REASON,
  type TimelineStatus,
} from "./purchase"

export type RevealPhase = "early_preview" | "preview" | "final"

export const PHASE_LABELS: Readonly<Record<RevealPhase, string>> = {
  early_preview: "Early Preview",
  preview: "Preview",
  final: "Final",
}

export interface RevealDates {
  teaserAt: number
  previewAt: number
  revealAt: number
}

export function revealPhase(dates: RevealDates, now: number): RevealPhase | null {
  if (now >= dates.revealAt) return "final"
  if (now >= dates.previewAt) return "preview"
  if (now >= dates.teaserAt) return "early_preview"
  return null
}

export function timelineStatus(edition: YearMonth, today: CivilDate): TimelineStatus {
  const delta = monthIndex(edition) - monthIndex(today)
  if (delta < 0) return "released"
  return delta === 0 ? "current" : "upcoming"
}

export type BadgeTone = "success" | "neutral" | "muted" | "info"

export interface ItemBadge {
  label: "Mês Atual" | "Finalizada" | "Arquivo" | "Em Breve"
  tone: BadgeTone
}

export function itemBadge(edition: YearMonth, today: CivilDate): ItemBadge {
  const delta = monthIndex(edition) - monthIndex(today)
  if (delta === 0) return { label: "Mês Atual", tone: "success" }
  if (delta === -1) return { label: "Finalizada", tone: "neutral" }
  if (delta < -1) return { label: "Arquivo", tone: "muted" }
  return { label: "Em Breve", tone: "info" }
}

export type CountdownTone = "urgent" | "warning" | "neutral" | "muted" | "info"

export interface MonthCountdown {
  label: string
  tone: CountdownTone
}

export function monthCountdown(edition: YearMonth, today: CivilDate): MonthCountdown {
  const delta = monthIndex(edition) - monthIndex(today)
  if (delta < 0) return { label: "Finalizada", tone: "muted" }
  if (delta > 0) {
    const yearSuffix = edition.year === today.year ? "" : ` de ${edition.year}`
    return { label: `Lança em ${monthNamePtBR(edition.month)}${yearSuffix}`, tone: "info" }
  }
  // Today still counts as a selling day, hence the + 1.
  const left = daysInMonth(today.year, today.month) - today.day + 1
  if (left <= 1) return { label: "Último dia!", tone: "urgent" }
  if (left <= 3) return { label: `Últimos ${left} dias!`, tone: "urgent" }
  if (left <= 7) return { label: `Restam ${left} dias`, tone: "warning" }
  return { label: `${left} dias restantes`, tone: "neutral" }
}

export const REVEALED_LABEL = "Revelado!"

export function characterCountdown(targetMs: number, nowMs: number): string {
  const remaining = targetMs - nowMs
  if (!(remaining > 0)) return REVEALED_LABEL
  const totalSeconds = Math.floor(remaining / 1000)
  const days = Math.floor(totalSeconds / 86_400)
  const hours = Math.floor(totalSeconds / 3600) % 24
  const minutes = Math.floor(totalSeconds / 60) % 60
  const seconds = totalSeconds % 60
  if (days >= 1) return `${days}d ${hours}h`
  if (hours >= 1) return `${hours}h ${minutes}m`
  return `${minutes}m ${seconds}s`
}

export const MYSTERY_NAME = "Personagem Misterioso"
export const MAX_HINTS = 5
export const TEASER_HINTS = 3
export const TOO_MANY_HINTS_ERROR = `Maximum ${MAX_HINTS} hints allowed`

export function teaserHints(hints: readonly string[]): string[] {
  return hints.slice(0, TEASER_HINTS)
}

export function validateHints(hints: readonly string[]): string | null {
  return hints.length > MAX_HINTS ? TOO_MANY_HINTS_ERROR : null
}

export function collectionStatusBadge(isActive: boolean): "Ativa" | "Completa" {
  return isActive ? "Ativa" : "Completa"
}
