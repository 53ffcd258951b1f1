import { describe, expect, it } from "vitest"
import { charactersFixture, collectionFixture } from "../../tests/fakes/catalogFixtures"
import { saoPauloInstant } from "../calendar"
import { characterDetail } from "../catalog/showcase"
import { decimalPrice, productJsonLd } from "./productJsonLd"

const NOW = saoPauloInstant({ year: 2026, month: 11, day: 20 }, 10)
const anime = collectionFixture({ slug: "anime", theme: "anime", name: "Anime" })
const characters = charactersFixture(anime, { year: 2026, month: 10 })
const site = { name: "Legendarium", publicUrl: "https://loja.example" }
const detail = (i: number) => characterDetail(characters[i]!, anime, { now: NOW, isSubscriber: false })

describe("productJsonLd", () => {
  it("describes the product and its offer in BRL, the price a decimal with a point", () => {
    const november = detail(1)
    const data = JSON.parse(productJsonLd(november, site, "Uma figura."))
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: november.name,
      description: "Uma figura.",
      sku: november.id,
      brand: { "@type": "Brand", name: "Legendarium" },
      offers: {
        "@type": "Offer",
        price: decimalPrice(november.price),
        priceCurrency: "BRL",
        availability: "https://schema.org/InStock",
        url: `https://loja.example/character/${november.id}`,
        seller: { "@type": "Organization", name: "Legendarium" },
      },
    })
    expect(data.image).toMatch(/^https?:\/\//)
  })

  it("says what the page says: pre-order before its month, sold out (to subscribers only) after", () => {
    const availability = (i: number) => JSON.parse(productJsonLd(detail(i), site, "")).offers.availability
    expect([availability(0), availability(1), availability(2)]).toEqual([
      "https://schema.org/SoldOut",
      "https://schema.org/InStock",
      "https://schema.org/PreOrder",
    ])
  })

  it("says sold out when no unit of the numbered edition is left, and only once it is on sale", () => {
    const soldOut = (i: number) => {
      const character = { ...characters[i]!, soldOut: true }
      const page = characterDetail(character, anime, { now: NOW, isSubscriber: false })
      return JSON.parse(productJsonLd(page, site, "")).offers.availability
    }
    expect([soldOut(1), soldOut(2)]).toEqual(["https://schema.org/SoldOut", "https://schema.org/PreOrder"])
  })

  it("escapes '<' so a description cannot close the script", () => {
    const text = productJsonLd(detail(1), site, "</script><script>alert(1)</script>")
    expect(text).not.toContain("<")
    expect(JSON.parse(text).description).toBe("</script><script>alert(1)</script>")
  })

  it.each([
    [29990, "299.90"],
    [5, "0.05"],
    [100000, "1000.00"],
  ])("writes %i centavos as %s", (cents, text) => {
    expect(decimalPrice(cents)).toBe(text)
  })
})
