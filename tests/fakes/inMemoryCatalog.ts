import { Effect, Layer } from "effect"
import { CatalogRepository } from "../../application/ports/CatalogRepository"
import { Clock } from "../../application/ports/Clock"
import { InstallmentLimit } from "../../application/ports/InstallmentLimit"
import { StoreSettings, type StoreSettingsValues } from "../../application/ports/StoreSettings"
import type { Character, Collection } from "../../domain/catalog/catalog"
import { DEFAULT_CONVENTIONS } from "../../domain/storeConventions"

/** The catalogue port over plain arrays, with the same ordering and visibility rules as the Postgres adapter. */
export function inMemoryCatalog(
  collections: Collection[],
  characters: Character[],
  prices = new Map<string, number>(),
) {
  const active = () =>
    collections
      .filter((c) => c.isActive)
      .sort(
        (a, b) =>
          Number(b.isFeatured) - Number(a.isFeatured) ||
          a.displayOrder - b.displayOrder ||
          a.name.localeCompare(b.name),
      )
  const activeIds = () => new Set(active().map((c) => c.id))
  const ofCollection = (id: string) =>
    activeIds().has(id)
      ? characters.filter((c) => c.collectionId === id).sort((a, b) => a.displayOrder - b.displayOrder)
      : []
  return Layer.succeed(
    CatalogRepository,
    CatalogRepository.of({
      listActiveCollections: () => Effect.succeed(active()),
      findCollection: (key) => Effect.succeed(active().find((c) => c.id === key || c.slug === key) ?? null),
      listCharacters: (id) => Effect.succeed(ofCollection(id)),
      listCharactersOfCollections: (ids) => Effect.succeed(new Map(ids.map((id) => [id, ofCollection(id)]))),
      findCharacter: (id) => {
        const character = characters.find((c) => c.id === id)
        const collection = character && active().find((c) => c.id === character.collectionId)
        return Effect.succeed(character && collection ? { character, collection } : null)
      },
      findCharacters: (ids) =>
        Effect.succeed(
          new Map(
            ids.flatMap((id) => {
              const character = characters.find((c) => c.id === id)
              const collection = character && active().find((c) => c.id === character.collectionId)
              return character && collection ? [[id, { character, collection }] as const] : []
            }),
          ),
        ),
      listEditionCharacters: (edition) =>
        Effect.succeed(
          active().flatMap((collection) =>
            ofCollection(collection.id)
              .filter((c) => c.edition.year === edition.year && c.edition.month === edition.month)
              .map((character) => ({ character, collection })),
          ),
        ),
      categoryPrices: () => Effect.succeed(prices),
    }),
  )
}

export const fixedClock = (epochMs: number) =>
  Layer.succeed(Clock, Clock.of({ now: () => Effect.succeed(epochMs) }))

/** The gateway's interest-free limit as the storefront reads it: null (not told), or a number. */
export const installmentLimitLayer = (freeUpTo: number | null = null) =>
  Layer.succeed(InstallmentLimit, InstallmentLimit.of({ interestFreeUpTo: () => Effect.succeed(freeUpTo) }))

/** The store's settings (and, with them, the gateway's interest-free limit the storefront reads). */
export const settingsLayer = (
  over: Partial<StoreSettingsValues> = {},
  gatewayFreeUpTo: number | null = null,
) => Layer.merge(installmentLimitLayer(gatewayFreeUpTo), storeSettingsLayer(over))

const storeSettingsLayer = (over: Partial<StoreSettingsValues>) =>
  Layer.succeed(
    StoreSettings,
    StoreSettings.of({
      get: () =>
        Effect.succeed({
          supportEmail: "contato@example.com",
          supportHours: "Segunda a sexta, das 9h às 18h",
          whatsappNumber: "5511999990000",
          shippingOriginCep: "01001000",
          plansHiddenNames: [],
          conventions: DEFAULT_CONVENTIONS,
          ...over,
        }),
    }),
  )
