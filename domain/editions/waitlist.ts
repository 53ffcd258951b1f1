/**
 * The waitlist of a sold-out edition: a unit freed by an expired PIX, a refused payment or a
 * cancellation is offered to the first collector in line, held for them alone during the purchase window, then
 * offered to the next. Pure: the adapter applies these decisions under a lock of the product's line.
 */
export type WaitlistStatus = "waiting" | "offered" | "purchased" | "expired" | "left"

export interface WaitlistEntry {
  readonly id: string
  readonly userId: string
  readonly joinedAt: number
  readonly status: WaitlistStatus
  readonly offerExpiresAt: number | null
}

export const DEFAULT_PURCHASE_WINDOW_HOURS = 48
export const PURCHASE_WINDOW_BOUNDS_HOURS = { min: 1, max: 168 } as const

const inLine = (a: WaitlistEntry, b: WaitlistEntry) =>
  a.joinedAt - b.joinedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** Offers whose window closed by `now`: they end, and each one's unit goes to the next in line. */
export function lapsedOffers(entries: readonly WaitlistEntry[], now: number): readonly WaitlistEntry[] {
  return entries.filter((e) => e.status === "offered" && e.offerExpiresAt !== null && e.offerExpiresAt <= now)
}

/**
 * Who gets the `units` freed now: the first collectors still waiting, in the order they joined, one unit
 * each; a collector already holding an offer for this edition is not offered a second.
 */
export function nextInLine(entries: readonly WaitlistEntry[], units: number): readonly WaitlistEntry[] {
  if (units <= 0) return []
  const holding = new Set(entries.filter((e) => e.status === "offered").map((e) => e.userId))
  return entries
    .filter((e) => e.status === "waiting" && !holding.has(e.userId))
    .sort(inLine)
    .slice(0, units)
}

/** Units held for open offers: nobody else may buy them during their window. */
export const heldUnits = (entries: readonly WaitlistEntry[], now: number) =>
  entries.filter((e) => e.status === "offered" && e.offerExpiresAt !== null && e.offerExpiresAt > now).length

/** Whether `userId` may buy one of the held units now (their own open offer). */
export const holdsOffer = (entries: readonly WaitlistEntry[], userId: string, now: number) =>
  entries.some(
    (e) =>
      e.userId === userId && e.status === "offered" && e.offerExpiresAt !== null && e.offerExpiresAt > now,
  )

/** A collector's place in line (1 is next), or null when they are not waiting. */
export function placeInLine(entries: readonly WaitlistEntry[], userId: string): number | null {
  const waiting = entries.filter((e) => e.status === "waiting").sort(inLine)
  const index = waiting.findIndex((e) => e.userId === userId)
  return index < 0 ? null : index + 1
}
