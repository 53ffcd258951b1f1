import type { StorefrontPrice } from "../../domain/pricing/cardInstallments"
import { formatBRL } from "../lib/format"

/**
 * Under the cart's total: the products by card in interest-free instalments, and the total by PIX (its
 * discount is on the products only, so the shipping is added back as it is).
 */
export function CartPaymentTerms({ prices, shipping }: { prices: StorefrontPrice; shipping: number }) {
  return (
    <div className="mt-2 text-right text-sm" data-testid="cart-payment-terms">
      {prices.installments && <p className="text-xs text-muted">Produtos {prices.installments}</p>}
      {prices.pixCents !== null && (
        <p className="font-semibold text-emerald-700 dark:text-emerald-400">
          ou {formatBRL(prices.pixCents + shipping)} no PIX ({prices.pixDiscount})
        </p>
      )}
    </div>
  )
}
