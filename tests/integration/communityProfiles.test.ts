import { TRPCError } from "@trpc/server"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { seedDemoCommunity } from "../../adapters/seed/seedDemoCommunity"
import { backfillCommunity } from "../../application/community/backfillCommunity"
import { getRanking } from "../../application/community/getRanking"
import type { Viewer } from "../../application/ports/CurrentUser"
import { CurrentUser } from "../../application/ports/CurrentUser"
import { PRIVATE_COLLECTOR_NAME, periodStart, streakValidFrom } from "../../domain/community/profile"
import { createLogger } from "../../server/logger"
import { appRouter } from "../../server/trpc/appRouter"
import { createCallerFactory } from "../../server/trpc/init"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addUsers, clockNow, runtimeDb } from "../support/storeRuntime"

// The ranking, profiles, follows and profile editing on the real adapters, on PGlite and on PostgreSQL.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

const ana = customer("ana", "Ana Souza")
const bruno = customer("bruno", "Bruno Costa")
const DAY = 24 * 60 * 60_000

describe.each(targets)("community profiles on $name", (target) => {
  const { runtime } = testRuntime(target, embedded, { workers: false })
  let db: Kysely<Database>
  let now = 0
  const caller = (who: Viewer | null) =>
    createCallerFactory(appRouter)({
      runtime,
      logger: createLogger("silent"),
      auth: null as never,
      viewer: who,
      headers: new Headers(),
      clientIp: "10.0.0.1",
    }).communityProfiles
  const as = <A, E, R>(who: Viewer | null, effect: Effect.Effect<A, E, R>) =>
    runtime.runPromise(
      effect.pipe(Effect.provideService(CurrentUser, { viewer: who })) as Effect.Effect<A, E, never>,
    )
  const refusal = async (call: Promise<unknown>) => {
    try {
      await call
      return "accepted"
    } catch (error) {
      return error instanceof TRPCError ? `${error.code} ${error.message}` : String(error)
    }
  }

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    now = await clockNow(runtime)
    await seedDemoCatalog(db, now)
    await addUsers(db, [ana, bruno])
  }, 60_000)
  afterAll(() => runtime.dispose())

  it("replays paid orders into pieces, points and figures once (the demo collectors' orders)", async () => {
    expect(await seedDemoCommunity(db, now)).toBe(5)
    const first = await runtime.runPromise(backfillCommunity())
    expect(first).toEqual({ replayed: 16, collectors: 5 })
    const ledger = await db.selectFrom("points_ledger").select("id").execute()
    const again = await runtime.runPromise(backfillCommunity())
    expect(again).toEqual({ replayed: 0, collectors: 0 })
    expect(await db.selectFrom("points_ledger").select("id").execute()).toHaveLength(ledger.length)
    const marina = await db
      .selectFrom("collector_stats")
      .selectAll()
      .where("user_id", "=", "demo-collector-marina")
      .executeTakeFirstOrThrow()
    expect(marina.pieces).toBe(6)
    expect(marina.score).toBeGreaterThanOrEqual(600)
    // Paid in five consecutive months up to this one (two days ago may still be last month on the 1st or 2nd).
    expect(marina.streak).toBeGreaterThanOrEqual(4)
    // Achievements are dated by the payment that reached them, not by the backfill.
    const earliest = async (query: Promise<{ at: Date | string | null } | undefined>) =>
      new Date((await query)?.at ?? 0).getTime()
    const firstUnlock = await earliest(
      db
        .selectFrom("collector_achievements")
        .where("user_id", "=", "demo-collector-marina")
        .where("code", "=", "first_character")
        .select((eb) => eb.fn.min("unlocked_at").as("at"))
        .executeTakeFirst(),
    )
    const firstPayment = await earliest(
      db
        .selectFrom("orders")
        .where("user_id", "=", "demo-collector-marina")
        .select((eb) => eb.fn.min("paid_at").as("at"))
        .executeTakeFirst(),
    )
    expect(firstUnlock).toBe(firstPayment)
    expect(firstUnlock).toBeLessThan(now - 30 * DAY)
    // A second seeding finds collectors and adds nothing.
    expect(await seedDemoCommunity(db, now)).toBe(0)
  })

  it("numbers every collector, pages by 20, and keeps positions when searching", async () => {
    const extra = Array.from({ length: 25 }, (_, i) => ({
      id: `bulk-${String(i).padStart(2, "0")}`,
      score: 5000 - i * 100,
    }))
    await db
      .insertInto("auth_user")
      .values(
        extra.map((u) => ({
          id: u.id,
          name: `Bulk ${u.id}`,
          email: `${u.id}@example.com`,
          emailVerified: true,
          role: null,
          appRole: null,
        })),
      )
      .execute()
    await db
      .insertInto("collector_stats")
      .values(
        extra.map((u, i) => ({
          user_id: u.id,
          score: u.score,
          level: 1 + Math.floor(u.score / 500),
          streak: i === 24 ? 40 : 1,
          // The last one's streak is old: it counts as none.
          last_activity_at: new Date(i === 24 ? streakValidFrom(now) - DAY : now),
          updated_at: new Date(now),
        })),
      )
      .execute()
    const page1 = await as(null, getRanking({ sort: "score", period: "all", search: "", page: 1 }))
    expect(page1.rows).toHaveLength(20)
    expect(page1.rows.map((r) => r.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(page1.rows[0]).toMatchObject({
      userId: "bulk-00",
      points: 5000,
      level: 11,
      title: "Mestre Colecionador",
    })
    expect(page1.total).toBe(30)
    expect(page1.pages).toBe(2)
    expect(page1.summary).toMatchObject({ activeCollectors: 30, highestScore: 5000, highestLevel: 11 })
    const page2 = await as(null, getRanking({ sort: "score", period: "all", search: "", page: 2 }))
    expect(page2.rows.map((r) => r.position)).toEqual([21, 22, 23, 24, 25, 26, 27, 28, 29, 30])
    const scores = [...page1.rows, ...page2.rows].map((r) => r.points)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))

    const found = await as(null, getRanking({ sort: "score", period: "all", search: "rafa", page: 1 }))
    expect(found.rows).toHaveLength(1)
    expect(found.rows[0]).toMatchObject({ name: "Rafa Nogueira", username: "rafa_herois" })
    expect(found.rows[0]?.position).toBeGreaterThan(25)
    // Without a saved profile a collector is "first name + initial", found by the first name only.
    const joao = await as(null, getRanking({ sort: "score", period: "all", search: "joão", page: 1 }))
    expect(joao.rows.map((r) => r.name)).toEqual(["João A."])
    expect(
      (await as(null, getRanking({ sort: "score", period: "all", search: "Alves", page: 1 }))).rows,
    ).toEqual([])

    const streaks = await as(null, getRanking({ sort: "streak", period: "all", search: "", page: 2 }))
    expect(streaks.rows.at(-1)).toMatchObject({ userId: "bulk-24", streak: 0 })
    const levels = await as(null, getRanking({ sort: "level", period: "all", search: "", page: 1 }))
    const lv = levels.rows.map((r) => r.level)
    expect(lv).toEqual([...lv].sort((a, b) => b - a))
  })

  it("lists a private collector by figures only, and never finds it by name", async () => {
    const all = await as(null, getRanking({ sort: "score", period: "all", search: "", page: 2 }))
    const carla = all.rows.find((r) => r.isPrivate)
    expect(carla).toMatchObject({
      name: PRIVATE_COLLECTOR_NAME,
      userId: null,
      username: null,
      avatarUrl: null,
    })
    expect(
      (await as(null, getRanking({ sort: "score", period: "all", search: "carla", page: 1 }))).rows,
    ).toEqual([])
    const profile = await caller(ana).profile({ username: "carla_m" })
    expect(profile).toEqual({
      userId: "demo-collector-carla",
      username: "carla_m",
      displayName: "Carla Mendes",
      isSelf: false,
      visibility: "private",
    })
    expect(JSON.stringify(profile)).not.toMatch(/pieces|activity|score/)
  })

  it("ranks this month by the points earned since the 1st, and marks the viewer's own row", async () => {
    const start = periodStart(now)
    await db
      .insertInto("points_ledger")
      .values([
        {
          user_id: "bulk-20",
          kind: "mission",
          reference: "t:1",
          points: 9000,
          coins: 0,
          description: "Missão",
          occurred_at: new Date(start + 60_000),
        },
        // Before the month began: not this month's.
        {
          user_id: "bulk-21",
          kind: "mission",
          reference: "t:2",
          points: 9999,
          coins: 0,
          description: "Missão",
          occurred_at: new Date(start - 60_000),
        },
      ])
      .execute()
    const month = await as(
      { ...ana, id: "bulk-20" },
      getRanking({ sort: "score", period: "month", search: "", page: 1 }),
    )
    expect(month.rows[0]).toMatchObject({ userId: "bulk-20", points: 9000, isViewer: true, position: 1 })
    expect(month.rows.some((r) => r.userId === "bulk-21")).toBe(false)
    expect(month.viewer).toMatchObject({ userId: "bulk-20", position: 1 })
    expect(month.summary.highestScore).toBe(9000)
    const viewerFar = await as(
      { ...ana, id: "bulk-24" },
      getRanking({ sort: "score", period: "all", search: "zzz", page: 1 }),
    )
    expect(viewerFar.rows).toEqual([])
    expect(viewerFar.viewer).toMatchObject({ userId: "bulk-24", position: 25, isViewer: true })
  })

  it("shows a public profile with its tabs, and answers not found for an unknown username", async () => {
    const p = await caller(null).profile({ username: "marina_coleciona" })
    if (p.visibility !== "public") throw new Error("expected a public profile")
    expect(p).toMatchObject({
      displayName: "Marina Tavares",
      isVerified: true,
      location: "Belo Horizonte, MG",
    })
    expect(p.stats.pieces).toBe(6)
    expect(p.collections.length).toBeGreaterThan(0)
    expect(p.achievements.map((a) => a.name)).toContain("Primeiro Personagem")
    expect(p.activity[0]?.description).toMatch(/Comprou 1 personagem|Conquista desbloqueada/)
    expect(await refusal(caller(null).profile({ username: "ninguem_aqui" }))).toMatch(/^NOT_FOUND/)
    const byId = await caller(null).profile({ userId: "demo-collector-joao" })
    expect(byId).toMatchObject({ displayName: "João A.", username: null, visibility: "public" })
  })

  it("follows once however often asked, never oneself, and only when signed in", async () => {
    await caller(ana).follow({ userId: "demo-collector-marina", follow: true })
    await caller(ana).follow({ userId: "demo-collector-marina", follow: true })
    const follows = await db
      .selectFrom("collector_follows")
      .selectAll()
      .where("follower_id", "=", "ana")
      .execute()
    expect(follows).toHaveLength(1)
    const p = await caller(ana).profile({ userId: "demo-collector-marina" })
    expect(p).toMatchObject({ isFollowing: true, stats: { followers: 1 } })
    expect(await refusal(caller(ana).follow({ userId: "ana", follow: true }))).toBe(
      "BAD_REQUEST Você não pode seguir a si mesmo.",
    )
    expect(await refusal(caller(null).follow({ userId: "demo-collector-marina", follow: true }))).toMatch(
      /^UNAUTHORIZED/,
    )
    expect(await refusal(caller(ana).follow({ userId: "demo-collector-carla", follow: true }))).toMatch(
      /^NOT_FOUND/,
    )
    await caller(ana).follow({ userId: "demo-collector-marina", follow: false })
    expect(await caller(ana).profile({ userId: "demo-collector-marina" })).toMatchObject({
      isFollowing: false,
    })
  })

  it("edits only the caller's own profile, with the domain's pt-BR errors", async () => {
    expect(await refusal(caller(null).mine())).toMatch(/^UNAUTHORIZED/)
    expect(
      await refusal(
        caller(null).save({
          username: "x_x_x",
          displayName: "X",
          bio: "",
          location: "",
          avatarUrl: null,
          isPrivate: false,
        }),
      ),
    ).toMatch(/^UNAUTHORIZED/)
    expect(await caller(ana).mine()).toMatchObject({ saved: false, username: "", displayName: "Ana S." })
    const profile = {
      username: "Ana_Coleciona ",
      displayName: "Ana",
      bio: "Oi",
      location: "SP",
      avatarUrl: null,
      isPrivate: false,
    }
    expect(await caller(ana).save(profile)).toEqual({ username: "ana_coleciona" })
    // Bruno cannot take Ana's username, nor reach her profile: the procedure has no id to name.
    expect(await refusal(caller(bruno).save({ ...profile, displayName: "Bruno" }))).toBe(
      "BAD_REQUEST Este nome de usuário já está em uso.",
    )
    expect(await refusal(caller(bruno).save({ ...profile, username: "a" }))).toMatch(/letras minúsculas/)
    expect(
      await refusal(
        caller(bruno).save({ ...profile, username: "bruno_c", avatarUrl: "https://evil.example/x.png" }),
      ),
    ).toMatch(/Foto de perfil inválida/)
    await caller(bruno).save({ ...profile, username: "bruno_c", displayName: "Bruno" })
    expect(await caller(ana).mine()).toMatchObject({
      username: "ana_coleciona",
      displayName: "Ana",
      bio: "Oi",
    })
    const rows = await db
      .selectFrom("collector_profiles")
      .select(["user_id", "username"])
      .where("user_id", "in", ["ana", "bruno"])
      .orderBy("user_id")
      .execute()
    expect(rows).toEqual([
      { user_id: "ana", username: "ana_coleciona" },
      { user_id: "bruno", username: "bruno_c" },
    ])
    // Views by others count, once a day each (reloading adds nothing); the owner's own do not.
    await caller(bruno).viewed({ userId: "ana" })
    await caller(bruno).viewed({ userId: "ana" })
    await caller(ana).viewed({ userId: "ana" })
    await caller(null).viewed({ userId: "ana" })
    await caller(null).viewed({ userId: "ana" })
    // An id of no account (anyone may send one) counts nothing, and is no error.
    await caller(null).viewed({ userId: "ninguem" })
    expect(await caller(ana).profile({ username: "ana_coleciona" })).toMatchObject({
      stats: { profileViews: 2 },
    })
    const stored = await db
      .selectFrom("profile_views")
      .select("visitor")
      .where("profile_id", "=", "ana")
      .execute()
    // Who looked is kept as a digest, never an address.
    expect(stored.map((v) => v.visitor).every((v) => /^[0-9a-f]{64}$/.test(v))).toBe(true)
    // Private: others see the name only, the owner everything.
    await caller(ana).save({ ...profile, isPrivate: true })
    expect(await caller(bruno).profile({ username: "ana_coleciona" })).toMatchObject({
      visibility: "private",
    })
    expect(await caller(ana).profile({ username: "ana_coleciona" })).toMatchObject({
      visibility: "public",
      isPrivate: true,
    })
  })
})
