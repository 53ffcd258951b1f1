import { createReadStream, existsSync, statSync } from "node:fs"
import { extname, join, normalize, sep } from "node:path"
import { Readable } from "node:stream"
import type { MiddlewareHandler } from "hono"
import { preferredEncoding } from "./compression"

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".woff2": "font/woff2",
}

/**
 * Serves the client build. Hashed files under /assets/ never change, so they are cached for a year;
 * the build wrote .br/.gz siblings, which are sent when the browser accepts them.
 */
export function staticAssets(root: string): MiddlewareHandler {
  const base = normalize(root + sep)
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next()
    const pathname = decodeURIComponent(new URL(c.req.url).pathname)
    // Dot folders of the build (Vite's .vite/manifest.json) are for the server, not the world.
    if (pathname.split("/").some((segment) => segment.startsWith("."))) return next()
    const file = normalize(join(base, pathname))
    if (!file.startsWith(base) || pathname.endsWith("/") || !existsSync(file) || !statSync(file).isFile())
      return next()
    const type = TYPES[extname(file)]
    if (!type) return next()
    const encoding = preferredEncoding(c.req.header("accept-encoding"))
    const suffix = encoding === "br" ? ".br" : encoding === "gzip" ? ".gz" : null
    const chosen = suffix && existsSync(file + suffix) ? file + suffix : file
    const headers = new Headers({
      "content-type": type,
      "content-length": String(statSync(chosen).size),
      "cache-control": pathname.startsWith("/assets/")
        ? "public, max-age=31536000, immutable"
        : "public, max-age=3600, stale-while-revalidate=86400",
      vary: "Accept-Encoding",
    })
    if (chosen !== file) headers.set("content-encoding", encoding as string)
    if (c.req.method === "HEAD") return new Response(null, { headers })
    return new Response(Readable.toWeb(createReadStream(chosen)) as ReadableStream, { headers })
  }
}
