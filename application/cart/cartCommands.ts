import { Effect } from "effect"
import {
  addLine,
  type CappedLine,
  type Cart,
  capToRooms,
  mergeCarts,
  removeLine,
  setQuantity,
} from "../../domain/cart/cart"
import { mergeCapNotice } from "../../domain/editions/editionLimit"
import { domainEvent } from "../../domain/events"
import { ItemAlreadyInCart, NotBuyable, NotSignedIn } from "../errors"
import { CartStore } from "../ports/CartStore"
import { CurrentUser } from "../ports/CurrentUser"
import { EventOutbox } from "../ports/EventOutbox"
import { UnitOfWork } from "../ports/UnitOfWork"
import { editionLimitChecks, refuseBeyondLimit } from "./editionLimitProblems"
import { pricedCart, purchaseBlock } from "./pricedCart"

const signedIn = Effect.gen(function* () {
  const { viewer } = yield* CurrentUser
  if (!viewer) return yield* new NotSignedIn()
  return viewer
})

/** The signed-in customer's cart, priced now. */
export const viewMyCart = Effect.fn("Cart.viewMyCart")(function* () {
  const viewer = yield* signedIn
  return yield* pricedCart(yield* (yield* CartStore).load(viewer.id))
})

/** A visitor's cart lives in the browser; the server only prices it (and says which lines are no longer buyable). */
export const priceGuestCart = Effect.fn("Cart.priceGuestCart")(function* (cart: Cart) {
  return yield* pricedCart(cart)
})

/** Whether a product may be added right now; a visitor's browser asks before adding to its local cart. */
export const checkCartItem = Effect.fn("Cart.checkCartItem")(function* (productId: string) {
  const block = yield* purchaseBlock(productId)
  if (block) return yield* new NotBuyable({ reason: block })
  const { lines } = yield* pricedCart([{ productId, quantity: 1 }])
  return lines[0]!
})

export const addToMyCart = Effect.fn("Cart.addToMyCart")(function* (productId: string) {
  const viewer = yield* signedIn
  const block = yield* purchaseBlock(productId)
  if (block) return yield* new NotBuyable({ reason: block })
  const store = yield* CartStore
  const before = yield* store.load(viewer.id)
  const adding = addLine(before, productId)
  if (adding.ok) yield* refuseBeyondLimit(before, adding.cart)
  const result = yield* store.update(viewer.id, (cart) => {
    const added = addLine(cart, productId)
    return added.ok ? { cart: added.cart } : { error: "duplicate" as const }
  })
  if ("error" in result) return yield* new ItemAlreadyInCart()
  return yield* pricedCart(result.cart)
})

export const setMyCartQuantity = Effect.fn("Cart.setMyCartQuantity")(function* (
  productId: string,
  quantity: unknown,
) {
  const viewer = yield* signedIn
  const store = yield* CartStore
  const before = yield* store.load(viewer.id)
  yield* refuseBeyondLimit(before, setQuantity(before, productId, quantity))
  const result = yield* store.update(viewer.id, (cart) => ({
    cart: setQuantity(cart, productId, quantity),
  }))
  return yield* pricedCart("cart" in result ? result.cart : [])
})

export const removeFromMyCart = Effect.fn("Cart.removeFromMyCart")(function* (productId: string) {
  const viewer = yield* signedIn
  const result = yield* (yield* CartStore).update(viewer.id, (cart) => ({
    cart: removeLine(cart, productId),
  }))
  return yield* pricedCart("cart" in result ? result.cart : [])
})

export const clearMyCart = Effect.fn("Cart.clearMyCart")(function* () {
  const viewer = yield* signedIn
  yield* (yield* CartStore).update(viewer.id, () => ({ cart: [] }))
  return yield* pricedCart([])
})

/**
 * At sign-in the visitor's cart joins the account's: no duplicates, quantities capped at 10 and at what the
 * collector may still buy of each limited edition, unbuyable lines dropped. Answers the cart and, for each line
 * the limit lowered or removed, what to tell the collector.
 */
export const mergeGuestCart = Effect.fn("Cart.mergeGuestCart")(function* (guest: Cart) {
  const viewer = yield* signedIn
  const { lines } = yield* pricedCart(guest)
  const buyable = new Set(lines.filter((l) => l.buyable).map((l) => l.productId))
  const joining = guest.filter((l) => buyable.has(l.productId))
  const store = yield* CartStore
  const outbox = yield* EventOutbox
  const stored = yield* store.load(viewer.id)
  const checks = yield* editionLimitChecks(mergeCarts(stored, joining))
  const rooms = new Map([...checks].map(([id, c]) => [id, c.room]))
  const { cart: merged, capped } = yield* (yield* UnitOfWork).atomically(
    Effect.gen(function* () {
      let capped: readonly CappedLine[] = []
      const result = yield* store.update(viewer.id, (cart) => {
        const within = capToRooms(mergeCarts(cart, joining), rooms)
        capped = within.capped
        return { cart: within.cart }
      })
      const cart = "cart" in result ? result.cart : []
      if (joining.length > 0)
        yield* outbox.record([
          domainEvent("CartMerged", viewer.id, { userId: viewer.id, cart, addedLines: joining.length }),
        ])
      return { cart, capped }
    }),
  )
  const names = new Map(lines.map((l) => [l.productId, l.name]))
  const cart = yield* pricedCart(merged)
  for (const l of cart.lines) names.set(l.productId, l.name)
  return {
    cart,
    notices: capped.map((c) => mergeCapNotice(names.get(c.productId) ?? "Uma peça", c.room)),
  }
})
