import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type RunningServer, startServer } from "../support/server"
import { initialJsGzip } from "./bundles"
import { type LighthouseResult, lighthouseMobile } from "./lighthouse"

// `npx tsx tests/bench/pagesMain.ts`: Lighthouse (mobile, median of BENCH_RUNS) and initial JavaScript for the
// four catalogue pages only, the part of `npm run bench` a front-end change needs. BENCH_URL measures a server
// that is already running (another build, say) instead of starting this one; BENCH_CLIENT_DIR is then its
// dist/client folder, for the JavaScript sizes.
const RUNS = Number(process.env.BENCH_RUNS ?? 3)

export async function cataloguePages(origin: string) {
  const res = await fetch(`${origin}/api/trpc/catalog.collections`)
  const body = (await res.json()) as { result: { data: { json: { slug: string }[] } } }
  const slug = body.result.data.json[0]?.slug ?? ""
  const html = await (await fetch(`${origin}/colecoes/${slug}`)).text()
  const character = /href="(\/character\/[0-9a-f-]+)"/.exec(html)?.[1] ?? "/"
  return ["/", "/colecoes", `/colecoes/${slug}`, character]
}

export interface PageFigures extends LighthouseResult {
  readonly page: string
  readonly initialJs: number
}

export async function measurePages(origin: string, clientDir: string, runs = RUNS): Promise<PageFigures[]> {
  const out: PageFigures[] = []
  for (const page of await cataloguePages(origin)) {
    const lh = await lighthouseMobile(origin + page, runs)
    out.push({ page, ...lh, initialJs: await initialJsGzip(origin, page, clientDir) })
  }
  return out
}

export function printPages(rows: readonly PageFigures[]) {
  console.table(
    rows.map((r) => ({
      page: r.page,
      score: r.score,
      lcp: `${r.lcp.toFixed(0)} ms`,
      fcp: `${r.fcp.toFixed(0)} ms`,
      tbt: `${r.tbt.toFixed(0)} ms`,
      cls: r.cls.toFixed(3),
      "initial JS (gzip)": `${(r.initialJs / 1024).toFixed(1)} KB`,
      "scores of the runs": r.scores.join(" "),
    })),
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const external = process.env.BENCH_URL
  let server: RunningServer | null = null
  const dataDir = mkdtempSync(join(tmpdir(), "bench-pages-"))
  try {
    if (!external) server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "error" })
    const origin = external ?? server?.url ?? ""
    const clientDir =
      process.env.BENCH_CLIENT_DIR ?? fileURLToPath(new URL("../../dist/client", import.meta.url))
    console.log(`Lighthouse (mobile, median of ${RUNS}) and initial JavaScript per route, ${origin}`)
    printPages(await measurePages(origin, clientDir))
  } finally {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
