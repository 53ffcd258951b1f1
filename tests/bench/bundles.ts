import { existsSync, readFileSync, statSync } from "node:fs"
import { gzipSync } from "node:zlib"

/**
 * JavaScript a first visit to a page downloads before it is interactive: the entry script and every chunk
 * the page preloads (its route's own code), measured gzip-compressed.
 */
export async function initialJsGzip(origin: string, path: string, clientDir: string): Promise<number> {
  const html = await (await fetch(origin + path)).text()
  // Script tags, modulepreload links, and the lists the after-first-paint loader fetches (server/ssr/manifest.ts).
  const srcs = new Set([...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? ""))
  let total = 0
  for (const src of srcs) {
    const file = clientDir + src
    total += existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length
  }
  return total
}
