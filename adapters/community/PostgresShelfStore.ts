import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { ShelfStore } from "../../application/ports/ShelfStore"
import { parseRarity } from "../../domain/catalog/rarity"
import type { PieceCondition } from "../../domain/community/shelf"
import { mysteryImageUrl } from "../catalog/rows"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"

/** The virtual shelf on PostgreSQL: shelf_items, the collector's unrevoked collector_pieces, their profile. */
export const PostgresShelfStoreLayer = Layer.effect(
  ShelfStore,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    const itemColumns = (executor: Kysely<Database>) =>
      executor
        .selectFrom("shelf_items")
        .select([
          "id",
          "user_id",
          "name",
          "company",
          "collection",
          "category",
          "description",
          "rarity",
          "condition",
          "company_status",
          "estimated_value_cents",
          "image_url",
          "notes",
          sql<string | null>`to_char(acquired_on, 'YYYY-MM-DD')`.as("acquired_on"),
          "created_at",
          "updated_at",
        ])
    type ItemRow = Awaited<ReturnType<ReturnType<typeof itemColumns>["executeTakeFirstOrThrow"]>>
    const toItem = (r: ItemRow) => ({
      id: r.id,
      userId: r.user_id,
      name: r.name,
      company: r.company,
      collection: r.collection,
      category: r.category,
      description: r.description,
      rarity: r.rarity,
      condition: r.condition,
      companyStatus: r.company_status,
      estimatedValueCents: r.estimated_value_cents,
      imageUrl: r.image_url,
      notes: r.notes,
      acquiredOn: r.acquired_on,
      createdAt: ms(r.created_at),
      updatedAt: ms(r.updated_at),
    })
    return ShelfStore.of({
      owner: (userId) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("auth_user as u")
            .leftJoin("collector_profiles as p", "p.user_id", "u.id")
            .select(["u.id", "u.name", "p.display_name", "p.is_private"])
            .where("u.id", "=", userId)
            .executeTakeFirst()
          if (!row) return null
          // Without a profile the first name only: the full name is the account's, not the community's.
          const displayName = row.display_name ?? (row.name.trim().split(/\s+/)[0] || "Colecionador")
          return { userId: row.id, displayName, isPrivate: row.is_private ?? false }
        }),
      pieces: (userId) =>
        run(async (executor) => {
          const rows = await executor
            .selectFrom("collector_pieces as cp")
            .innerJoin("collection_products as p", "p.id", "cp.product_id")
            .innerJoin("legendarium_collections as c", "c.id", "cp.collection_id")
            .select([
              "cp.id",
              "cp.product_id",
              "p.name",
              "p.image_url",
              "p.rarity",
              "cp.collection_id",
              "c.name as collection_name",
              "c.theme",
              "cp.price_cents",
              "cp.condition",
              "cp.notes",
              "cp.is_for_trade",
              "cp.source",
              "cp.acquired_at",
              "p.reveal_at",
              "p.edition_year",
              "p.display_month",
              "c.slug as collection_slug",
            ])
            .where("cp.user_id", "=", userId)
            .where("cp.revoked_at", "is", null)
            .orderBy("cp.acquired_at", "desc")
            .orderBy("cp.id")
            .execute()
          return rows.map((r) => ({
            id: r.id,
            productId: r.product_id,
            name: r.name,
            imageUrl: r.image_url,
            rarity: parseRarity(r.rarity),
            collectionId: r.collection_id,
            collectionName: r.collection_name,
            theme: r.theme,
            priceCents: r.price_cents,
            condition: r.condition as PieceCondition,
            notes: r.notes,
            isForTrade: r.is_for_trade,
            source: r.source,
            acquiredAt: ms(r.acquired_at),
            reveal: {
              revealAt: ms(r.reveal_at),
              edition: { year: r.edition_year, month: r.display_month },
              mysteryImageUrl: mysteryImageUrl(r.collection_slug),
            },
          }))
        }),
      items: (userId) =>
        run(async (executor) =>
          (
            await itemColumns(executor)
              .where("user_id", "=", userId)
              .orderBy("created_at", "desc")
              .orderBy("id")
              .execute()
          ).map(toItem),
        ),
      item: (id) =>
        run(async (executor) => {
          const row = await itemColumns(executor).where("id", "=", id).executeTakeFirst()
          return row ? toItem(row) : null
        }),
      pieceHolder: (id) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("collector_pieces")
            .select("user_id")
            .where("id", "=", id)
            .where("revoked_at", "is", null)
            .executeTakeFirst()
          return row?.user_id ?? null
        }),
      saveItem: (item) =>
        run(async (executor) => {
          const values = {
            name: item.name,
            company: item.company,
            collection: item.collection,
            category: item.category,
            description: item.description,
            rarity: item.rarity,
            condition: item.condition,
            company_status: item.companyStatus,
            estimated_value_cents: item.estimatedValueCents,
            image_url: item.imageUrl,
            notes: item.notes,
            acquired_on: item.acquiredOn,
            updated_at: new Date(item.updatedAt),
          }
          await executor
            .insertInto("shelf_items")
            .values({ ...values, id: item.id, user_id: item.userId, created_at: new Date(item.createdAt) })
            // The owner is part of the match: an id belonging to someone else changes nothing.
            .onConflict((oc) =>
              oc.column("id").doUpdateSet(values).where("shelf_items.user_id", "=", item.userId),
            )
            .execute()
        }),
      deleteItem: (id, userId) =>
        run(async (executor) => {
          await executor
            .deleteFrom("shelf_items")
            .where("id", "=", id)
            .where("user_id", "=", userId)
            .execute()
        }),
      updatePiece: (id, userId, change) =>
        run(async (executor) => {
          await executor
            .updateTable("collector_pieces")
            .set({ condition: change.condition, notes: change.notes, is_for_trade: change.isForTrade })
            .where("id", "=", id)
            .where("user_id", "=", userId)
            .where("revoked_at", "is", null)
            .execute()
        }),
      achievements: (userId) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("collector_achievements")
              .select(["code", "scope", "unlocked_at"])
              .where("user_id", "=", userId)
              .orderBy("unlocked_at")
              .execute()
          ).map((r) => ({ code: r.code, scope: r.scope, unlockedAt: ms(r.unlocked_at) })),
        ),
    })
  }),
)
