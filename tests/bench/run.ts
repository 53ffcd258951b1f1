import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { freshPostgres } from "../support/databases"
import { type RunningServer, SERVER_ENTRY, startServer } from "../support/server"
import { initialJsGzip } from "./bundles"
import { runEventBench } from "./eventsMain"
import { lighthouseMobile } from "./lighthouse"
import { load } from "./load"
import { runOrderBench } from "./ordersMain"
import { benchPageCache, printPageCacheFigures } from "./pageCache"

// `npm run bench`: prints the figures reported in issue notes. Not a test: it asserts nothing.
const clientDir = fileURLToPath(new URL("../../dist/client", import.meta.url))
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const PG_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres"

if (!existsSync(SERVER_ENTRY)) {
  console.error("Run `npm run build` first.")
  process.exit(1)
}

async function pagesOf(server: RunningServer) {
  const res = await fetch(`${server.url}/api/trpc/catalog.collections`)
  const body = (await res.json()) as { result: { data: { json: { slug: string }[] } } }
  const slug = body.result.data.json[0]?.slug ?? ""
  const html = await (await fetch(`${server.url}/colecoes/${slug}`)).text()
  const character = /href="(\/character\/[0-9a-f-]+)"/.exec(html)?.[1] ?? "/"
  return { collection: `/colecoes/${slug}`, character }
}

const fmt = (n: number, digits = 0) => n.toFixed(digits)
const rows: string[][] = []

const dataDir = mkdtempSync(join(tmpdir(), "bench-pglite-"))
const pglite = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "error" })
try {
  const { collection, character } = await pagesOf(pglite)
  const pages = ["/", "/colecoes", collection, character]
  console.log("Lighthouse (mobile, median of 3) and initial JavaScript per route")
  for (const path of pages) {
    const lh = await lighthouseMobile(pglite.url + path)
    const js = await initialJsGzip(pglite.url, path, clientDir)
    rows.push([
      path,
      String(lh.score),
      `${fmt(lh.lcp)} ms`,
      `${fmt(lh.fcp)} ms`,
      `${fmt(lh.tbt)} ms`,
      fmt(lh.cls, 3),
      `${fmt(js / 1024, 1)} KB`,
    ])
  }
  console.table(
    rows.map(([page, score, lcp, fcp, tbt, cls, js]) => ({
      page,
      score,
      lcp,
      fcp,
      tbt,
      cls,
      "initial JS (gzip)": js,
    })),
  )
} finally {
  await pglite.stop()
}

async function throughput(label: string, env: Record<string, string>) {
  const server = await startServer({ ...env, LOG_LEVEL: "error" })
  try {
    const { collection } = await pagesOf(server)
    const targets = [
      [`SSR ${collection}`, collection],
      ["tRPC catalog.collections", "/api/trpc/catalog.collections"],
    ] as const
    const out = []
    for (const [name, path] of targets) {
      await load(server.url, path, { connections: 4, seconds: 2 }) // warm-up
      const r = await load(server.url, path, { connections: CONNECTIONS, seconds: SECONDS })
      out.push({
        database: label,
        target: name,
        "req/s": fmt(r.rps),
        "p50 ms": fmt(r.p50, 1),
        "p95 ms": fmt(r.p95, 1),
        "p99 ms": fmt(r.p99, 1),
        errors: r.errors,
      })
    }
    return out
  } finally {
    await server.stop()
  }
}

console.log(
  `\nThroughput: ${CONNECTIONS} concurrent connections for ${SECONDS} s each (client and server share this machine)`,
)
const results = await throughput("PGlite", { DATA_DIR: dataDir })
const pg = await freshPostgres(PG_URL).catch(() => null)
if (pg) {
  try {
    results.push(
      ...(await throughput("PostgreSQL", {
        DATABASE_URL: pg.target.kind === "postgres" ? pg.target.url : "",
        AUTH_SECRET: "bench-secret-of-at-least-32-characters",
      })),
    )
  } finally {
    await pg.dispose()
  }
} else console.log(`PostgreSQL not reachable at ${PG_URL}: skipped`)
console.table(results)
rmSync(dataDir, { recursive: true, force: true })

printPageCacheFigures(await benchPageCache())

await runEventBench()
await runOrderBench()
