import { Context, type Effect } from "effect"
import type { Cart } from "../../domain/cart"

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
  }
>()("store/application/CartStore") {}
