import type { CollectionDraft, ProductDraft } from "../../domain/catalogAdmin"

/** A collection form as an administrator fills it in, valid by the shared rules. */
export const collectionDraft = (over: Partial<CollectionDraft> = {}): CollectionDraft => ({
  name: "Lendas do Anime",
  theme: "anime",
  description: "Os heróis mais amados dos animes.",
  tagline: "",
  price: 29990,
  startDate: "2026-01-01",
  endDate: "2026-12-31",
  isActive: false,
  isFeatured: false,
  imageUrl: null,
  ...over,
})

/** A product form of `collectionId`, valid by the shared rules. */
export const productDraft = (collectionId: string, over: Partial<ProductDraft> = {}): ProductDraft => ({
  collectionId,
  name: "Guerreiro",
  description: "Um guerreiro lendário.",
  imageUrl: "/media/upload-abc.jpeg",
  displayMonth: 1,
  editionYear: 2026,
  rarity: "epic",
  universe: "",
  hints: [],
  stats: { strength: 10, speed: 20, intelligence: 30, durability: 40 },
  weightGrams: 900,
  dimensions: { length: 20, width: 15, height: 10 },
  editionSize: null,
  collectorLimit: null,
  teaserAt: 1_000,
  previewAt: 2_000,
  revealAt: 3_000,
  scale: "1/6",
  details: "",
  isActive: true,
  ...over,
})
