import { Effect, Layer } from "effect"
import { CatalogRepository } from "../../application/ports/CatalogRepository"
import { readCache } from "../cache/readCache"
import { CatalogVersion } from "./CatalogVersion"

type Service = CatalogRepository["Service"]

/**
 * Keeps catalogue reads in memory for a few seconds. The catalogue changes a few times a month while every
 * page reads it, so this takes the database off the hot path; what depends on the clock (phases, prices
 * shown, countdowns) is still computed per request from the cached rows. Concurrent misses share one query.
 * A catalogue change (a new `version()`) drops everything at once; a read begun before it is not kept after it.
 */
export function cachedCatalog(
  inner: Service,
  ttlMs: number,
  now: () => number = Date.now,
  version: () => number = () => 0,
): Service {
  const cached = readCache(ttlMs, now, version)
  return {
    listActiveCollections: cached("listActiveCollections", inner.listActiveCollections),
    findCollection: cached("findCollection", inner.findCollection),
    listCharacters: cached("listCharacters", inner.listCharacters),
    listCharactersOfCollections: cached("listCharactersOfCollections", inner.listCharactersOfCollections),
    findCharacter: cached("findCharacter", inner.findCharacter),
    findCharacters: cached("findCharacters", (ids: readonly string[]) =>
      inner.findCharacters([...ids].sort()),
    ),
    listEditionCharacters: cached("listEditionCharacters", inner.listEditionCharacters),
    categoryPrices: cached("categoryPrices", inner.categoryPrices),
  }
}

/** Decorates the catalogue layer it is provided with; emptied whenever the catalogue version moves. */
export const CachedCatalogLayer = (ttlMs: number) =>
  Layer.effect(
    CatalogRepository,
    Effect.gen(function* () {
      const version = yield* CatalogVersion
      return CatalogRepository.of(cachedCatalog(yield* CatalogRepository, ttlMs, Date.now, version.current))
    }),
  )
