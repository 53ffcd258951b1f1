import { Effect, Layer } from "effect"
import { type Kysely, type RawBuilder, sql } from "kysely"
import { CommunityBackfill } from "../../application/ports/CommunityBackfill"
import {
  type CollectorProfileRow,
  CommunityReads,
  type RankingQuery,
  type RankingRow,
  type RankingSort,
  UsernameTaken,
} from "../../application/ports/CommunityReads"
import { periodStart, streakValidFrom } from "../../domain/community/profile"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"
import { ms } from "../orders/orderRows"

/** Fixed texts, never from the client: each sort's order, ties broken by points then by id for a stable pager. */
const ORDER: Record<RankingSort, string> = {
  score: "b.points desc, b.user_id",
  level: "b.level desc, b.points desc, b.user_id",
  streak: "b.streak desc, b.points desc, b.user_id",
}

interface RawRankingRow {
  position: number
  user_id: string
  points: number
  score: number
  level: number
  streak: number
  pieces: number
  collections_completed: number
  achievements: number
  last_activity_at: Date | string | null
  username: string | null
  display_name: string | null
  avatar_url: string | null
  is_private: boolean
  is_verified: boolean
  has_profile: boolean
  full_name: string
}

const toRankingRow = (r: RawRankingRow): RankingRow => ({
  position: Number(r.position),
  userId: r.user_id,
  isPrivate: r.is_private,
  // A private collector's name and picture never leave the database.
  name: r.is_private ? null : (r.display_name ?? r.full_name),
  hasProfile: r.has_profile,
  username: r.is_private ? null : r.username,
  avatarUrl: r.is_private ? null : r.avatar_url,
  isVerified: r.is_verified,
  points: Number(r.points),
  score: Number(r.score),
  level: Number(r.level),
  streak: Number(r.streak),
  pieces: Number(r.pieces),
  collectionsCompleted: Number(r.collections_completed),
  achievements: Number(r.achievements),
  lastActivityAt: r.last_activity_at === null ? null : ms(r.last_activity_at),
})

/** `%`, `_` and `\` typed in the search box are letters, not patterns. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/**
 * The ranked collectors of a period, every one of them, positions numbered by the database: "all" ranks the
 * stored figures; "month" ranks the points earned since the 1st (São Paulo) from the ledger's period index.
 */
function ranked(query: RankingQuery): RawBuilder<unknown> {
  const validFrom = new Date(streakValidFrom(query.now))
  const base =
    query.period === "month"
      ? sql`select s.user_id, m.points, s.score, s.level, s.pieces, s.collections_completed, s.achievements,
            s.last_activity_at,
            case when s.last_activity_at >= ${validFrom} then s.streak else 0 end as streak
          from (select user_id, sum(points)::int as points from points_ledger
                where occurred_at >= ${new Date(periodStart(query.now))} group by user_id) m
          join collector_stats s on s.user_id = m.user_id
          where m.points > 0`
      : sql`select s.user_id, s.score as points, s.score, s.level, s.pieces, s.collections_completed,
            s.achievements, s.last_activity_at,
            case when s.last_activity_at >= ${validFrom} then s.streak else 0 end as streak
          from collector_stats s where s.score > 0`
  return sql`base as (${base}),
    ranked as (select b.*, (row_number() over (order by ${sql.raw(ORDER[query.sort])}))::int as position
               from base b)`
}

const ROW_COLUMNS = sql`r.position, r.user_id, r.points, r.score, r.level, r.streak, r.pieces,
  r.collections_completed, r.achievements, r.last_activity_at, p.username, p.display_name, p.avatar_url,
  coalesce(p.is_private, false) as is_private, coalesce(p.is_verified, false) as is_verified,
  (p.user_id is not null) as has_profile, u.name as full_name`

const profileColumns = (db: Kysely<Database>) =>
  db
    .selectFrom("auth_user as u")
    .leftJoin("collector_profiles as p", "p.user_id", "u.id")
    .leftJoin("collector_stats as s", "s.user_id", "u.id")
    .select((eb) => [
      "u.id",
      "u.name",
      "u.createdAt",
      "p.user_id as profile_user",
      "p.username",
      "p.display_name",
      "p.bio",
      "p.location",
      "p.avatar_url",
      "p.is_private",
      "p.is_verified",
      "p.profile_views",
      "s.score",
      "s.level",
      "s.streak",
      "s.pieces",
      "s.collections_completed",
      "s.achievements",
      "s.last_activity_at",
      eb
        .selectFrom("collector_follows as f")
        .whereRef("f.followee_id", "=", "u.id")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("followers"),
      eb
        .selectFrom("collector_follows as f")
        .whereRef("f.follower_id", "=", "u.id")
        .select(sql<number>`count(*)::int`.as("n"))
        .as("following"),
    ])

type ProfileSelect = Awaited<ReturnType<ReturnType<typeof profileColumns>["executeTakeFirst"]>>

const toProfile = (r: NonNullable<ProfileSelect>): CollectorProfileRow => ({
  userId: r.id,
  fullName: r.name,
  hasProfile: r.profile_user !== null,
  username: r.username,
  displayName: r.display_name,
  bio: r.bio ?? "",
  location: r.location ?? "",
  avatarUrl: r.avatar_url,
  isPrivate: r.is_private ?? false,
  isVerified: r.is_verified ?? false,
  profileViews: r.profile_views ?? 0,
  joinedAt: ms(r.createdAt),
  score: r.score ?? 0,
  level: r.level ?? 1,
  streak: r.streak ?? 0,
  pieces: r.pieces ?? 0,
  collectionsCompleted: r.collections_completed ?? 0,
  achievements: r.achievements ?? 0,
  lastActivityAt: r.last_activity_at ? ms(r.last_activity_at) : null,
  followers: Number(r.followers ?? 0),
  following: Number(r.following ?? 0),
})

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505"

/** The community's reads (ranking, profiles, their tabs) and the small writes of follows and profiles. */
export const PostgresCommunityReadsLayer = Layer.effect(
  CommunityReads,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    return CommunityReads.of({
      ranking: (query) =>
        run(async (executor) => {
          const cte = ranked(query)
          const search = query.search.trim()
          // Only the name a page shows can find a collector: never a private one, never by surname.
          const matches = search
            ? sql`and not coalesce(p.is_private, false) and (p.username ilike ${likePattern(search)}
                or p.display_name ilike ${likePattern(search)}
                or (p.user_id is null and split_part(u.name, ' ', 1) ilike ${likePattern(search)}))`
            : sql``
          const from = sql`from ranked r join auth_user u on u.id = r.user_id
            left join collector_profiles p on p.user_id = r.user_id`
          // One statement: the ranked set is computed once and read for the page, the cards and the viewer's row.
          const result = await sql<
            Partial<RawRankingRow> & {
              part: "page" | "viewer" | null
              total: number | null
              active: number
              highest_score: number | null
              longest_streak: number | null
              highest_level: number | null
            }
          >`with ${cte},
            summary as (select count(*)::int as active, max(points)::int as highest_score,
              max(streak)::int as longest_streak, max(level)::int as highest_level from ranked),
            page as (select ${ROW_COLUMNS}, (count(*) over ())::int as total, 'page' as part ${from}
              where true ${matches} order by r.position
              limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}),
            mine as (select ${ROW_COLUMNS}, null::int as total, 'viewer' as part ${from}
              where r.user_id = ${query.viewerId ?? ""})
            select x.*, s.* from summary s
              left join (select * from page union all select * from mine) x on true`.execute(executor)
          const s = result.rows[0]
          const page = result.rows.filter((r) => r.part === "page") as (RawRankingRow & { total: number })[]
          const mine = result.rows.find((r) => r.part === "viewer") as RawRankingRow | undefined
          const first = page[0]
          let total = first ? Number(first.total) : 0
          // A page past the end has no row to carry the count.
          if (!first && query.page > 1)
            total = Number(
              (
                await sql<{
                  n: number
                }>`with ${cte} select count(*)::int as n ${from} where true ${matches}`.execute(executor)
              ).rows[0]?.n ?? 0,
            )
          return {
            rows: page.map(toRankingRow),
            total,
            summary: {
              activeCollectors: Number(s?.active ?? 0),
              highestScore: Number(s?.highest_score ?? 0),
              longestStreak: Number(s?.longest_streak ?? 0),
              highestLevel: Number(s?.highest_level ?? 0),
            },
            viewer: mine ? toRankingRow(mine) : null,
          }
        }),
      profileById: (userId) =>
        run(async (executor) => {
          const row = await profileColumns(executor).where("u.id", "=", userId).executeTakeFirst()
          return row ? toProfile(row) : null
        }),
      profileByUsername: (username) =>
        run(async (executor) => {
          const row = await profileColumns(executor)
            .where("p.username", "=", username.toLowerCase())
            .executeTakeFirst()
          return row ? toProfile(row) : null
        }),
      collections: (userId) =>
        run(async (executor) => {
          const rows = await executor
            .selectFrom("collector_pieces as cp")
            .innerJoin("legendarium_collections as c", "c.id", "cp.collection_id")
            .where("cp.user_id", "=", userId)
            .where("cp.revoked_at", "is", null)
            .groupBy(["cp.collection_id", "c.name"])
            .select((eb) => [
              "cp.collection_id",
              "c.name",
              sql<number>`count(distinct cp.product_id)::int`.as("owned"),
              eb
                .selectFrom("collection_products as pr")
                .whereRef("pr.collection_id", "=", "cp.collection_id")
                .where("pr.is_active", "=", true)
                .select(sql<number>`count(*)::int`.as("n"))
                .as("total"),
            ])
            .orderBy("c.name")
            .execute()
          return rows.map((r) => ({
            collectionId: r.collection_id,
            name: r.name,
            owned: Number(r.owned),
            total: Number(r.total ?? 0),
          }))
        }),
      achievements: (userId) =>
        run(async (executor) => {
          const rows = await executor
            .selectFrom("collector_achievements as a")
            .leftJoin("legendarium_collections as c", (j) => j.on(sql`c.id::text`, "=", sql.ref("a.scope")))
            .where("a.user_id", "=", userId)
            .select(["a.code", "a.scope", "a.unlocked_at", "c.name"])
            .orderBy("a.unlocked_at", "desc")
            .execute()
          return rows.map((r) => ({
            code: r.code,
            scope: r.scope,
            scopeName: r.name,
            unlockedAt: ms(r.unlocked_at),
          }))
        }),
      activity: (userId, limit) =>
        run(async (executor) =>
          (
            await executor
              .selectFrom("points_ledger")
              .where("user_id", "=", userId)
              .select(["description", "points", "occurred_at"])
              .orderBy("occurred_at", "desc")
              .orderBy("id")
              .limit(limit)
              .execute()
          ).map((r) => ({ description: r.description, points: r.points, occurredAt: ms(r.occurred_at) })),
        ),
      isFollowing: (followerId, followeeId) =>
        run(async (executor) =>
          Boolean(
            await executor
              .selectFrom("collector_follows")
              .where("follower_id", "=", followerId)
              .where("followee_id", "=", followeeId)
              .select("created_at")
              .executeTakeFirst(),
          ),
        ),
      follow: (followerId, followeeId, at) =>
        run(async (executor) => {
          await executor
            .insertInto("collector_follows")
            .values({ follower_id: followerId, followee_id: followeeId, created_at: new Date(at) })
            .onConflict((oc) => oc.columns(["follower_id", "followee_id"]).doNothing())
            .execute()
        }),
      unfollow: (followerId, followeeId) =>
        run(async (executor) => {
          await executor
            .deleteFrom("collector_follows")
            .where("follower_id", "=", followerId)
            .where("followee_id", "=", followeeId)
            .execute()
        }),
      countView: (userId, visitor, day) =>
        run(async (executor) => {
          // Only an account that exists is counted: an unknown id (any visitor may send one) adds nothing.
          const first = await executor
            .insertInto("profile_views")
            .columns(["profile_id", "visitor", "day"])
            .expression((eb) =>
              eb
                .selectFrom("auth_user")
                .select([
                  "id",
                  sql<string>`encode(sha256(convert_to(${visitor}, 'UTF8')), 'hex')`.as("visitor"),
                  sql<string>`${day}::date`.as("day"),
                ])
                .where("id", "=", userId),
            )
            .onConflict((oc) => oc.constraint("profile_views_pk").doNothing())
            .returning("day")
            .execute()
          if (first.length === 0) return
          await executor
            .updateTable("collector_profiles")
            .set((eb) => ({ profile_views: eb("profile_views", "+", 1) }))
            .where("user_id", "=", userId)
            .execute()
        }),
      savedProfile: (userId) =>
        run(async (executor) => {
          const r = await executor
            .selectFrom("collector_profiles")
            .where("user_id", "=", userId)
            .selectAll()
            .executeTakeFirst()
          return r
            ? {
                userId: r.user_id,
                username: r.username,
                displayName: r.display_name,
                bio: r.bio,
                location: r.location,
                avatarUrl: r.avatar_url,
                isPrivate: r.is_private,
              }
            : null
        }),
      saveProfile: (profile, at) =>
        Effect.flatMap(
          run(async (executor) => {
            const row = {
              username: profile.username,
              display_name: profile.displayName,
              bio: profile.bio,
              location: profile.location,
              avatar_url: profile.avatarUrl,
              is_private: profile.isPrivate,
              updated_at: new Date(at),
            }
            try {
              await executor
                .insertInto("collector_profiles")
                .values({ user_id: profile.userId, ...row, created_at: new Date(at) })
                .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
                .execute()
              return true
            } catch (error) {
              if (isUniqueViolation(error)) return false
              throw error
            }
          }),
          (saved) => (saved ? Effect.void : Effect.fail(new UsernameTaken())),
        ),
    })
  }),
)

/** Paid orders with no piece: an anti-join on the pieces' order index, in id order for a stable pass. */
export const PostgresCommunityBackfillLayer = Layer.effect(
  CommunityBackfill,
  Effect.gen(function* () {
    const { db } = yield* Db
    return CommunityBackfill.of({
      ordersWithoutPieces: (after, limit) =>
        withExecutor(db, async (executor) => {
          let query = executor
            .selectFrom("orders as o")
            .where("o.status", "=", "paid")
            .where("o.kind", "in", ["purchase", "subscription"])
            .where("o.user_id", "is not", null)
            .where((eb) =>
              eb.or([
                eb("o.fulfilment_status", "is", null),
                eb("o.fulfilment_status", "not in", ["refunded", "cancelled"]),
              ]),
            )
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom("collector_pieces as cp").whereRef("cp.order_id", "=", "o.id").select("cp.id"),
                ),
              ),
            )
            .where(({ exists, selectFrom }) =>
              exists(selectFrom("order_lines as l").whereRef("l.order_id", "=", "o.id").select("l.position")),
            )
            .select(["o.id", sql<Date>`coalesce(o.paid_at, o.placed_at)`.as("paid_at")])
            .orderBy(sql`coalesce(o.paid_at, o.placed_at)`)
            .orderBy("o.id")
            .limit(limit)
          if (after)
            query = query.where(
              sql<boolean>`(coalesce(o.paid_at, o.placed_at), o.id) > (${new Date(after.paidAt)}, ${after.id})`,
            )
          return (await query.execute()).map((r) => ({ id: r.id, paidAt: ms(r.paid_at) }))
        }),
    })
  }),
)
