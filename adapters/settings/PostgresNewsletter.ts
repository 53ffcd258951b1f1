import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { Newsletter } from "../../application/ports/Newsletter"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

export const PostgresNewsletterLayer = Layer.effect(
  Newsletter,
  Effect.gen(function* () {
    const { db } = yield* Db
    return Newsletter.of({
      // The unique index on lower(email) makes a repeated or concurrent subscription a no-op.
      subscribe: (email, source) =>
        withExecutor(db, (executor) =>
          executor
            .insertInto("newsletter_subscriptions")
            .values({ email, source })
            .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
            .executeTakeFirst(),
        ).pipe(Effect.map((r) => Number(r.numInsertedOrUpdatedRows ?? 0) > 0)),
    })
  }),
)
