import { Effect, Layer } from "effect"
import { type ExpressionBuilder, type Kysely, sql } from "kysely"
import { CollectorFacts, type CollectorMetric, type Window } from "../../application/ports/CollectorFacts"
import { MissionRedemptions } from "../../application/ports/MissionRedemptions"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"

type LedgerKinds = "purchase" | "subscription_month" | "review"

/** Ledger entries of these kinds in the window, leaving out those a refund or cancellation undid. */
async function ledgerCount(executor: Kysely<Database>, userId: string, kinds: LedgerKinds[], window: Window) {
  let query = executor
    .selectFrom("points_ledger as l")
    .where("l.user_id", "=", userId)
    .where("l.kind", "in", kinds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("points_ledger as r")
            .whereRef("r.user_id", "=", "l.user_id")
            .where("r.kind", "=", "reversal")
            .whereRef("r.reference", "=", sql<string>`l.kind || ':' || l.reference`)
            .select("r.id"),
        ),
      ),
    )
  if (window.start !== null) query = query.where("l.occurred_at", ">=", new Date(window.start))
  if (window.end !== null) query = query.where("l.occurred_at", "<", new Date(window.end))
  const row = await query.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow()
  return Number(row.n)
}

const within =
  <T extends "favourites" | "collector_follows" | "trades">(
    column: "created_at" | "completed_at",
    window: Window,
  ) =>
  (eb: ExpressionBuilder<Database, T>) =>
    eb.and([
      ...(window.start === null ? [] : [eb(sql.ref(column), ">=", new Date(window.start))]),
      ...(window.end === null ? [] : [eb(sql.ref(column), "<", new Date(window.end))]),
    ])

async function measure(
  executor: Kysely<Database>,
  userId: string,
  metric: CollectorMetric,
  window: Window,
  now: number,
) {
  const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: string | number }> }) =>
    Number((await query.executeTakeFirstOrThrow()).n)
  const held = executor
    .selectFrom("collector_pieces as p")
    .where("p.user_id", "=", userId)
    .where("p.revoked_at", "is", null)
  switch (metric) {
    case "purchases":
      return ledgerCount(executor, userId, ["purchase", "subscription_month"], window)
    case "plan_months":
      return ledgerCount(executor, userId, ["subscription_month"], window)
    case "reviews":
      return ledgerCount(executor, userId, ["review"], window)
    case "favourites":
      return count(
        executor
          .selectFrom("favourites")
          .where("user_id", "=", userId)
          .where(within("created_at", window))
          .select((eb) => eb.fn.countAll<string>().as("n")),
      )
    case "follows":
      return count(
        executor
          .selectFrom("collector_follows")
          .where("follower_id", "=", userId)
          .where(within("created_at", window))
          .select((eb) => eb.fn.countAll<string>().as("n")),
      )
    case "trades":
      return count(
        executor
          .selectFrom("trades")
          .where((eb) => eb.or([eb("from_user_id", "=", userId), eb("to_user_id", "=", userId)]))
          .where("status", "=", "completed")
          .where("unwound_at", "is", null)
          .where(within("completed_at", window))
          .select((eb) => eb.fn.countAll<string>().as("n")),
      )
    case "pieces":
      return count(held.select((eb) => eb.fn.countAll<string>().as("n")))
    case "pieces_for_trade":
      return count(held.where("p.is_for_trade", "=", true).select((eb) => eb.fn.countAll<string>().as("n")))
    case "legendary":
      return count(
        held
          .innerJoin("collection_products as cp", "cp.id", "p.product_id")
          .where("cp.rarity", "in", ["legendary", "mythic"])
          .where("cp.reveal_at", "<=", new Date(now))
          .select((eb) => eb.fn.count<string>("p.product_id").distinct().as("n")),
      )
    case "collections_completed": {
      const row = await sql<{ n: string | number }>`
        select count(*)::int as n from (
          select p.collection_id, count(distinct p.product_id) as owned,
            (select count(*) from collection_products cp
              where cp.collection_id = p.collection_id and cp.is_active) as total
          from collector_pieces p
          where p.user_id = ${userId} and p.revoked_at is null
          group by p.collection_id
        ) c where c.total > 0 and c.owned >= c.total`.execute(executor)
      return Number(row.rows[0]?.n ?? 0)
    }
  }
}

/** Missions', achievements' and badges' figures, counted in SQL from the stored rows. */
export const PostgresCollectorFactsLayer = Layer.effect(
  CollectorFacts,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return CollectorFacts.of({
      measure: (userId, metric, window, now) =>
        run((executor) => measure(executor, userId, metric, window, now)),
      unlocked: (userId) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("collector_achievements")
              .where("user_id", "=", userId)
              .select(["code", "scope", "unlocked_at"])
              .orderBy("unlocked_at")
              .execute()
          ).map((r) => ({ code: r.code, scope: r.scope, unlockedAt: ms(r.unlocked_at) })),
        ),
      collectionNames: (ids) =>
        ids.length === 0
          ? Effect.succeed(new Map())
          : run(async (executor) => {
              const rows = await executor
                .selectFrom("legendarium_collections")
                .where("id", "in", [...ids])
                .select(["id", "name"])
                .execute()
              return new Map(rows.map((r) => [r.id, r.name]))
            }),
      standing: (userId) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("collector_stats")
            .where("user_id", "=", userId)
            .select(["score", "coins"])
            .executeTakeFirst()
          return { score: row?.score ?? 0, coins: row?.coins ?? 0 }
        }),
    })
  }),
)

export const PostgresMissionRedemptionsLayer = Layer.effect(
  MissionRedemptions,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return MissionRedemptions.of({
      claim: (userId, mission, period, at) =>
        run(async (executor) => {
          // The primary key makes a concurrent claim wait for this transaction, then do nothing.
          const added = await executor
            .insertInto("mission_redemptions")
            .values({ user_id: userId, mission, period, redeemed_at: new Date(at) })
            .onConflict((oc) => oc.columns(["user_id", "mission", "period"]).doNothing())
            .returning("mission")
            .execute()
          return added.length > 0
        }),
      list: (userId) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("mission_redemptions")
              .where("user_id", "=", userId)
              .select(["mission", "period", "redeemed_at"])
              .execute()
          ).map((r) => ({ mission: r.mission, period: r.period, redeemedAt: ms(r.redeemed_at) })),
        ),
    })
  }),
)
