import { toSaoPauloCivil } from "../calendar"
import type { Cents } from "../money"
import { displayPrice, type StorefrontPrice, type StorefrontPricing } from "../pricing/cardInstallments"
import { collectionPrice } from "../pricing/collectionPrice"
import { type CardState, cardState } from "./cardState"
import type { Character, Collection, YearMonth } from "./catalog"
import type { Rarity } from "./rarity"
import {
  itemBadge,
  MYSTERY_NAME,
  monthCountdown,
  PHASE_LABELS,
  purchaseRule,
  type RevealPhase,
  revealPhase,
  type TimelineStatus,
  teaserHints,
  timelineStatus,
} from "./reveal"

/** How long a revealed character's card says 'Novo'. */
export const NEW_AFTER_REVEAL_MS = 3 * 86_400_000

/**
 * The next instant after `now` at which the clock alone changes how one of these characters is shown (its
 * teaser, preview and reveal, and the end of its 'Novo' days): a page showing it is stale from then on, even
 * when an administrator scheduled it off the calendar's noon on the 15th.
 */
export function nextCharacterChange(
  characters: readonly Pick<Character, "teaserAt" | "previewAt" | "revealAt">[],
  now: number,
): number {
  let next = Number.POSITIVE_INFINITY
  for (const c of characters)
    for (const instant of [c.teaserAt, c.previewAt, c.revealAt, c.revealAt + NEW_AFTER_REVEAL_MS])
      if (instant > now && instant < next) next = instant
  return next
}
/** How a shopper sees a character at a given instant: what the store may show before the reveal. */
export interface CharacterCard {
  readonly id: string
  readonly slug: string
  readonly rank: number
  readonly collection: {
    readonly id: string
    readonly slug: string
    readonly name: string
    readonly theme: string
  }
  /** Past its reveal instant: only then may the card name it, show its artwork and its rarity. */
  readonly revealed: boolean
  /** Its state as anyone sees it; the browser adds the signed-in viewer's own marks (web/lib/subscriber.ts). */
  readonly state: CardState
  /** Revealed within the last `NEW_AFTER_REVEAL_MS`. */
  readonly recent: boolean
  /**
   * What the store puts forward now: the featured collection's character of this month's edition. Not every
   * character of that collection, or 'Destaque' would mark its whole past and stand out for nothing.
   */
  readonly featured: boolean
  readonly name: string
  readonly description: string | null
  readonly imageUrl: string
  readonly rarity: Rarity | null
  readonly edition: YearMonth
  readonly status: TimelineStatus
  readonly phase: RevealPhase | null
  readonly phaseLabel: string | null
  readonly badge: ReturnType<typeof itemBadge>
  /** The days left to buy its edition, or when it goes on sale; null once past (its badge already says so). */
  readonly countdown: ReturnType<typeof monthCountdown> | null
  readonly revealAt: number
  readonly hints: readonly string[]
  readonly price: Cents
  /** The price's lines (card, instalments, PIX) as the storefront shows them. */
  readonly prices: StorefrontPrice
  /** Who may buy it by its place in the timeline; `soldOut` says whether a unit is left to buy now. */
  readonly purchase: ReturnType<typeof purchaseRule>
  /** Its numbered edition has no unit left for the public (never said of an edition not yet on sale). */
  readonly soldOut: boolean
}

export interface CharacterDetail extends CharacterCard {
  readonly universe: string | null
  readonly stats: Character["stats"] | null
  readonly abilities: readonly string[]
  readonly allHints: readonly string[]
  readonly scale: string
  readonly details: string
}

export interface ShowcaseContext {
  readonly now: number
  readonly isSubscriber: boolean
  /** Category prices currently in force, by theme key; the pricing module's table is the fallback. */
  readonly categoryPrices?: ReadonlyMap<string, Cents>
  /** The store's price terms and the gateway's interest-free limit; the conventions' defaults when absent. */
  readonly pricing?: StorefrontPricing
}

export function priceOf(collection: Collection, categoryPrices?: ReadonlyMap<string, Cents>): Cents {
  const explicit = collection.price ?? collection.finalPrice ?? collection.pricePerBox
  // A stored collection's prices are already centavos (the *_cents columns), not reais to parse.
  if (explicit !== null) return explicit
  const themePrice = categoryPrices?.get(collection.theme)
  if (themePrice !== undefined) return themePrice
  return collectionPrice({ theme: collection.theme })
}

export function characterCard(
  character: Character,
  collection: Collection,
  ctx: ShowcaseContext,
): CharacterCard {
  const today = toSaoPauloCivil(ctx.now)
  const phase = revealPhase(character, ctx.now)
  const revealed = phase === "final"
  const recent = revealed && ctx.now - character.revealAt < NEW_AFTER_REVEAL_MS
  const status = timelineStatus(character.edition, today)
  const featured = collection.isFeatured && status === "current"
  const rarity = revealed ? character.rarity : null
  const state = cardState({ phase, revealedRecently: recent, featured, rarity })
  const price = character.price ?? priceOf(collection, ctx.categoryPrices)
  return {
    id: character.id,
    // The slug is the character's name in a URL: before the reveal the card carries its opaque id instead.
    slug: revealed ? character.slug : character.id,
    rank: character.displayOrder,
    collection: { id: collection.id, slug: collection.slug, name: collection.name, theme: collection.theme },
    revealed,
    state,
    recent,
    featured,
    name: revealed ? character.name : MYSTERY_NAME,
    description: revealed ? character.description : null,
    imageUrl: revealed ? character.imageUrl : character.mysteryImageUrl,
    rarity,
    edition: character.edition,
    status,
    phase,
    phaseLabel: phase ? PHASE_LABELS[phase] : null,
    badge: itemBadge(character.edition, today),
    countdown: status === "released" ? null : monthCountdown(character.edition, today),
    revealAt: character.revealAt,
    hints: phase !== null && !revealed ? teaserHints(character.hints) : [],
    price,
    prices: displayPrice(price, ctx.pricing),
    purchase: purchaseRule(status, ctx.isSubscriber),
    soldOut: character.soldOut && status !== "upcoming",
  }
}

export function characterDetail(
  character: Character,
  collection: Collection,
  ctx: ShowcaseContext,
): CharacterDetail {
  const card = characterCard(character, collection, ctx)
  return {
    ...card,
    universe: card.revealed ? character.universe : null,
    stats: card.revealed ? character.stats : null,
    abilities: card.revealed ? character.abilities : [],
    allHints: card.phase !== null && !card.revealed ? character.hints : [],
    scale: character.scale,
    details: character.details,
  }
}

/** A character's place in its collection's sequence (its `rank`), as a card says it. */
export const characterNumberLabel = (rank: number) => `Personagem nº ${rank}`

/** Counters of the collection page: revealed characters are those past their reveal instant. */
export function collectionCounters(characters: readonly Character[], now: number) {
  const total = characters.length
  const revealed = characters.filter((c) => c.revealAt <= now).length
  return {
    total,
    revealed,
    upcoming: total - revealed,
    progressPercent: total === 0 ? 0 : Math.round((revealed / total) * 100),
  }
}
