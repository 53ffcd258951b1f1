import { Check, ShoppingCart } from "lucide-react"
import { useCart } from "../lib/cart"

/** Adds a character to the cart; reads "No Carrinho" (disabled) once it is there. */
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
  return (
    <button
      type="button"
      className={`btn btn-primary ${className}`}
      disabled={inCart || cart.add.isPending}
      onClick={() => cart.add.mutate({ productId, name })}
    >
      {inCart ? <Check aria-hidden className="h-4 w-4" /> : <ShoppingCart aria-hidden className="h-4 w-4" />}
      {inCart ? "No Carrinho" : label}
    </button>
  )
}
