import type { Kysely } from "kysely"
import type { ExportedCommunity } from "../../application/ports/AccountData"
import { withRevealOf } from "../catalog/rows"
import type { Database } from "../db/schema"
import { iso, isoOrNull, namedPiece, PIECE_NAME } from "./exportRows"

async function exportPieces(db: Kysely<Database>, userId: string) {
  const rows = await withRevealOf(
    db.selectFrom("collector_pieces as cp").selectAll("cp").where("cp.user_id", "=", userId),
    "cp.product_id",
  )
    .select(PIECE_NAME)
    .orderBy("cp.acquired_at")
    .execute()
  return rows.flatMap((row) => {
    const piece = namedPiece(row)
    if (!piece) return []
    return [
      {
        ...piece,
        source: row.source,
        unit: row.unit,
        price: row.price_cents,
        condition: row.condition,
        notes: row.notes,
        forTrade: row.is_for_trade,
        acquiredAt: iso(row.acquired_at),
        revokedAt: isoOrNull(row.revoked_at),
      },
    ]
  })
}

async function exportFavourites(db: Kysely<Database>, userId: string) {
  const rows = await withRevealOf(
    db.selectFrom("favourites as f").select("f.created_at").where("f.user_id", "=", userId),
    "f.product_id",
  )
    .select(PIECE_NAME)
    .orderBy("f.created_at")
    .execute()
  return rows.flatMap((r) => {
    const piece = namedPiece(r)
    return piece ? [{ ...piece, addedAt: iso(r.created_at) }] : []
  })
}

/** A trade's pieces, each read with its reveal facts under its own aliases. */
async function exportTrades(db: Kysely<Database>, userId: string): Promise<ExportedCommunity["trades"]> {
  const trades = await db
    .selectFrom("trades")
    .selectAll()
    .where((eb) => eb.or([eb("from_user_id", "=", userId), eb("to_user_id", "=", userId)]))
    .orderBy("created_at")
    .execute()
  if (trades.length === 0) return []
  const pieceIds = trades.flatMap((t) => [t.from_piece_id, t.to_piece_id].filter((id) => id !== null))
  const others = trades.map((t) => (t.from_user_id === userId ? t.to_user_id : t.from_user_id))
  const [pieces, profiles] = await Promise.all([
    withRevealOf(
      db.selectFrom("collector_pieces as cp").select("cp.id").where("cp.id", "in", pieceIds),
      "cp.product_id",
    )
      .select(PIECE_NAME)
      .execute(),
    db
      .selectFrom("collector_profiles")
      .select(["user_id", "username"])
      .where("user_id", "in", others)
      .execute(),
  ])
  const piece = (id: string | null) => {
    const row = pieces.find((p) => p.id === id)
    return row ? namedPiece(row) : null
  }
  return trades.map((t) => {
    const sent = t.from_user_id === userId
    const other = sent ? t.to_user_id : t.from_user_id
    return {
      direction: sent ? ("enviada" as const) : ("recebida" as const),
      otherCollector: profiles.find((p) => p.user_id === other)?.username ?? null,
      status: t.status,
      message: t.message,
      yourPiece: piece(sent ? t.from_piece_id : t.to_piece_id),
      theirPiece: piece(sent ? t.to_piece_id : t.from_piece_id),
      createdAt: iso(t.created_at),
      respondedAt: isoOrNull(t.responded_at),
      completedAt: isoOrNull(t.completed_at),
      cancelledAt: isoOrNull(t.cancelled_at),
      cancellationReason: t.cancellation_reason,
      unwoundAt: isoOrNull(t.unwound_at),
      unwoundReason: t.unwound_reason,
    }
  })
}

/** The collector's side of the community, as the collector wrote it or earned it. */
export async function exportCommunity(db: Kysely<Database>, userId: string): Promise<ExportedCommunity> {
  const [
    profile,
    pieces,
    shelf,
    favourites,
    stats,
    entries,
    achievements,
    missions,
    following,
    followers,
    trades,
  ] = await Promise.all([
    db.selectFrom("collector_profiles").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    exportPieces(db, userId),
    db.selectFrom("shelf_items").selectAll().where("user_id", "=", userId).orderBy("created_at").execute(),
    exportFavourites(db, userId),
    db.selectFrom("collector_stats").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("points_ledger")
      .select(["kind", "points", "coins", "description", "occurred_at"])
      .where("user_id", "=", userId)
      .orderBy("occurred_at")
      .execute(),
    db
      .selectFrom("collector_achievements")
      .select(["code", "scope", "unlocked_at"])
      .where("user_id", "=", userId)
      .orderBy("unlocked_at")
      .execute(),
    db
      .selectFrom("mission_redemptions")
      .select(["mission", "period", "redeemed_at"])
      .where("user_id", "=", userId)
      .orderBy("redeemed_at")
      .execute(),
    db
      .selectFrom("collector_follows as f")
      .leftJoin("collector_profiles as p", "p.user_id", "f.followee_id")
      .select(["p.username", "f.created_at"])
      .where("f.follower_id", "=", userId)
      .orderBy("f.created_at")
      .execute(),
    db
      .selectFrom("collector_follows")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("followee_id", "=", userId)
      .executeTakeFirstOrThrow(),
    exportTrades(db, userId),
  ])
  return {
    publicProfile: profile
      ? {
          username: profile.username,
          displayName: profile.display_name,
          bio: profile.bio,
          location: profile.location,
          avatarUrl: profile.avatar_url,
          isPrivate: profile.is_private,
          isVerified: profile.is_verified,
          profileViews: profile.profile_views,
          createdAt: iso(profile.created_at),
          updatedAt: iso(profile.updated_at),
        }
      : null,
    pieces,
    shelfItems: shelf.map((s) => ({
      name: s.name,
      company: s.company,
      collection: s.collection,
      category: s.category,
      description: s.description,
      rarity: s.rarity,
      condition: s.condition,
      companyStatus: s.company_status,
      estimatedValue: s.estimated_value_cents,
      imageUrl: s.image_url,
      notes: s.notes,
      acquiredOn: s.acquired_on,
      createdAt: iso(s.created_at),
      updatedAt: iso(s.updated_at),
    })),
    favourites,
    pointsAndCoins: {
      totals: stats
        ? {
            score: stats.score,
            coins: stats.coins,
            level: stats.level,
            pieces: stats.pieces,
            collectionsCompleted: stats.collections_completed,
            streak: stats.streak,
            achievements: stats.achievements,
            lastActivityAt: isoOrNull(stats.last_activity_at),
          }
        : null,
      entries: entries.map((e) => ({
        kind: e.kind,
        points: e.points,
        coins: e.coins,
        description: e.description,
        occurredAt: iso(e.occurred_at),
      })),
    },
    achievements: achievements.map((a) => ({ code: a.code, scope: a.scope, unlockedAt: iso(a.unlocked_at) })),
    missions: missions.map((m) => ({ mission: m.mission, period: m.period, redeemedAt: iso(m.redeemed_at) })),
    follows: {
      following: following.map((f) => ({ collector: f.username, since: iso(f.created_at) })),
      followers: Number(followers.n),
    },
    trades,
  }
}
