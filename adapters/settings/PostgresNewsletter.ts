import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { Newsletter, type SubscriptionState } from "../../application/ports/Newsletter"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"

export const PostgresNewsletterLayer = Layer.effect(
  Newsletter,
  Effect.gen(function* () {
    const { db } = yield* Db
    return Newsletter.of({
      // The unique index on lower(email) makes a repeated or concurrent subscription a no-op.
      subscribe: (email, source) =>
        withExecutor(db, async (executor): Promise<SubscriptionState> => {
          const inserted = await executor
            .insertInto("newsletter_subscriptions")
            .values({ email, source })
            .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
            .executeTakeFirst()
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return "created"
          const row = await executor
            .selectFrom("newsletter_subscriptions")
            .select("status")
            .where(sql<string>`lower(email)`, "=", email.toLowerCase())
            .executeTakeFirst()
          return row?.status === "confirmed" ? "confirmed" : "pending"
        }),
      confirm: (email, at) =>
        withExecutor(db, (executor) =>
          executor
            .updateTable("newsletter_subscriptions")
            .set({ status: "confirmed", confirmed_at: sql`coalesce(confirmed_at, ${new Date(at)})` })
            .where(sql<string>`lower(email)`, "=", email.toLowerCase())
            .executeTakeFirst(),
        ).pipe(Effect.map((r) => Number(r.numUpdatedRows) > 0)),
    })
  }),
)
