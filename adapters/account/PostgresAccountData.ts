import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { AccountData } from "../../application/ports/AccountData"
import { AdminStats } from "../../application/ports/AdminStats"
import { Db, query } from "../db/DatabaseService"

const iso = (d: Date | string) => new Date(d).toISOString()

export const PostgresAccountDataLayer = Layer.effect(
  AccountData,
  Effect.gen(function* () {
    const { db } = yield* Db
    return AccountData.of({
      exportFor: (userId) =>
        query(async () => {
          const user = await db
            .selectFrom("auth_user")
            .selectAll()
            .where("id", "=", userId)
            .executeTakeFirst()
          if (!user) return null
          const [accounts, sessions, newsletter] = await Promise.all([
            db
              .selectFrom("auth_account")
              .select(["providerId", "createdAt"])
              .where("userId", "=", userId)
              .execute(),
            db
              .selectFrom("auth_session")
              .select(["createdAt", "expiresAt", "ipAddress", "userAgent"])
              .where("userId", "=", userId)
              .execute(),
            db
              .selectFrom("newsletter_subscriptions")
              .select("created_at")
              .where(sql`lower(email)`, "=", user.email.toLowerCase())
              .executeTakeFirst(),
          ])
          return {
            profile: {
              id: user.id,
              name: user.name,
              email: user.email,
              emailVerified: user.emailVerified,
              createdAt: iso(user.createdAt),
            },
            signInMethods: accounts.map((a) => ({
              provider: a.providerId === "credential" ? "email e senha" : a.providerId,
              createdAt: iso(a.createdAt),
            })),
            sessions: sessions.map((s) => ({
              createdAt: iso(s.createdAt),
              expiresAt: iso(s.expiresAt),
              ipAddress: s.ipAddress,
              userAgent: s.userAgent,
            })),
            newsletter: newsletter ? { subscribedAt: iso(newsletter.created_at) } : null,
          }
        }),
      contactOf: (userId) =>
        query(
          async () =>
            (await db
              .selectFrom("auth_user")
              .select(["email", "name"])
              .where("id", "=", userId)
              .executeTakeFirst()) ?? null,
        ),
    })
  }),
)

export const PostgresAdminStatsLayer = Layer.effect(
  AdminStats,
  Effect.gen(function* () {
    const { db } = yield* Db
    return AdminStats.of({
      overview: () =>
        query(async () => {
          const row = await sql<{
            customers: number
            verified: number
            collections: number
            characters: number
            newsletter: number
          }>`select
              (select count(*)::int from auth_user) as customers,
              (select count(*)::int from auth_user where "emailVerified") as verified,
              (select count(*)::int from legendarium_collections where is_active) as collections,
              (select count(*)::int from collection_products where is_active) as characters,
              (select count(*)::int from newsletter_subscriptions where status = 'confirmed') as newsletter`.execute(
            db,
          )
          const r = row.rows[0]
          return {
            customers: r?.customers ?? 0,
            verifiedCustomers: r?.verified ?? 0,
            activeCollections: r?.collections ?? 0,
            characters: r?.characters ?? 0,
            newsletterSubscribers: r?.newsletter ?? 0,
          }
        }),
    })
  }),
)
