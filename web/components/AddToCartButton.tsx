import { Check, CheckCircle2, ShoppingCart } from "lucide-react"
import { HELD_REASON, SOLD_OUT_REASON } from "../../domain/catalog/purchase"
import { useCart } from "../lib/cart"

/**
 * Adds a character to the cart; reads "No Carrinho" once it is there. It is aria-disabled, not disabled:
 * a disabled button drops the keyboard focus to the top of the page right after Enter adds the item.
 */
export function AddToCartButton({
  productId,
  name,
  label = "Adicionar ao carrinho",
  className = "",
}: {
  productId: string
  name: string
  label?: string
  className?: string
}) {
  const cart = useCart()
  const inCart = cart.has(productId)
  const unavailable = inCart || cart.add.isPending
  return (
    <button
      type="button"
      className={`btn btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${className}`}
      aria-disabled={unavailable || undefined}
      onClick={() => {
        if (!unavailable) cart.add.mutate({ productId, name })
      }}
    >
      {inCart ? <Check aria-hidden className="h-4 w-4" /> : <ShoppingCart aria-hidden className="h-4 w-4" />}
      {inCart ? "No Carrinho" : label}
    </button>
  )
}

/** In place of the buy button when no unit of the edition is left (the product page offers its waitlist). */
export function SoldOutButton({ className = "" }: { className?: string }) {
  return (
    <button type="button" disabled className={`btn btn-ghost opacity-70 ${className}`}>
      {SOLD_OUT_REASON}
    </button>
  )
}

/** Where the buy button was, for a collector who already holds the edition up to their limit. */
export function HeldNote({ className = "" }: { className?: string }) {
  return (
    <p role="status" className={`btn btn-ghost cursor-default ${className}`}>
      <CheckCircle2 aria-hidden className="h-4 w-4 text-emerald-600 dark:text-emerald-400" />
      {HELD_REASON}
    </p>
  )
}
