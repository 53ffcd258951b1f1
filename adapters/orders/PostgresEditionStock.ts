import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { EditionStock } from "../../application/ports/EditionStock"
import { confirmUnits, returnSoldUnits } from "../../domain/orders/editions"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"

/**
 * Each change is one conditional row update: concurrent buyers queue on the product's row and the last
 * units go to whoever gets there first. Units held for waitlist offers are not the public's: their holder
 * claims one (the waitlist gives it back to the count) before reserving it. The table's checks back it.
 */
const editionRow = (row: {
  edition_size: number | null
  edition_reserved: number
  edition_sold: number
  edition_returned: number[]
}) => ({
  size: row.edition_size,
  reserved: row.edition_reserved,
  sold: row.edition_sold,
  returned: row.edition_returned,
})

/**
 * The product's edition as the domain sees it, its row locked until the commit so counts change one at a time.
 * The row-update lock, not `for update`: carts and order lines hold key-share locks on this row (their foreign
 * keys), taken in the customer's order, and only the stronger lock would wait on them while they wait on it.
 */
const lockedEdition = async (executor: Kysely<Database>, productId: string) => {
  const row = await executor
    .selectFrom("collection_products")
    .select(["edition_size", "edition_reserved", "edition_sold", "edition_returned"])
    .where("id", "=", productId)
    .forNoKeyUpdate()
    .executeTakeFirst()
  return row && editionRow(row)
}

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
      // Locked and rewritten from the domain's rule: the serials given back by cancelled orders go first.
      confirm: (productId, quantity) =>
        withExecutor(db, async (executor) => {
          const edition = await lockedEdition(executor, productId)
          if (!edition || edition.reserved < quantity)
            throw new Error(`confirming ${quantity} units of ${productId} that were not reserved`)
          const { stock, serials } = confirmUnits(edition, quantity)
          await executor
            .updateTable("collection_products")
            .set({
              edition_reserved: stock.reserved,
              edition_sold: stock.sold,
              edition_returned: sql`${sql.val(stock.returned ?? [])}::int[]`,
            })
            .where("id", "=", productId)
            .execute()
          return serials
        }),
      returnSold: (productId, serials) =>
        withExecutor(db, async (executor) => {
          const edition = await lockedEdition(executor, productId)
          if (!edition) return
          const stock = returnSoldUnits(edition, serials)
          await executor
            .updateTable("collection_products")
            .set({ edition_sold: stock.sold, edition_returned: sql`${sql.val(stock.returned ?? [])}::int[]` })
            .where("id", "=", productId)
            .execute()
        }),
    })
  }),
)
