import { Effect } from "effect"
import { type Cart, cartTotals, type PricedLine } from "../../domain/cart/cart"
import { SOLD_OUT_REASON, shownPurchase } from "../../domain/catalog/purchase"
import { characterCard } from "../../domain/catalog/showcase"
import { viewerPlace } from "../../domain/editions/waitlistLine"
import type { Cents } from "../../domain/money"
import { displayPrice } from "../../domain/pricing/cardInstallments"
import { DEFAULT_PARCEL, type Parcel } from "../../domain/shipping/parcel"
import { storefrontPricing } from "../catalog"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { CurrentUser } from "../ports/CurrentUser"
import { Entitlements } from "../ports/Entitlements"
import { Waitlists } from "../ports/Waitlists"
import { type EditionLimitCheck, editionLimitChecks } from "./editionLimitProblems"

export interface CartLineView extends PricedLine {
  readonly name: string
  readonly collectionName: string
  readonly collectionSlug: string
  readonly collectionId: string
  readonly imageUrl: string
  readonly phaseLabel: string | null
  readonly badge: string
  /** The box the line ships in, for the shipping quote; not sent to the browser. */
  readonly parcel: Parcel
}

export const REASON_TEXT = {
  subscribers_only: "Apenas para Assinantes",
  coming_soon: "Em Breve",
  unavailable: "Indisponível",
  sold_out: SOLD_OUT_REASON,
} as const

/**
 * The sold-out products among these that a unit is held for this collector (their waitlist offer): for them
 * the edition is not sold out. Asked only of sold-out editions in a signed-in collector's cart, so rarely.
 */
const heldForViewer = Effect.fnUntraced(function* (
  viewerId: string | null,
  soldOut: readonly string[],
  now: number,
) {
  if (viewerId === null || soldOut.length === 0) return new Set<string>()
  const waitlists = yield* Waitlists
  const held = new Set<string>()
  for (const productId of soldOut) {
    const line = yield* waitlists.line(productId)
    if (line && viewerPlace(line, viewerId, now).status === "offered") held.add(productId)
  }
  return held
})

/**
 * Prices a cart on the server from the catalogue and the clock: the browser never supplies a price, and
 * a line that can no longer be bought (its month passed for a non-subscriber, or it left the catalogue)
 * stays visible but out of the totals. Also answers the collections the customer subscribes to, which
 * the prices were made with, so the checkout need not ask again.
 */
export const priceCart = Effect.fn("Cart.priceCart")(function* (cart: Cart) {
  const catalog = yield* CatalogRepository
  const now = yield* (yield* Clock).now()
  const { viewer } = yield* CurrentUser
  const [found, categoryPrices, subscribed] = yield* Effect.all(
    [
      catalog.findCharacters(cart.map((l) => l.productId)),
      catalog.categoryPrices(),
      viewer
        ? (yield* Entitlements).subscribedCollections(viewer.id, now)
        : Effect.succeed(new Set<string>()),
    ],
    { concurrency: "unbounded" },
  )
  const soldOut = cart.flatMap((l) => (found.get(l.productId)?.character.soldOut ? [l.productId] : []))
  const held = yield* heldForViewer(viewer?.id ?? null, soldOut, now)
  const lines: CartLineView[] = cart.map((line) => {
    const entry = found.get(line.productId)
    if (!entry) {
      return {
        ...line,
        unitPrice: 0 as Cents,
        originalPrice: 0 as Cents,
        buyable: false,
        reason: REASON_TEXT.unavailable,
        name: "Produto indisponível",
        collectionName: "",
        collectionSlug: "",
        collectionId: "",
        imageUrl: "",
        phaseLabel: null,
        badge: "",
        parcel: DEFAULT_PARCEL,
      }
    }
    const card = characterCard(entry.character, entry.collection, {
      now,
      isSubscriber: subscribed.has(entry.collection.id),
      categoryPrices,
    })
    const purchase = held.has(line.productId) ? card.purchase : shownPurchase(card)
    const reason = purchase.canBuy
      ? undefined
      : card.status === "upcoming"
        ? REASON_TEXT.coming_soon
        : card.soldOut
          ? REASON_TEXT.sold_out
          : REASON_TEXT.subscribers_only
    return {
      ...line,
      unitPrice: card.price,
      originalPrice: card.price,
      buyable: purchase.canBuy,
      ...(reason ? { reason } : {}),
      name: card.name,
      collectionName: entry.collection.name,
      collectionSlug: entry.collection.slug,
      collectionId: entry.collection.id,
      imageUrl: card.imageUrl,
      phaseLabel: card.phaseLabel,
      badge: card.badge.label,
      parcel: entry.character.parcel,
    }
  })
  return { lines, totals: cartTotals(lines), subscribed: subscribed as ReadonlySet<string> }
})

export type PricedCart = Effect.Success<ReturnType<typeof priceCart>>

/**
 * The cart as the customer sees it: a line of a limited edition says how many units the collector may have
 * (`maxQuantity`) and, past it, why not; the subtotal is offered by card in instalments and by PIX.
 */
export const pricedCart = (cart: Cart) =>
  Effect.all([priceCart(cart), editionLimitChecks(cart), storefrontPricing]).pipe(
    Effect.map(([{ lines, totals }, checks, pricing]) => ({
      lines: lines.map(({ parcel: _parcel, ...line }) => withLimit(line, checks.get(line.productId))),
      totals,
      // Priced by its buyable lines: its PIX price is the sum of the PIX unit prices the cards show.
      prices:
        totals.subtotal > 0
          ? displayPrice(
              totals.subtotal,
              pricing,
              lines.filter((l) => l.buyable),
            )
          : null,
    })),
  )

type LimitFields = { limitProblem?: string; maxQuantity?: number }

const withLimit = <L extends object>(line: L, check: EditionLimitCheck | undefined): L & LimitFields => {
  if (!check) return line
  const limited = { ...line, maxQuantity: check.room }
  return check.problem === null ? limited : { ...limited, limitProblem: check.problem }
}

/** Why a product may not be added now, or null when it may. */
export const purchaseBlock = Effect.fn("Cart.purchaseBlock")(function* (productId: string) {
  const { lines } = yield* pricedCart([{ productId, quantity: 1 }])
  const line = lines[0]
  if (!line || line.buyable) return null
  return line.reason === REASON_TEXT.coming_soon
    ? ("coming_soon" as const)
    : line.reason === REASON_TEXT.unavailable
      ? ("unavailable" as const)
      : line.reason === REASON_TEXT.sold_out
        ? ("sold_out" as const)
        : ("subscribers_only" as const)
})
