import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { PostgresCommunityReadsLayer } from "../../adapters/community/PostgresCommunityReads"
import { Db } from "../../adapters/db/DatabaseService"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { CommunityReads, type RankingQuery } from "../../application/ports/CommunityReads"
import { periodStart } from "../../domain/community/profile"
import { freshPostgres, migrated } from "../support/databases"
import { startServer } from "../support/server"

/**
 * `npm run bench:ranking` (after `npm run build`): 10,000 collectors with their figures, three ledger entries each
 * this month and three before, on a fresh PostgreSQL database; times the ranking's reads (median of 7) for each
 * sort and period, prints their plans, then times the server-rendered /ranking of the production build.
 * Target: under 100 ms. Not a test: it asserts nothing.
 */
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres"
const COLLECTORS = Number(process.env.BENCH_COLLECTORS ?? 10_000)

const database = await freshPostgres(PG_URL)
const handle = await migrated(database)
const db = handle.db
const median = (runs: number[]) => [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)] ?? 0
try {
  const now = Date.now()
  await seedDemoCatalog(db, now)
  const started = performance.now()
  await sql`insert into auth_user (id, name, email, "emailVerified", "createdAt", "updatedAt")
    select 'c' || i, 'Colecionador ' || i, 'c' || i || '@example.com', true, now(), now()
    from generate_series(1, ${COLLECTORS}) i`.execute(db)
  await sql`insert into collector_stats (user_id, score, coins, level, pieces, collections_completed, streak,
      achievements, last_activity_at, updated_at)
    select 'c' || i, (i * 7919) % 20000, 0, 1 + ((i * 7919) % 20000) / 500, i % 40, i % 4, i % 13, i % 9,
      now() - (i % 90) * interval '1 day', now()
    from generate_series(1, ${COLLECTORS}) i`.execute(db)
  // A tenth have a saved profile, one in fifty of them private.
  await sql`insert into collector_profiles (user_id, username, display_name, is_private, created_at, updated_at)
    select 'c' || i, 'colecionador_' || i, 'Colecionador ' || i, i % 50 = 0, now(), now()
    from generate_series(1, ${COLLECTORS}, 10) i`.execute(db)
  const monthStart = new Date(periodStart(now))
  await sql`insert into points_ledger (user_id, kind, reference, points, coins, description, occurred_at)
    select 'c' || i, 'mission', 'b:' || i || ':' || k, 10 + (i * k) % 300, 0, 'Missão',
      case when k <= 3 then ${monthStart}::timestamptz + ((i + k) % 600) * interval '1 minute'
        else ${monthStart}::timestamptz - (k * 7 + i % 60) * interval '1 day' end
    from generate_series(1, ${COLLECTORS}) i, generate_series(1, 6) k`.execute(db)
  await sql`analyze`.execute(db)
  console.log(`seeded ${COLLECTORS} collectors in ${Math.round(performance.now() - started)} ms`)

  const layer = PostgresCommunityReadsLayer.pipe(Layer.provide(Db.fromHandle(handle)))
  const time = async (label: string, query: Partial<RankingQuery>) => {
    const full: RankingQuery = {
      sort: "score",
      period: "all",
      search: "",
      page: 1,
      pageSize: 20,
      now,
      viewerId: "c5000",
      ...query,
    }
    const runs: number[] = []
    for (let i = 0; i < 7; i++) {
      const t = performance.now()
      await Effect.runPromise(
        Effect.provide(
          CommunityReads.use((r) => r.ranking(full)),
          layer,
        ),
      )
      runs.push(performance.now() - t)
    }
    console.log(
      `${label.padEnd(36)} median ${median(runs).toFixed(1)} ms  max ${Math.max(...runs).toFixed(1)} ms`,
    )
  }
  await time("all time, by score, page 1", {})
  await time("all time, by score, page 200", { page: 200 })
  await time("all time, by level", { sort: "level" })
  await time("all time, by streak", { sort: "streak" })
  await time("all time, search 'colecionador_77'", { search: "colecionador_77" })
  await time("this month, by score", { period: "month" })
  await time("this month, by streak, page 50", { period: "month", sort: "streak", page: 50 })

  const explain = async (label: string, text: ReturnType<typeof sql>) => {
    const plan = await sql<{ "QUERY PLAN": string }>`explain analyze ${text}`.execute(db)
    console.log(`EXPLAIN ${label}:\n  ${plan.rows.map((r) => r["QUERY PLAN"]).join("\n  ")}`)
  }
  await explain(
    "this month's points (points_ledger_period_idx)",
    sql`select user_id, sum(points)::int from points_ledger where occurred_at >= ${monthStart} group by user_id`,
  )
  await explain(
    "all-time page by score (collector_stats_score_idx)",
    sql`select user_id, (row_number() over (order by score desc, user_id))::int from collector_stats
      where score > 0 order by score desc, user_id limit 20`,
  )

  const server = await startServer({
    DATABASE_URL: database.target.kind === "postgres" ? database.target.url : "",
    NODE_ENV: "test",
    LOG_LEVEL: "error",
    SEED_DEMO_DATA: "false",
    CATALOG_CACHE_SECONDS: "30",
  })
  try {
    for (const path of ["/ranking", "/ranking?periodo=mes", "/ranking?ordem=streak&pagina=100"]) {
      await fetch(server.url + path).then((r) => r.text())
      const runs: number[] = []
      for (let i = 0; i < 7; i++) {
        const t = performance.now()
        const response = await fetch(server.url + path)
        await response.text()
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`)
        runs.push(performance.now() - t)
      }
      console.log(
        `SSR ${path.padEnd(32)} median ${median(runs).toFixed(1)} ms  max ${Math.max(...runs).toFixed(1)} ms`,
      )
    }
  } finally {
    await server.stop()
  }
} finally {
  await handle.close()
  await database.dispose()
}
