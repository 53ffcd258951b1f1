import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { EditionStock } from "../../application/ports/EditionStock"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

/**
 * Each change is one conditional row update: concurrent buyers queue on the product's row and the last
 * units go to whoever gets there first. Units held for waitlist offers are not the public's: their holder
 * claims one (the waitlist gives it back to the count) before reserving it. The table's checks back it.
 */
export const PostgresEditionStockLayer = Layer.effect(
  EditionStock,
  Effect.gen(function* () {
    const { db } = yield* Db
    return EditionStock.of({
      sizes: (ids) =>
        withExecutor(db, async (executor) => {
          if (ids.length === 0) return new Map()
          const rows = await executor
            .selectFrom("collection_products")
            .select(["id", "edition_size"])
            .where("id", "in", [...ids])
            .execute()
          return new Map(rows.map((r) => [r.id, r.edition_size]))
        }),
      reserve: (productId, quantity) =>
        withExecutor(db, async (executor) => {
          const taken = await executor
            .updateTable("collection_products")
            .set({ edition_reserved: sql`edition_reserved + ${quantity}` })
            .where("id", "=", productId)
            .where(
              sql<boolean>`(edition_size is null or edition_reserved + edition_sold + edition_offered + ${quantity} <= edition_size)`,
            )
            .returning("id")
            .executeTakeFirst()
          if (taken) return { ok: true as const }
          const row = await executor
            .selectFrom("collection_products")
            .select(
              sql<number>`greatest(0, coalesce(edition_size, 0) - edition_reserved - edition_sold - edition_offered)::int`.as(
                "left",
              ),
            )
            .where("id", "=", productId)
            .executeTakeFirst()
          return { ok: false as const, left: row?.left ?? 0 }
        }),
      release: (productId, quantity) =>
        withExecutor(db, async (executor) => {
          await executor
            .updateTable("collection_products")
            .set({ edition_reserved: sql`greatest(0, edition_reserved - ${quantity})` })
            .where("id", "=", productId)
            .execute()
        }),
      confirm: (productId, quantity) =>
        withExecutor(db, async (executor) => {
          const row = await executor
            .updateTable("collection_products")
            .set({
              edition_reserved: sql`edition_reserved - ${quantity}`,
              edition_sold: sql`edition_sold + ${quantity}`,
            })
            .where("id", "=", productId)
            .where("edition_reserved", ">=", quantity)
            .returning("edition_sold")
            .executeTakeFirst()
          if (!row) throw new Error(`confirming ${quantity} units of ${productId} that were not reserved`)
          return Array.from({ length: quantity }, (_, i) => row.edition_sold - quantity + i + 1)
        }),
    })
  }),
)
