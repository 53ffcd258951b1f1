import { Effect, Layer } from "effect"
import { CatalogRepository } from "../../application/ports/CatalogRepository"
import { Db, query } from "../db/DatabaseService"
import { toCharacter, toCollection } from "./rows"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const PostgresCatalogLayer = Layer.effect(
  CatalogRepository,
  Effect.gen(function* () {
    const { db } = yield* Db

    const activeCollections = () =>
      db
        .selectFrom("legendarium_collections")
        .selectAll()
        .where("is_active", "=", true)
        .orderBy("is_featured", "desc")
        .orderBy("display_order")
        .orderBy("name")

    // Joined to the collection so a character of an inactive collection is never shown.
    const activeProducts = () =>
      db
        .selectFrom("collection_products as p")
        .innerJoin("legendarium_collections as c", "c.id", "p.collection_id")
        .selectAll("p")
        .select("c.slug as collection_slug")
        .where("p.is_active", "=", true)
        .where("c.is_active", "=", true)

    return CatalogRepository.of({
      listActiveCollections: () =>
        query(() => activeCollections().execute()).pipe(Effect.map((rows) => rows.map(toCollection))),

      findCollection: (idOrSlug) =>
        query(() =>
          db
            .selectFrom("legendarium_collections")
            .selectAll()
            .where("is_active", "=", true)
            .where(UUID.test(idOrSlug) ? "id" : "slug", "=", idOrSlug)
            .executeTakeFirst(),
        ).pipe(Effect.map((row) => (row ? toCollection(row) : null))),

      listCharacters: (collectionId) =>
        UUID.test(collectionId)
          ? query(() =>
              activeProducts()
                .where("p.collection_id", "=", collectionId)
                .orderBy("p.display_order")
                .execute(),
            ).pipe(Effect.map((rows) => rows.map((r) => toCharacter(r, r.collection_slug))))
          : Effect.succeed([]),

      listCharactersOfCollections: (ids) => {
        const valid = ids.filter((id) => UUID.test(id))
        if (valid.length === 0) return Effect.succeed(new Map())
        return query(() =>
          activeProducts()
            .where("p.collection_id", "in", valid)
            .orderBy("p.collection_id")
            .orderBy("p.display_order")
            .execute(),
        ).pipe(
          Effect.map((rows) => {
            const grouped = new Map<string, ReturnType<typeof toCharacter>[]>()
            for (const row of rows) {
              const list = grouped.get(row.collection_id) ?? []
              list.push(toCharacter(row, row.collection_slug))
              grouped.set(row.collection_id, list)
            }
            return grouped
          }),
        )
      },

      findCharacter: (id) => {
        if (!UUID.test(id)) return Effect.succeed(null)
        return Effect.gen(function* () {
          const row = yield* query(() => activeProducts().where("p.id", "=", id).executeTakeFirst())
          if (!row) return null
          const collection = yield* query(() =>
            db
              .selectFrom("legendarium_collections")
              .selectAll()
              .where("id", "=", row.collection_id)
              .executeTakeFirstOrThrow(),
          )
          return { character: toCharacter(row, row.collection_slug), collection: toCollection(collection) }
        })
      },

      findCharacters: (ids) => {
        const valid = [...new Set(ids.filter((id) => UUID.test(id)))]
        if (valid.length === 0) return Effect.succeed(new Map())
        return Effect.gen(function* () {
          const rows = yield* query(() => activeProducts().where("p.id", "in", valid).execute())
          if (rows.length === 0) return new Map()
          const collections = yield* query(() =>
            db
              .selectFrom("legendarium_collections")
              .selectAll()
              .where("id", "in", [...new Set(rows.map((r) => r.collection_id))])
              .execute(),
          )
          const byId = new Map(collections.map((c) => [c.id, toCollection(c)]))
          return new Map(
            rows.flatMap((r) => {
              const collection = byId.get(r.collection_id)
              return collection
                ? [[r.id, { character: toCharacter(r, r.collection_slug), collection }] as const]
                : []
            }),
          )
        })
      },

      listEditionCharacters: (edition) =>
        query(() =>
          activeProducts()
            .where("p.edition_year", "=", edition.year)
            .where("p.display_month", "=", edition.month)
            .orderBy("p.display_order")
            .execute(),
        ).pipe(
          Effect.flatMap((rows) => {
            const ids = [...new Set(rows.map((r) => r.collection_id))]
            if (ids.length === 0) return Effect.succeed([])
            return query(() =>
              db.selectFrom("legendarium_collections").selectAll().where("id", "in", ids).execute(),
            ).pipe(
              Effect.map((collections) => {
                const byId = new Map(collections.map((c) => [c.id, toCollection(c)]))
                return rows.flatMap((r) => {
                  const collection = byId.get(r.collection_id)
                  return collection ? [{ character: toCharacter(r, r.collection_slug), collection }] : []
                })
              }),
            )
          }),
        ),

      categoryPrices: () =>
        query(() => db.selectFrom("category_prices").select(["category", "price_cents"]).execute()).pipe(
          Effect.map((rows) => new Map(rows.map((r) => [r.category, r.price_cents]))),
        ),
    })
  }),
)
