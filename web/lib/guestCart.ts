import { useSyncExternalStore } from "react"
import type { Cart } from "../../domain/cart/cart"
import { normalizeQuantity } from "../../domain/cart/cartQuantity"

/** Storage key of the spec (000 §3): a visitor's cart survives reloads and the trip to login. */
export const CART_KEY = "cartItems"

const EMPTY: Cart = []
let cached: { raw: string | null; cart: Cart } = { raw: null, cart: EMPTY }
const listeners = new Set<() => void>()

/** The stored cart as it is now (for changes, which must start from storage, not from a render). */
export function readGuestCart(): Cart {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(CART_KEY)
  } catch {
    return EMPTY
  }
  if (raw === cached.raw) return cached.cart
  let cart: Cart = EMPTY
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    if (Array.isArray(parsed)) {
      cart = parsed.flatMap((item) => {
        const id =
          (item as { id?: unknown; productId?: unknown })?.id ?? (item as { productId?: unknown })?.productId
        const quantity = normalizeQuantity((item as { quantity?: unknown })?.quantity)
        return typeof id === "string" && quantity !== "remove" ? [{ productId: id, quantity }] : []
      })
    }
  } catch {
    // A corrupt entry is dropped rather than breaking every page.
  }
  cached = { raw, cart }
  return cart
}

export function writeGuestCart(cart: Cart) {
  try {
    localStorage.setItem(
      CART_KEY,
      JSON.stringify(cart.map((l) => ({ id: l.productId, quantity: l.quantity }))),
    )
  } catch {
    // Storage full or disabled: the cart lives for this page only.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (e: StorageEvent) => e.key === CART_KEY && listener()
  window.addEventListener("storage", onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener("storage", onStorage)
  }
}

/**
 * The visitor's cart, or null while it cannot be known: the server has no access to it, so the server render
 * and the hydrating render both show a neutral state (no count, "Carregando carrinho...") and the stored
 * cart fills in right after. Saying "empty" there would be a claim the server cannot make.
 */
export function useGuestCart(): Cart | null {
  return useSyncExternalStore<Cart | null>(subscribe, readGuestCart, () => null)
}
