import { priceDisplay } from "../../../../domain/pricing/priceTerms"
import { conventionErrors, type StoreConventions } from "../../../../domain/storeConventions"

/** The piece the settings page prices with the terms typed. */
const SAMPLE_CENTS = 29_990

/**
 * What a R$ 299,90 piece will say on the storefront with the terms typed, before they are saved: its
 * instalments and PIX lines, or that it shows the price alone when there is neither (as PriceLines does).
 */
export function pricePreview(conventions: StoreConventions): string {
  if (Object.keys(conventionErrors(conventions)).length > 0)
    return "Corrija os valores para ver como os preços aparecem na vitrine."
  const shown = priceDisplay(SAMPLE_CENTS, conventions.priceTerms)
  const lines = [shown.installments, shown.pix].filter(Boolean)
  return lines.length > 0
    ? `Na vitrine, ${shown.cardPrice} aparece assim: ${lines.join(" · ")}.`
    : `Na vitrine, ${shown.cardPrice} aparece só com o preço, sem parcelas nem PIX.`
}
