import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { CharacterReveals, type RevealedCharacter } from "../../application/ports/CharacterReveals"
import { ExpiringPix } from "../../application/ports/ExpiringPix"
import { NotificationClaims } from "../../application/ports/NotificationClaims"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { isUuid } from "../db/uuid"

const ms = (d: Date | string) => new Date(d).getTime()

const characters = (executor: Kysely<Database>) =>
  executor
    .selectFrom("collection_products as p")
    .innerJoin("legendarium_collections as c", "c.id", "p.collection_id")
    .select([
      "p.id as productId",
      "p.name",
      "p.collection_id as collectionId",
      "c.name as collectionName",
      "p.image_url as imageUrl",
      "p.reveal_at as revealAt",
      "p.edition_year",
      "p.display_month",
    ])

const toCharacter = (r: {
  productId: string
  name: string
  collectionId: string
  collectionName: string
  imageUrl: string
  revealAt: Date | string
  edition_year: number
  display_month: number
}): RevealedCharacter => ({
  productId: r.productId,
  name: r.name,
  collectionId: r.collectionId,
  collectionName: r.collectionName,
  imageUrl: r.imageUrl || null,
  revealAt: ms(r.revealAt),
  edition: { year: r.edition_year, month: r.display_month },
})

/** Claims in notification_claims: the primary key makes a concurrent claim wait for the first, then skip. */
export const PostgresNotificationClaimsLayer = Layer.effect(
  NotificationClaims,
  Effect.gen(function* () {
    const { db } = yield* Db
    return NotificationClaims.of({
      claim: (key, at) =>
        withExecutor(db, async (executor) => {
          const row = await executor
            .insertInto("notification_claims")
            .values({ key, claimed_at: new Date(at) })
            .onConflict((oc) => oc.column("key").doNothing())
            .returning("key")
            .executeTakeFirst()
          return row !== undefined
        }),
    })
  }),
)

export const PostgresCharacterRevealsLayer = Layer.effect(
  CharacterReveals,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return CharacterReveals.of({
      due: (since, now) =>
        run(async (executor) => {
          const rows = await characters(executor)
            .where("p.is_active", "=", true)
            .where("p.reveal_at", ">", new Date(since))
            .where("p.reveal_at", "<=", new Date(now))
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom("notification_claims as k")
                    .select("k.key")
                    .whereRef("k.key", "=", sql<string>`'reveal:' || p.id::text`),
                ),
              ),
            )
            .orderBy("p.reveal_at")
            .limit(20)
            .execute()
          return rows.map(toCharacter)
        }),
      find: (productId) =>
        run(async (executor) => {
          if (!isUuid(productId)) return null
          const row = await characters(executor).where("p.id", "=", productId).executeTakeFirst()
          return row ? toCharacter(row) : null
        }),
      audience: (character, now) =>
        run(async (executor) => {
          const at = new Date(now)
          // `union` (not `union all`): a subscriber who also favourited the character is one recipient.
          const rows = await sql<{ user_id: string }>`
            select user_id from collection_entitlements
              where collection_id = ${character.collectionId} and status = 'active'
                and starts_at <= ${at} and (ends_at is null or ends_at > ${at})
            union
            select user_id from favourites where product_id = ${character.productId}
            order by user_id`.execute(executor)
          return rows.rows.map((r) => r.user_id)
        }),
      holders: (productId) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("collector_pieces")
              .select("user_id")
              .distinct()
              .where("product_id", "=", productId)
              .where("revoked_at", "is", null)
              .orderBy("user_id")
              .execute()
          ).map((r) => r.user_id),
        ),
    })
  }),
)

export const PostgresExpiringPixLayer = Layer.effect(
  ExpiringPix,
  Effect.gen(function* () {
    const { db } = yield* Db
    return ExpiringPix.of({
      due: (now, until) =>
        withExecutor(db, async (executor) => {
          const rows = await executor
            .selectFrom("orders as o")
            .innerJoin("payment_attempts as a", "a.id", "o.current_attempt_id")
            .select(["o.id", "o.user_id", "o.number", "o.pay_by"])
            .where("o.status", "=", "awaiting_payment")
            .where("a.method", "=", "pix")
            .where("o.user_id", "is not", null)
            .where("o.pay_by", ">", new Date(now))
            .where("o.pay_by", "<=", new Date(until))
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom("notification_claims as k")
                    .select("k.key")
                    .whereRef("k.key", "=", sql<string>`'pix-expiring:' || o.id::text`),
                ),
              ),
            )
            .orderBy("o.pay_by")
            .limit(100)
            .execute()
          return rows.map((r) => ({
            orderId: r.id,
            userId: r.user_id ?? "",
            number: r.number,
            expiresAt: ms(r.pay_by),
          }))
        }),
    })
  }),
)
