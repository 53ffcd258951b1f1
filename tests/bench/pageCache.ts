import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { request } from "undici"
import { startServer } from "../support/server"
import { type LoadResult, load } from "./load"

// `npx tsx tests/bench/pageCache.ts` (also part of `npm run bench`): an anonymous collection page served from
// the HTML cache, against the very same bytes and headers served by a bare Node HTTP server, in one run. The
// goal is at least 0.3× the bare server's throughput.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

export interface PageCacheFigures {
  readonly page: string
  readonly store: LoadResult
  readonly bare: LoadResult
  readonly ratio: number
}

/** A server that answers every request with one recorded response: the floor of any Node server. */
async function bareServer(
  body: Buffer,
  headers: Record<string, string>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((_, res) => {
    res.writeHead(200, headers)
    res.end(body)
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  return { url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`, server }
}

export async function benchPageCache(env: Record<string, string> = {}): Promise<PageCacheFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-page-cache-"))
  const store = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "error", ...env })
  try {
    const collections = (await (await fetch(`${store.url}/api/trpc/catalog.collections`)).json()) as {
      result: { data: { json: { slug: string }[] } }
    }
    const page = `/colecoes/${collections.result.data.json[0]?.slug ?? ""}`
    // The bytes a browser gets (brotli, as the load generator asks), with the store's own headers; undici's
    // request, unlike fetch, hands them over still compressed.
    const get = () => request(store.url + page, { headers: { "accept-encoding": "br, gzip" } })
    await (await get()).body.dump()
    const hit = await get()
    if (hit.headers["x-page-cache"] !== "hit") throw new Error(`${page} is not served from the cache`)
    const body = Buffer.from(await hit.body.arrayBuffer())
    const headers = Object.fromEntries(
      Object.entries(hit.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
    )
    const bare = await bareServer(body, headers)
    try {
      const run = async (url: string) => {
        await load(url, page, { connections: 4, seconds: 2 }) // warm-up
        return load(url, page, { connections: CONNECTIONS, seconds: SECONDS })
      }
      const storeResult = await run(store.url)
      const bareResult = await run(bare.url)
      return { page, store: storeResult, bare: bareResult, ratio: storeResult.rps / bareResult.rps }
    } finally {
      bare.server.closeAllConnections()
      bare.server.close()
    }
  } finally {
    await store.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printPageCacheFigures(f: PageCacheFigures) {
  const row = (label: string, r: LoadResult) => ({
    server: label,
    "req/s": r.rps.toFixed(0),
    "p50 ms": r.p50.toFixed(1),
    "p95 ms": r.p95.toFixed(1),
    "p99 ms": r.p99.toFixed(1),
    errors: r.errors,
  })
  console.log(
    `\nAnonymous ${f.page} from the HTML cache against the same bytes from a bare Node server (${CONNECTIONS} connections, ${SECONDS} s each)`,
  )
  console.table([row("store (page cache)", f.store), row("bare node:http", f.bare)])
  console.log(`store / bare throughput: ${f.ratio.toFixed(2)}× (goal ≥ 0.30×)`)
}

if (import.meta.url === `file://${process.argv[1]}`) printPageCacheFigures(await benchPageCache())
