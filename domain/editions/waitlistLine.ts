import { formatDateBR, formatTimeBR, toSaoPauloCivil } from "../calendar"
import {
  holdsOffer,
  lapsedOffers,
  nextInLine,
  placeInLine,
  type WaitlistEntry,
  type WaitlistStatus,
} from "./waitlist"

/** One edition's line as read under its product's lock: what the decisions below work on. */
export interface WaitlistLine {
  /** null: made to order, never sold out, so no line. */
  readonly size: number | null
  /** Units anyone may buy now: size − reserved − sold − units held for offers. */
  readonly available: number
  /** The live entries only (waiting and offered). */
  readonly entries: readonly WaitlistEntry[]
}

/** An entry's new state; `offerExpiresAt` is set when it becomes `offered`, `orderId` when `purchased`. */
export interface EntryChange {
  readonly id: string
  readonly status: WaitlistStatus
  readonly offerExpiresAt?: number
  readonly orderId?: string
}

export interface Offer {
  readonly entryId: string
  readonly userId: string
  readonly offerExpiresAt: number
}

/** What a decision asks the adapter to write, all under the one lock. */
export interface LineChange<A> {
  readonly value: A
  readonly join?: { readonly userId: string }
  readonly changes: readonly EntryChange[]
}

export const WAITLIST_MESSAGES = {
  notNumbered: "Apenas edições numeradas têm lista de espera.",
  notSoldOut: "Esta edição ainda tem unidades disponíveis: você pode comprá-la agora.",
  alreadyIn: "Você já está na lista de espera desta edição.",
  notInLine: "Você não está na lista de espera desta edição.",
  tooMany: "Muitas entradas em listas de espera em pouco tempo. Tente novamente mais tarde.",
} as const

const HOUR = 3_600_000
const offerAll = (picked: readonly WaitlistEntry[], now: number, windowHours: number) =>
  picked.map((e) => ({ entryId: e.id, userId: e.userId, offerExpiresAt: now + windowHours * HOUR }))
const offerChanges = (offers: readonly Offer[]): EntryChange[] =>
  offers.map((o) => ({ id: o.entryId, status: "offered", offerExpiresAt: o.offerExpiresAt }))

/** Whether `userId` may join: a numbered edition sold out for the public, and not already in its line. */
export function joinRefusal(line: WaitlistLine, userId: string): string | null {
  if (line.size === null) return WAITLIST_MESSAGES.notNumbered
  if (line.available > 0) return WAITLIST_MESSAGES.notSoldOut
  if (line.entries.some((e) => e.userId === userId)) return WAITLIST_MESSAGES.alreadyIn
  return null
}

/**
 * Units just freed (an order let them go) go to the first collectors waiting, one each, held for the purchase
 * window; units nobody waits for stay with the public. Never more than the public has: a freed unit is in it.
 */
export function offerFreed(
  line: WaitlistLine,
  units: number,
  now: number,
  windowHours: number,
  ineligible: ReadonlySet<string> = new Set(),
): LineChange<readonly Offer[]> {
  const count = Math.min(units, line.available)
  if (count <= 0) return { value: [], changes: [] }
  const passed = passOver(line.entries, ineligible)
  const offers = offerAll(nextInLine(passed.entries, count), now, windowHours)
  return { value: offers, changes: [...passed.changes, ...offerChanges(offers)] }
}

/**
 * Collectors still waiting who can no longer buy the edition (they came to hold it up to their limit another
 * way: a plan's month, a trade) leave the line as offers are made, so their turn goes to the next collector.
 */
function passOver(entries: readonly WaitlistEntry[], ineligible: ReadonlySet<string>) {
  const gone = entries.filter((e) => e.status === "waiting" && ineligible.has(e.userId))
  const ids = new Set(gone.map((e) => e.id))
  return {
    entries: entries.filter((e) => !ids.has(e.id)),
    changes: gone.map((e): EntryChange => ({ id: e.id, status: "left" })),
  }
}

/** Offers whose window closed end as `expired`; each one's unit goes to the next collector still waiting. */
export function endLapsed(
  line: WaitlistLine,
  now: number,
  windowHours: number,
  ineligible: ReadonlySet<string> = new Set(),
): LineChange<readonly Offer[]> {
  const lapsed = lapsedOffers(line.entries, now)
  if (lapsed.length === 0) return { value: [], changes: [] }
  const gone = new Set(lapsed.map((e) => e.id))
  const passed = passOver(
    line.entries.filter((e) => !gone.has(e.id)),
    ineligible,
  )
  const offers = offerAll(nextInLine(passed.entries, lapsed.length), now, windowHours)
  return {
    value: offers,
    changes: [
      ...lapsed.map((e) => ({ id: e.id, status: "expired" as const })),
      ...passed.changes,
      ...offerChanges(offers),
    ],
  }
}

/** A collector leaves; if they held an offer, its unit goes to the next in line. Null: they were not in it. */
export function leave(
  line: WaitlistLine,
  userId: string,
  now: number,
  windowHours: number,
): LineChange<readonly Offer[] | null> {
  const mine = line.entries.find((e) => e.userId === userId)
  if (!mine) return { value: null, changes: [] }
  const left: EntryChange = { id: mine.id, status: "left" }
  if (mine.status !== "offered") return { value: [], changes: [left] }
  const rest = line.entries.filter((e) => e.id !== mine.id)
  const offers = offerAll(nextInLine(rest, 1), now, windowHours)
  return { value: offers, changes: [left, ...offerChanges(offers)] }
}

/**
 * The holder of an open offer buys: their entry becomes `purchased` and the held unit returns to the public
 * count, to be reserved by their order in the same transaction. Others change nothing.
 */
export function claim(line: WaitlistLine, userId: string, now: number, orderId: string): LineChange<boolean> {
  if (!holdsOffer(line.entries, userId, now)) return { value: false, changes: [] }
  const mine = line.entries.find((e) => e.userId === userId && e.status === "offered")
  return mine
    ? { value: true, changes: [{ id: mine.id, status: "purchased", orderId }] }
    : { value: false, changes: [] }
}

/** What the product page shows one viewer. */
export type ViewerPlace =
  | { readonly status: "none" }
  | { readonly status: "waiting"; readonly position: number }
  | { readonly status: "offered"; readonly offerExpiresAt: number }

export function viewerPlace(line: WaitlistLine, userId: string | null, now: number): ViewerPlace {
  if (!userId) return { status: "none" }
  const mine = line.entries.find((e) => e.userId === userId)
  if (mine?.status === "offered" && mine.offerExpiresAt !== null && mine.offerExpiresAt > now)
    return { status: "offered", offerExpiresAt: mine.offerExpiresAt }
  const position = placeInLine(line.entries, userId)
  return position === null ? { status: "none" } : { status: "waiting", position }
}

/** How many units move between the public count and the held ones when `changes` apply to `entries`. */
export function heldDelta(entries: readonly WaitlistEntry[], changes: readonly EntryChange[]): number {
  const before = new Map(entries.map((e) => [e.id, e.status]))
  let delta = 0
  for (const c of changes) {
    const was = before.get(c.id) === "offered"
    const is = c.status === "offered"
    if (was !== is) delta += is ? 1 : -1
  }
  return delta
}

/**
 * A collector's latest entry in each edition's line, newest first: one who left and joined again reads their
 * present place once, not also the entry they left.
 */
export function latestPerEdition<E extends { readonly productId: string; readonly joinedAt: number }>(
  entries: readonly E[],
): E[] {
  const latest = new Map<string, E>()
  for (const e of entries) {
    const kept = latest.get(e.productId)
    if (!kept || e.joinedAt > kept.joinedAt) latest.set(e.productId, e)
  }
  return [...latest.values()].sort((a, b) => b.joinedAt - a.joinedAt)
}

/** "05/12/2026 às 14:30", the end of an offer's window on São Paulo's clock. */
export const offerDeadlineLabel = (epochMs: number): string =>
  `${formatDateBR(toSaoPauloCivil(epochMs))} às ${formatTimeBR(epochMs)}`

/** What the collector reads in their notifications when a unit is held for them. */
export const offerNotice = (characterName: string, offerExpiresAt: number) => ({
  title: `Uma unidade de ${characterName} está reservada para você`,
  message: `Uma unidade da edição esgotada que você esperava foi liberada. Ela fica reservada só para você até ${offerDeadlineLabel(offerExpiresAt)} (horário de Brasília); depois, passa para o próximo da lista de espera.`,
})

/** How /perfil names a collector's entry; an offer past its window reads as expired before the job ends it. */
export function entryStatusLabel(
  entry: {
    readonly status: WaitlistStatus
    readonly position: number | null
    readonly offerExpiresAt: number | null
  },
  now: number,
): string {
  switch (entry.status) {
    case "waiting":
      return entry.position === null ? "Aguardando" : `Aguardando — posição ${entry.position}`
    case "offered":
      return entry.offerExpiresAt !== null && entry.offerExpiresAt > now
        ? `Reservada para você até ${offerDeadlineLabel(entry.offerExpiresAt)}`
        : "Expirada"
    case "purchased":
      return "Comprada"
    case "expired":
      return "Expirada"
    case "left":
      return "Você saiu da lista"
  }
}
