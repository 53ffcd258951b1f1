import { addMonths } from "../../domain/calendar"
import type { Character, Collection, YearMonth } from "../../domain/catalog/catalog"
import { DEFAULT_PARCEL } from "../../domain/shipping/parcel"
import { editionDates } from "../../domain/shipping/schedule"

let seq = 0
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`

export function collectionFixture(over: Partial<Collection> = {}): Collection {
  return {
    id: uuid(),
    slug: `colecao-${seq}`,
    name: `Coleção ${seq}`,
    theme: "anime",
    description: "Uma coleção de teste com personagens mensais.",
    tagline: "Teste",
    price: null,
    finalPrice: null,
    pricePerBox: null,
    isActive: true,
    isFeatured: false,
    edition: { year: 2026, month: 1 },
    imageUrl: "/media/cover.svg",
    displayOrder: seq,
    ...over,
  }
}

/** Twelve characters, one per month starting at `first`, revealed on day 15 like the real schedule. */
export function charactersFixture(collection: Collection, first: YearMonth, count = 12): Character[] {
  return Array.from({ length: count }, (_, i) => {
    const edition = addMonths(first, i)
    return {
      id: uuid(),
      collectionId: collection.id,
      slug: `personagem-${i + 1}`,
      name: `Personagem ${i + 1}`,
      description: `Descrição completa do personagem ${i + 1}.`,
      imageUrl: `/media/p${i + 1}.svg`,
      mysteryImageUrl: `/media/mystery-${collection.slug}.svg`,
      edition,
      displayOrder: i + 1,
      rarity: i === 0 ? "legendary" : "common",
      universe: "Universo de teste",
      stats: { strength: 90, speed: 70, intelligence: 50, durability: 30 },
      abilities: ["Golpe"],
      hints: ["pista 1", "pista 2", "pista 3", "pista 4", "pista 5"],
      ...editionDates(edition),
      price: null,
      scale: "1/6",
      details: "Resina",
      parcel: DEFAULT_PARCEL,
      soldOut: false,
    }
  })
}
