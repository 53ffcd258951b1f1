import { Context, type Effect } from "effect"
import type { Cart } from "../../domain/cart/cart"

export type CartChange<E> = { readonly cart: Cart } | { readonly error: E }

/** The signed-in customer's cart. */
export class CartStore extends Context.Service<
  CartStore,
  {
    load(userId: string): Effect.Effect<Cart>
    /**
     * Applies a pure change to the stored cart atomically (the customer's cart is locked meanwhile), so two
     * tabs adding at once never lose a line; an error leaves the cart as it was.
     */
    update<E>(userId: string, change: (cart: Cart) => CartChange<E>): Effect.Effect<CartChange<E>>
    /** Takes these products out of the cart (bought), under the same lock as `update`. */
    remove(userId: string, productIds: readonly string[]): Effect.Effect<void>
    /** The code of the coupon applied to the cart, or null; the checkout checks its rules each time it prices. */
    coupon(userId: string): Effect.Effect<string | null>
    /** Applies a code (replacing the cart's), or takes the cart's off (null: removed, or used by an order). */
    setCoupon(userId: string, code: string | null): Effect.Effect<void>
    /** Takes this code off the cart (refused when checked again); a different code applied meanwhile stays. */
    dropCoupon(userId: string, code: string): Effect.Effect<void>
  }
>()("store/application/CartStore") {}
