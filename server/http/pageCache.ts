import { createHash } from "node:crypto"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import { preferredEncoding } from "./compression"

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** Catalogue pages: the same for every visitor who is not signed in. */
const CATALOGUE_PAGE = /^\/(colecoes(\/[^/]+(\/personagens)?)?|character\/[^/]+|planos)?\/?$/

/** Any cookie of the auth library: the visitor may be signed in, so the page may be theirs. */
const SESSION_COOKIE = /(^|;\s*)(__Secure-|__Host-)?better-auth\./

export interface CachedPage {
  readonly status: number
  /** Headers of a page that is not kept (a redirect's Location, say); never Set-Cookie. */
  readonly headers: readonly (readonly [string, string])[]
  readonly html: Buffer
  readonly br: Buffer
  readonly gzip: Buffer
  /** `'sha256-…'` sources of the page's inline scripts, for its Content-Security-Policy. */
  readonly scriptHashes: readonly string[]
  /** The catalogue version it was rendered under. */
  readonly version: number
  readonly expires: number
}

export interface PageCacheOptions {
  /** How long a page is served from memory at most. */
  readonly ttlMs: number
  /** The catalogue version now (adapters/catalog/CatalogVersion.ts): a page of another version is stale. */
  readonly version: () => number
  /** The next instant the clock alone changes what pages show (domain/shipping/schedule.ts nextShowcaseChange). */
  readonly nextChange: (now: number) => number | Promise<number>
  /** Renders a page for a request that carries no cookie, session or nonce. */
  readonly render: (request: Request) => Promise<Response>
  /** The page's Content-Security-Policy allowing exactly these inline scripts; null sends none. */
  readonly policy: (scriptHashes: readonly string[]) => string | null
  readonly now?: () => number
  /** Memory bound: the least recently used pages go first. */
  readonly maxBytes?: number
}

/** The sha256 CSP sources of a page's inline scripts. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = "", body = ""] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`)
  }
  return [...hashes]
}

/**
 * A short-lived cache of the HTML of anonymous catalogue pages, for the days (the 15th) when everyone comes
 * at once. Rules:
 * - only GET requests of catalogue paths, with no auth cookie and no Authorization header, use it;
 * - a miss renders the page from a copy of the request with no cookie, so no visitor's data can enter it;
 * - only 200 answers without Set-Cookie are kept;
 * - pages carry no per-response nonce: their CSP allows their inline scripts by hash, computed once;
 * - a page lives `ttlMs` at most, never past the next clock boundary (midnight, the reveal at noon on the
 *   15th), and is dropped as soon as the catalogue version moves;
 * - concurrent misses of one page share one render.
 */
export function pageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  const pages = new Map<string, CachedPage>()
  const rendering = new Map<string, Promise<CachedPage>>()
  let bytes = 0

  const size = (page: CachedPage) => page.html.length + page.br.length + page.gzip.length
  const drop = (key: string) => {
    const page = pages.get(key)
    if (!page) return
    pages.delete(key)
    bytes -= size(page)
  }
  const keep = (key: string, page: CachedPage) => {
    drop(key)
    pages.set(key, page)
    bytes += size(page)
    for (const oldest of pages.keys()) {
      if (bytes <= maxBytes) break
      drop(oldest)
    }
  }
  const fresh = (page: CachedPage) => page.expires > now() && page.version === options.version()

  const render = async (request: Request, key: string): Promise<CachedPage> => {
    const version = options.version()
    const started = now()
    const headers = new Headers(request.headers)
    headers.delete("cookie")
    headers.delete("authorization")
    const response = await options.render(new Request(request.url, { method: "GET", headers }))
    const text = await response.text()
    const html = Buffer.from(text, "utf8")
    const [br, gz] = await Promise.all([
      brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzipAsync(html, { level: 9 }),
    ])
    const passOn = [...response.headers].filter(
      ([name]) => !/^(set-cookie|content-length|content-encoding|content-type)$/i.test(name),
    )
    const page: CachedPage = {
      status: response.status,
      headers: response.status === 200 ? [] : passOn,
      html,
      br,
      gzip: gz,
      scriptHashes: inlineScriptHashes(text),
      version,
      expires: Math.min(started + options.ttlMs, await options.nextChange(started)),
    }
    if (response.status === 200 && !response.headers.has("set-cookie") && fresh(page)) keep(key, page)
    return page
  }

  const respond = (page: CachedPage, request: Request, outcome: "hit" | "miss") => {
    const encoding = preferredEncoding(request.headers.get("accept-encoding") ?? undefined)
    const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.html
    const headers = new Headers(page.headers as [string, string][])
    for (const [name, value] of Object.entries({
      "content-type": "text/html; charset=utf-8",
      "content-length": String(body.length),
      vary: "Accept-Encoding",
      // The page is the same for every visitor, but browsers must still ask again (phases change).
      "cache-control": "private, no-cache",
      "x-page-cache": outcome,
    }))
      headers.set(name, value)
    if (encoding) headers.set("content-encoding", encoding)
    const policy = options.policy(page.scriptHashes)
    if (policy) headers.set("content-security-policy", policy)
    // The Buffer itself, not a copy: @hono/node-server writes it straight to the socket.
    return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), {
      status: page.status,
      headers,
    })
  }

  return {
    /** Whether this request may be answered from the cache (an anonymous GET of a catalogue page). */
    accepts(request: Request): boolean {
      if (request.method !== "GET" && request.method !== "HEAD") return false
      if (request.headers.has("authorization")) return false
      if (SESSION_COOKIE.test(request.headers.get("cookie") ?? "")) return false
      return CATALOGUE_PAGE.test(new URL(request.url).pathname)
    },

    /** Answers from memory, or renders (one render for concurrent misses of a page) and keeps the page. */
    async serve(request: Request): Promise<Response> {
      const url = new URL(request.url)
      const key = url.pathname + url.search
      const cached = pages.get(key)
      if (cached && fresh(cached)) {
        // Least recently used goes first: a hit moves the page to the end.
        pages.delete(key)
        pages.set(key, cached)
        return respond(cached, request, "hit")
      }
      drop(key)
      let pending = rendering.get(key)
      if (!pending) {
        pending = render(request, key).finally(() => rendering.delete(key))
        rendering.set(key, pending)
      }
      return respond(await pending, request, "miss")
    },

    /** Pages held, and the bytes they take, for tests and monitoring. */
    get size() {
      return pages.size
    },
    get bytes() {
      return bytes
    },
  }
}

export type PageCache = ReturnType<typeof pageCache>
