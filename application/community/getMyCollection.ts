import { Effect } from "effect"
import { disclosedFace } from "../../domain/catalog/characterDisclosure"
import { shownPurchase } from "../../domain/catalog/purchase"
import { characterCard } from "../../domain/catalog/showcase"
import { isBadgeCode, OVERVIEW_ACHIEVEMENTS } from "../../domain/community/achievements"
import { monthlyActivity, type OwnedCharacter } from "../../domain/community/myCollection"
import {
  COLLECTION_ACHIEVEMENTS,
  type CollectionProgress,
  completionMessage,
  isComplete,
  percentOf,
} from "../../domain/community/progress"
import { CatalogRepository } from "../ports/CatalogRepository"
import { Clock } from "../ports/Clock"
import { Entitlements } from "../ports/Entitlements"
import { ShelfStore } from "../ports/ShelfStore"
import { requireCustomer } from "../viewer"
import { saoPauloIsoDay } from "./shelfViews"

/**
 * 'Minha Coleção' in /perfil: what the collector holds, how far each collection is (owned over its characters),
 * the collection achievements with their dates, spend and pieces per month, and the characters still missing with
 * the price and buying rule this collector gets (a subscriber of the collection may buy released editions).
 */
export const getMyCollection = Effect.fn("Community.getMyCollection")(function* () {
  const actor = yield* requireCustomer
  const store = yield* ShelfStore
  const catalog = yield* CatalogRepository
  const now = yield* (yield* Clock).now()
  const [pieces, unlocked, subscribed, categoryPrices] = yield* Effect.all([
    store.pieces(actor.id),
    store.achievements(actor.id),
    (yield* Entitlements).subscribedCollections(actor.id, now),
    catalog.categoryPrices(),
  ])
  const collectionIds = [...new Set([...pieces.map((p) => p.collectionId), ...subscribed])]
  const [charactersByCollection, collectionsById] = yield* Effect.all([
    catalog.listCharactersOfCollections(collectionIds),
    catalog.listActiveCollections().pipe(Effect.map((list) => new Map(list.map((c) => [c.id, c] as const)))),
  ])
  const ownedIds = new Set(pieces.map((p) => p.productId))
  const unlockedAt = new Map(unlocked.map((a) => [`${a.code}:${a.scope}`, a.unlockedAt]))

  const collections = collectionIds.flatMap((id) => {
    const collection = collectionsById.get(id)
    if (!collection) return []
    const characters = charactersByCollection.get(id) ?? []
    const progress: CollectionProgress = {
      owned: characters.filter((c) => ownedIds.has(c.id)).length,
      total: characters.length,
    }
    const ctx = { now, isSubscriber: subscribed.has(id), categoryPrices }
    const missing = characters
      .filter((c) => !ownedIds.has(c.id))
      .map((c) => {
        const card = characterCard(c, collection, ctx)
        const purchase = shownPurchase(card)
        return {
          id: card.id,
          name: card.name,
          imageUrl: card.imageUrl,
          rarity: card.rarity,
          price: card.price,
          canBuy: purchase.canBuy,
          reason: purchase.reason ?? null,
        }
      })
    return [
      {
        id,
        slug: collection.slug,
        name: collection.name,
        isSubscriber: subscribed.has(id),
        ...progress,
        percent: isComplete(progress) ? 100 : percentOf(progress),
        complete: isComplete(progress),
        message: completionMessage(progress),
        missing,
        achievements: COLLECTION_ACHIEVEMENTS.map((a) => ({
          code: a.code,
          name: a.name,
          description: a.description,
          unlockedAt: unlockedAt.get(`${a.code}:${id}`) ?? null,
        })),
      },
    ]
  })

  const characters: OwnedCharacter[] = pieces.map((piece) => {
    const p = disclosedFace(piece, piece.reveal, now)
    return {
      pieceId: p.id,
      productId: p.productId,
      name: p.name,
      imageUrl: p.imageUrl,
      rarity: p.rarity,
      collectionId: p.collectionId,
      collectionName: p.collectionName,
      priceCents: p.priceCents,
      acquiredAt: p.acquiredAt,
    }
  })
  const completed = collections.filter((c) => c.complete).length
  return {
    overview: {
      pieces: pieces.length,
      collections: collections.filter((c) => c.owned > 0).length,
      completed,
      achievements: unlocked.filter((a) => !isBadgeCode(a.code)).length,
      spentCents: pieces.reduce((sum, p) => sum + p.priceCents, 0),
      // The overview achievements as refreshCollector unlocked them: the same names and count on every page.
      highlights: OVERVIEW_ACHIEVEMENTS.map((a) => ({
        code: a.code,
        name: a.name,
        description: a.description,
        unlocked: unlocked.some((u) => u.code === a.code),
      })),
    },
    characters,
    collections,
    analytics: monthlyActivity(
      pieces.map((p) => ({ month: saoPauloIsoDay(p.acquiredAt).slice(0, 7), priceCents: p.priceCents })),
      saoPauloIsoDay(now).slice(0, 7),
    ),
  }
})

export type MyCollectionView = Effect.Success<ReturnType<typeof getMyCollection>>
