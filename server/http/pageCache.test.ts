import { createHash } from "node:crypto"
import { describe, expect, it } from "vitest"
import { inlineScriptHashes, type PageCacheOptions, pageCache } from "./pageCache"

const PAGE = `<!doctype html><html><head><script>window.a=1</script><script type="module">import("/x.js")</script><script src="/assets/e.js"></script></head><body><h1>Coleções</h1></body></html>`

function setup(overrides: Partial<PageCacheOptions> = {}) {
  let now = 1_000_000
  let version = 0
  const seen: Request[] = []
  let answer = () => new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } })
  const cache = pageCache({
    ttlMs: 10_000,
    version: () => version,
    nextChange: () => Number.POSITIVE_INFINITY,
    render: async (request) => {
      seen.push(request)
      return answer()
    },
    policy: (hashes) => `script-src 'self' ${hashes.join(" ")}`,
    now: () => now,
    ...overrides,
  })
  return {
    cache,
    seen,
    tick: (ms: number) => {
      now += ms
    },
    bump: () => {
      version++
    },
    answerWith: (next: () => Response) => {
      answer = next
    },
  }
}

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://loja.test${path}`, { headers })

describe("page cache", () => {
  it("takes only anonymous GETs of catalogue pages", () => {
    const { cache } = setup()
    for (const path of [
      "/",
      "/colecoes",
      "/colecoes/lendas",
      "/colecoes/lendas/personagens",
      "/character/x",
      "/planos",
    ])
      expect(cache.accepts(get(path)), path).toBe(true)
    for (const path of ["/carrinho", "/perfil", "/auth/login", "/admin", "/api/trpc/x", "/dev/emails"])
      expect(cache.accepts(get(path)), path).toBe(false)
    expect(cache.accepts(get("/", { cookie: "better-auth.session_token=abc" }))).toBe(false)
    expect(cache.accepts(get("/", { cookie: "theme=dark; __Secure-better-auth.session_data=x" }))).toBe(false)
    expect(cache.accepts(get("/", { authorization: "Bearer x" }))).toBe(false)
    expect(cache.accepts(new Request("http://loja.test/", { method: "POST" }))).toBe(false)
    expect(cache.accepts(get("/", { cookie: "theme=dark" }))).toBe(true)
  })

  it("renders a page once, then answers from memory with the same bytes", async () => {
    const { cache, seen } = setup()
    const first = await cache.serve(get("/colecoes", { "accept-encoding": "br" }))
    const second = await cache.serve(get("/colecoes", { "accept-encoding": "br" }))
    expect(first.headers.get("x-page-cache")).toBe("miss")
    expect(second.headers.get("x-page-cache")).toBe("hit")
    expect(second.headers.get("content-encoding")).toBe("br")
    expect(Buffer.from(await second.arrayBuffer())).toEqual(Buffer.from(await first.arrayBuffer()))
    const plain = await cache.serve(get("/colecoes"))
    expect(await plain.text()).toBe(PAGE)
    expect(seen).toHaveLength(1)
  })

  it("renders without the visitor's cookies, so nothing of theirs can be kept", async () => {
    const { cache, seen } = setup()
    await cache.serve(get("/colecoes", { cookie: "theme=dark; tracking=123", authorization: "x" }))
    expect(seen[0]?.headers.get("cookie")).toBeNull()
    expect(seen[0]?.headers.get("authorization")).toBeNull()
  })

  it("allows the page's own inline scripts by hash, with no nonce", async () => {
    const { cache } = setup()
    const res = await cache.serve(get("/"))
    const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`
    expect(res.headers.get("content-security-policy")).toBe(
      `script-src 'self' ${sha("window.a=1")} ${sha('import("/x.js")')}`,
    )
    expect(inlineScriptHashes(PAGE)).toHaveLength(2)
    expect(await res.text()).not.toContain("nonce")
  })

  it("shares one render among concurrent misses", async () => {
    const { cache, seen } = setup()
    await Promise.all(Array.from({ length: 20 }, () => cache.serve(get("/planos"))))
    expect(seen).toHaveLength(1)
  })

  it("keeps a page for the TTL at most", async () => {
    const { cache, seen, tick } = setup()
    await cache.serve(get("/"))
    tick(9_999)
    expect((await cache.serve(get("/"))).headers.get("x-page-cache")).toBe("hit")
    tick(1)
    expect((await cache.serve(get("/"))).headers.get("x-page-cache")).toBe("miss")
    expect(seen).toHaveLength(2)
  })

  it("never serves a page past the next clock boundary (the reveal at noon on the 15th)", async () => {
    const { cache, tick } = setup({ nextChange: (now) => now + 3_000 })
    await cache.serve(get("/"))
    tick(2_999)
    expect((await cache.serve(get("/"))).headers.get("x-page-cache")).toBe("hit")
    tick(1)
    expect((await cache.serve(get("/"))).headers.get("x-page-cache")).toBe("miss")
  })

  it("asks for the boundary of the catalogue's own instants too (a reveal moved off noon)", async () => {
    const { cache, tick } = setup({ nextChange: async (now) => now + 1_500 })
    await cache.serve(get("/"))
    tick(1_499)
    expect((await cache.serve(get("/"))).headers.get("x-page-cache")).toBe("hit")
    tick(1)
    expect((await cache.serve(get("/"))).headers.get("x-page-cache")).toBe("miss")
  })

  it("drops every page when the catalogue version moves, and keeps nothing rendered before it", async () => {
    const { cache, seen, bump } = setup()
    await cache.serve(get("/"))
    bump()
    expect((await cache.serve(get("/"))).headers.get("x-page-cache")).toBe("miss")
    expect((await cache.serve(get("/"))).headers.get("x-page-cache")).toBe("hit")
    expect(seen).toHaveLength(2)

    let release: () => void = () => {}
    let versionNow = 0
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const cacheWithGate = pageCache({
      ttlMs: 10_000,
      version: () => versionNow,
      nextChange: () => Number.POSITIVE_INFINITY,
      render: async () => {
        await gate
        return new Response(PAGE)
      },
      policy: () => null,
    })
    const inFlight = cacheWithGate.serve(get("/"))
    versionNow = 1
    release()
    await inFlight
    expect(cacheWithGate.size).toBe(0)
  })

  it("keeps only 200 answers without Set-Cookie, and never passes a cookie on", async () => {
    const { cache, answerWith } = setup()
    answerWith(() => new Response("nope", { status: 404 }))
    expect((await cache.serve(get("/character/x"))).status).toBe(404)
    answerWith(() => new Response(PAGE, { headers: { "set-cookie": "a=b" } }))
    const withCookie = await cache.serve(get("/colecoes"))
    expect(withCookie.headers.get("set-cookie")).toBeNull()
    answerWith(() => new Response(null, { status: 307, headers: { location: "/colecoes" } }))
    const redirect = await cache.serve(get("/colecoes/velha"))
    expect(redirect.status).toBe(307)
    expect(redirect.headers.get("location")).toBe("/colecoes")
    expect(cache.size).toBe(0)
  })

  it("stays within its memory bound, dropping the least recently used page", async () => {
    const probe = setup()
    await probe.cache.serve(get("/colecoes/a"))
    const { cache } = setup({ maxBytes: 3 * probe.cache.bytes })
    for (const path of ["/colecoes/a", "/colecoes/b", "/colecoes/c"]) await cache.serve(get(path))
    await cache.serve(get("/colecoes/a"))
    await cache.serve(get("/colecoes/d"))
    expect(cache.size).toBeLessThanOrEqual(3)
    expect((await cache.serve(get("/colecoes/a"))).headers.get("x-page-cache")).toBe("hit")
  })
})
