import type { StorefrontPrice } from "../../domain/pricing/cardInstallments"

/**
 * A price the Brazilian way, as the server wrote it: by card (with its interest-free instalments) and by PIX.
 * One line each, so a screen reader reads them as sentences; `large` for a product page.
 */
export function PriceLines({ prices, large }: { prices: StorefrontPrice; large?: boolean }) {
  return (
    <div className={large ? "" : "text-right"} data-testid="price-lines">
      <p className={large ? "text-3xl font-bold" : "font-semibold"}>{prices.cardPrice}</p>
      {prices.installments && (
        <p className={large ? "text-sm text-muted" : "text-xs text-muted"}>{prices.installments}</p>
      )}
      {prices.pix && (
        <p
          className={`font-semibold text-emerald-800 dark:text-emerald-400 ${large ? "text-lg" : "text-sm"}`}
        >
          {prices.pix}
          {large && <span className="text-sm font-normal"> ({prices.pixDiscount})</span>}
        </p>
      )}
    </div>
  )
}
