import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { CatalogRepository } from "../../application/ports/CatalogRepository"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { toCharacter, toCollection } from "./rows"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const PostgresCatalogLayer = Layer.effect(
  CatalogRepository,
  Effect.gen(function* () {
    const { db } = yield* Db

    // On the ambient transaction when there is one: a catalogue read inside a unit of work on the embedded
    // database (one connection) would otherwise wait for that transaction forever once the cache is cold.
    const read = <A>(run: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, run)

    const activeCollections = (executor: Kysely<Database>) =>
      executor
        .selectFrom("legendarium_collections")
        .selectAll()
        .where("is_active", "=", true)
        .orderBy("is_featured", "desc")
        .orderBy("display_order")
        .orderBy("name")

    // Joined to the collection so a character of an inactive collection is never shown.
    const activeProducts = (executor: Kysely<Database>) =>
      executor
        .selectFrom("collection_products as p")
        .innerJoin("legendarium_collections as c", "c.id", "p.collection_id")
        .selectAll("p")
        .select("c.slug as collection_slug")
        .where("p.is_active", "=", true)
        .where("c.is_active", "=", true)

    return CatalogRepository.of({
      listActiveCollections: () =>
        read((e) => activeCollections(e).execute()).pipe(Effect.map((rows) => rows.map(toCollection))),

      findCollection: (idOrSlug) =>
        read((e) =>
          e
            .selectFrom("legendarium_collections")
            .selectAll()
            .where("is_active", "=", true)
            .where(UUID.test(idOrSlug) ? "id" : "slug", "=", idOrSlug)
            .executeTakeFirst(),
        ).pipe(Effect.map((row) => (row ? toCollection(row) : null))),

      listCharacters: (collectionId) =>
        UUID.test(collectionId)
          ? read((e) =>
              activeProducts(e)
                .where("p.collection_id", "=", collectionId)
                .orderBy("p.display_order")
                .execute(),
            ).pipe(Effect.map((rows) => rows.map((r) => toCharacter(r, r.collection_slug))))
          : Effect.succeed([]),

      listCharactersOfCollections: (ids) => {
        const valid = ids.filter((id) => UUID.test(id))
        if (valid.length === 0) return Effect.succeed(new Map())
        return read((e) =>
          activeProducts(e)
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
          const row = yield* read((e) => activeProducts(e).where("p.id", "=", id).executeTakeFirst())
          if (!row) return null
          const collection = yield* read((e) =>
            e
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
          const rows = yield* read((e) => activeProducts(e).where("p.id", "in", valid).execute())
          if (rows.length === 0) return new Map()
          const collections = yield* read((e) =>
            e
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
        read((e) =>
          activeProducts(e)
            .where("p.edition_year", "=", edition.year)
            .where("p.display_month", "=", edition.month)
            .orderBy("p.display_order")
            .execute(),
        ).pipe(
          Effect.flatMap((rows) => {
            const ids = [...new Set(rows.map((r) => r.collection_id))]
            if (ids.length === 0) return Effect.succeed([])
            return read((e) =>
              e.selectFrom("legendarium_collections").selectAll().where("id", "in", ids).execute(),
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
        read((e) => e.selectFrom("category_prices").select(["category", "price_cents"]).execute()).pipe(
          Effect.map((rows) => new Map(rows.map((r) => [r.category, r.price_cents]))),
        ),
    })
  }),
)
