import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { OrderNotes } from "../../application/ports/OrderNotes"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"

export const PostgresOrderNotesLayer = Layer.effect(
  OrderNotes,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return OrderNotes.of({
      add: (note) =>
        run(async (executor) => {
          await executor
            .insertInto("order_notes")
            .values({
              id: note.id,
              order_id: note.orderId,
              author_id: note.authorId,
              author_email: note.authorEmail,
              body: note.body,
              created_at: new Date(note.at),
            })
            .onConflict((oc) => oc.column("id").doNothing())
            .execute()
        }),
      listFor: (orderId) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("order_notes")
              .selectAll()
              .where("order_id", "=", orderId)
              .orderBy("created_at")
              .execute()
          ).map((row) => ({
            id: row.id,
            orderId: row.order_id,
            authorId: row.author_id,
            authorEmail: row.author_email,
            body: row.body,
            at: ms(row.created_at),
          })),
        ),
    })
  }),
)
