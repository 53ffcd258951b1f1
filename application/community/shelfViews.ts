import { toSaoPauloCivil } from "../../domain/calendar"
import { disclosedFace } from "../../domain/catalog/characterDisclosure"
import {
  ITEM_ORIGIN_LABEL,
  PIECE_CONDITION_LABELS,
  PIECE_ORIGIN_LABELS,
  SHELF_CONDITION_LABELS,
  type ShelfEntry,
} from "../../domain/community/shelf"
import type { ShelfItem, StorePiece } from "../ports/ShelfStore"

/** "YYYY-MM-DD" of an instant in São Paulo. */
export const saoPauloIsoDay = (epochMs: number): string => {
  const { year, month, day } = toSaoPauloCivil(epochMs)
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

/** The store's pieces sit on the shelf as the store's own company, valued at what was paid. */
export const STORE_COMPANY = "Legendarium"

/** A held piece as anyone (its owner too) may see it now: an unrevealed character stays a mystery. */
export const pieceEntry = (piece: StorePiece, now: number): ShelfEntry => {
  const p = disclosedFace(piece, piece.reveal, now)
  return {
    kind: "piece",
    id: p.id,
    name: p.name,
    company: STORE_COMPANY,
    collection: p.collectionName,
    category: "Figura premium",
    description: "",
    rarity: p.rarity,
    condition: p.condition,
    conditionLabel: PIECE_CONDITION_LABELS[p.condition],
    companyStatus: "ativa",
    valueCents: p.priceCents,
    origin: PIECE_ORIGIN_LABELS[p.source],
    imageUrl: p.imageUrl,
    acquiredOn: saoPauloIsoDay(p.acquiredAt),
    notes: p.notes,
    isForTrade: p.isForTrade,
    productId: p.productId,
  }
}

export const itemEntry = (i: ShelfItem): ShelfEntry => ({
  kind: "item",
  id: i.id,
  name: i.name,
  company: i.company,
  collection: i.collection,
  category: i.category,
  description: i.description,
  rarity: i.rarity,
  condition: i.condition,
  conditionLabel: SHELF_CONDITION_LABELS[i.condition],
  companyStatus: i.companyStatus,
  valueCents: i.estimatedValueCents,
  origin: ITEM_ORIGIN_LABEL,
  imageUrl: i.imageUrl,
  acquiredOn: i.acquiredOn,
  notes: i.notes,
  isForTrade: false,
  productId: null,
})
