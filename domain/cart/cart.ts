import { type Cents, multiply, sum } from "../cents"
import type { EventOf } from "../events"
import { MAX_QUANTITY, MIN_QUANTITY, normalizeQuantity } from "./cartQuantity"

// A quantity's reading is in ./cartQuantity: the browser's shell reads stored guest carts with it, and the
// cart's changes and messages here load when the shopper first changes the cart.
export { MAX_QUANTITY, MIN_QUANTITY, normalizeQuantity } from "./cartQuantity"

export interface CartLine {
  readonly productId: string
  readonly quantity: number
}

export type Cart = readonly CartLine[]

/** A visitor's cart joined the account's at sign-in; `cart` is the account's cart afterwards. */
export type CartEvent = EventOf<
  "CartMerged",
  { readonly userId: string; readonly cart: Cart; readonly addedLines: number }
>

export const CART_MESSAGES = {
  added: {
    title: "Adicionado ao carrinho! 🛒",
    message: (name: string) => `${name} foi adicionado ao seu carrinho.`,
  },
  alreadyInCart: { title: "Item já no carrinho", message: "Este item já está no seu carrinho." },
  removed: "Item removido",
  cleared: "Carrinho limpo",
  quantity: "Quantidade atualizada",
  loginRequired: {
    title: "Login necessário",
    message: "Você precisa fazer login para finalizar a compra. Não se preocupe, seu carrinho será salvo!",
  },
  shippingRequired: {
    title: "Calcule o frete",
    message: "Por favor, digite seu CEP e calcule o frete antes de finalizar a compra.",
  },
  emptyTitle: "Carrinho Vazio",
} as const

export type AddLineResult =
  | { ok: true; cart: Cart }
  | { ok: false; error: (typeof CART_MESSAGES)["alreadyInCart"] }

/** Quantity is changed in the cart itself, so a second "add" is refused instead of silently bumping it. */
export function addLine(cart: Cart, productId: string): AddLineResult {
  if (cart.some((line) => line.productId === productId)) {
    return { ok: false, error: CART_MESSAGES.alreadyInCart }
  }
  return { ok: true, cart: [...cart, { productId, quantity: MIN_QUANTITY }] }
}

export function setQuantity(cart: Cart, productId: string, raw: unknown): Cart {
  if (!cart.some((line) => line.productId === productId)) return cart
  const quantity = normalizeQuantity(raw)
  if (quantity === "remove") return removeLine(cart, productId)
  return cart.map((line) => (line.productId === productId ? { productId, quantity } : line))
}

export function removeLine(cart: Cart, productId: string): Cart {
  return cart.filter((line) => line.productId !== productId)
}

export function clearCart(): Cart {
  return []
}

/**
 * Sign-in merge: the server cart keeps its order and guest lines follow. Both sides go through
 * normalizeQuantity because a guest cart comes from the browser and cannot be trusted.
 */
export function mergeCarts(server: Cart, guest: Cart): Cart {
  const merged = new Map<string, number>()
  for (const line of [...server, ...guest]) {
    const quantity = normalizeQuantity(line.quantity)
    if (quantity === "remove") continue
    const current = merged.get(line.productId) ?? 0
    merged.set(line.productId, Math.min(current + quantity, MAX_QUANTITY))
  }
  // A Map iterates in first-insertion order, which is exactly "server first, then new guest lines".
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }))
}

/** A line a merge lowered to what the collector may still buy of its edition (0: it left the cart). */
export interface CappedLine {
  readonly productId: string
  readonly asked: number
  readonly room: number
}

/**
 * The cart within what the collector may still buy of each limited edition (`rooms`, by product): a line above
 * its room is lowered to it, a line with no room left goes. Products without a room entry are not limited.
 */
export function capToRooms(
  cart: Cart,
  rooms: ReadonlyMap<string, number>,
): { cart: Cart; capped: CappedLine[] } {
  const capped: CappedLine[] = []
  const kept = cart.flatMap((line) => {
    const room = rooms.get(line.productId)
    if (room === undefined || line.quantity <= room) return [line]
    capped.push({ productId: line.productId, asked: line.quantity, room })
    return room > 0 ? [{ ...line, quantity: room }] : []
  })
  return { cart: kept, capped }
}

export interface PricedLine {
  readonly productId: string
  readonly quantity: number
  readonly unitPrice: Cents
  readonly originalPrice: Cents
  readonly buyable: boolean
  readonly reason?: string
}

export interface CartTotals {
  /** Distinct buyable lines. */
  items: number
  /** Sum of the quantities of buyable lines. */
  totalItems: number
  subtotal: Cents
  savings: Cents
}

/** Lines that can no longer be bought (e.g. an edition that left sale) stay visible but never count. */
export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  const buyable = lines.filter((line) => line.buyable)
  return {
    items: buyable.length,
    totalItems: buyable.reduce((acc, line) => acc + line.quantity, 0),
    subtotal: sum(buyable.map((line) => multiply(line.unitPrice, line.quantity))),
    // A price above the "original" is not a negative saving: it just shows no saving.
    savings: sum(
      buyable.map((line) => multiply(Math.max(0, line.originalPrice - line.unitPrice), line.quantity)),
    ),
  }
}

export type CheckoutGate = { ok: true } | { ok: false; reason: "empty" | "login" | "shipping" }

/** Order matters: the shopper sees the most basic blocker first (an empty cart needs no login prompt). */
export function checkoutGate(state: {
  signedIn: boolean
  shippingChosen: boolean
  lines: number
}): CheckoutGate {
  if (state.lines <= 0) return { ok: false, reason: "empty" }
  if (!state.signedIn) return { ok: false, reason: "login" }
  if (!state.shippingChosen) return { ok: false, reason: "shipping" }
  return { ok: true }
}
