import type { Cents } from "../money"
import type { Parcel } from "../shipping/parcel"
import type { Rarity } from "./rarity"

export interface YearMonth {
  readonly year: number
  readonly month: number
}

export interface CharacterStats {
  readonly strength: number
  readonly speed: number
  readonly intelligence: number
  readonly durability: number
}

/** A themed collection as stored; its price fields are raw because the price rule lives in pricing.ts. */
export interface Collection {
  readonly id: string
  readonly slug: string
  readonly name: string
  readonly theme: string
  readonly description: string
  readonly tagline: string
  readonly price: Cents | null
  readonly finalPrice: Cents | null
  readonly pricePerBox: Cents | null
  readonly isActive: boolean
  readonly isFeatured: boolean
  readonly edition: YearMonth
  readonly imageUrl: string
  readonly displayOrder: number
}

/** One character of a collection, scheduled for one edition month. */
export interface Character {
  readonly id: string
  readonly collectionId: string
  readonly slug: string
  readonly name: string
  readonly description: string
  readonly imageUrl: string
  readonly mysteryImageUrl: string
  readonly edition: YearMonth
  readonly displayOrder: number
  readonly rarity: Rarity
  readonly universe: string
  readonly stats: CharacterStats
  readonly abilities: readonly string[]
  readonly hints: readonly string[]
  readonly teaserAt: number
  readonly previewAt: number
  readonly revealAt: number
  readonly price: Cents | null
  readonly scale: string
  readonly details: string
  /** The figure's box as shipped: what the shipping quote prices. */
  readonly parcel: Parcel
  /**
   * No unit of its numbered edition is left for the public now: all sold, held by pending orders or held for
   * a waitlist offer. Always false for a made-to-order figure.
   */
  readonly soldOut: boolean
}
