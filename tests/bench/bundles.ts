import { existsSync, readFileSync, statSync } from "node:fs"
import { gzipSync } from "node:zlib"

/**
 * JavaScript a first visit to a page downloads before it is interactive: the entry script plus every
 * modulepreload the server put in the HTML (the route's own chunks), measured gzip-compressed.
 */
export async function initialJsGzip(origin: string, path: string, clientDir: string): Promise<number> {
  const html = await (await fetch(origin + path)).text()
  const srcs = new Set<string>()
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) if (m[1]) srcs.add(m[1])
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) if (m[1]) srcs.add(m[1])
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g))
    if (m[1]) srcs.add(m[1])
  for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g))
    if (m[1]) srcs.add(m[1])
  let total = 0
  for (const src of srcs) {
    const file = clientDir + src
    total += existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file)).length
  }
  return total
}
