import type { CharacterDetail } from "../catalog/showcase"

const SCHEMA = "https://schema.org/"

/** What the page says of buying it: for sale now, coming (pre-order), or no longer sold on its own or sold out. */
export function offerAvailability(character: Pick<CharacterDetail, "status" | "soldOut">): string {
  if (character.soldOut) return `${SCHEMA}SoldOut`
  switch (character.status) {
    case "current":
      return `${SCHEMA}InStock`
    case "upcoming":
      return `${SCHEMA}PreOrder`
    case "released":
      return `${SCHEMA}SoldOut`
  }
}

/** "299.90": schema.org wants a decimal with a point, not the shopper's "299,90". */
export const decimalPrice = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`

const absolute = (url: string, base: string) => new URL(url, base).href

/**
 * The product page's schema.org `Product` with its `Offer`, as the script's text: `<` escaped, so nothing
 * in a name or description can close the script element.
 */
export function productJsonLd(
  character: CharacterDetail,
  site: { readonly name: string; readonly publicUrl: string },
  description: string,
): string {
  const url = absolute(`/character/${character.id}`, site.publicUrl)
  const data = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: character.name,
    image: absolute(character.imageUrl, site.publicUrl),
    description,
    sku: character.id,
    productID: character.id,
    brand: { "@type": "Brand", name: site.name },
    offers: {
      "@type": "Offer",
      price: decimalPrice(character.price),
      priceCurrency: "BRL",
      availability: offerAvailability(character),
      url,
      seller: { "@type": "Organization", name: site.name, url: absolute("/", site.publicUrl) },
    },
  }
  return JSON.stringify(data).replace(/</g, "\\u003c")
}
