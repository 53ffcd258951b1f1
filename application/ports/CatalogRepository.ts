import { Context, type Effect } from "effect"
import type { Character, Collection, YearMonth } from "../../domain/catalog/catalog"
import type { Cents } from "../../domain/money"

/** Read side of the catalogue. Infrastructure failures are defects; "not found" is a null. */
export class CatalogRepository extends Context.Service<
  CatalogRepository,
  {
    /** Active collections, featured first, then by display order. */
    listActiveCollections(): Effect.Effect<readonly Collection[]>
    /** An active collection by id or slug. */
    findCollection(idOrSlug: string): Effect.Effect<Collection | null>
    /** Active characters of a collection in display order. */
    listCharacters(collectionId: string): Effect.Effect<readonly Character[]>
    /** Active characters of every active collection, keyed by collection id, in display order. */
    listCharactersOfCollections(
      collectionIds: readonly string[],
    ): Effect.Effect<ReadonlyMap<string, readonly Character[]>>
    /** An active character (of an active collection) by id, with its collection. */
    findCharacter(id: string): Effect.Effect<{ character: Character; collection: Collection } | null>
    /** Active characters by id (unknown or inactive ids are simply absent), with their collections. */
    findCharacters(
      ids: readonly string[],
    ): Effect.Effect<ReadonlyMap<string, { character: Character; collection: Collection }>>
    /** Active characters scheduled for one edition month, across active collections. */
    listEditionCharacters(
      edition: YearMonth,
    ): Effect.Effect<readonly { character: Character; collection: Collection }[]>
    /** Category prices in force, by theme key. */
    categoryPrices(): Effect.Effect<ReadonlyMap<string, Cents>>
  }
>()("store/application/CatalogRepository") {}
