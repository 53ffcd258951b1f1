import { createHash } from "node:crypto"
import { type Context, Hono } from "hono"
import type { Kysely } from "kysely"
import type { Database } from "../../adapters/db/schema"
import { createMediaStore } from "../../adapters/media/PostgresMediaStore"
import { rasterize } from "../../adapters/media/rasterize"
import { appRouter } from "../trpc/appRouter"
import { createCallerFactory, type TrpcContext } from "../trpc/init"

export const SHELF_OG_PATH = "/og/estante"

const createCaller = createCallerFactory(appRouter)

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/** The shelf's link preview, drawn like /og-default.svg: the collector's name and how many pieces they show. */
export function shelfOgSvg(name: string, count: number): string {
  const title = escapeXml(name.length > 28 ? `${name.slice(0, 27)}…` : name)
  const pieces = count === 1 ? "1 peça" : `${count.toLocaleString("pt-BR")} peças`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630"><defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d0d16"/><stop offset="1" stop-color="#2a1f0a"/></linearGradient><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f6d78b"/><stop offset="1" stop-color="#b5861f"/></linearGradient></defs><rect width="1200" height="630" fill="url(#b)"/><path d="M600 90l30 62 68 10-49 48 12 67-61-32-61 32 12-67-49-48 68-10z" fill="url(#g)"/><text x="600" y="370" text-anchor="middle" font-family="system-ui,sans-serif" font-size="40" fill="#eec25a">Estante Virtual de</text><text x="600" y="450" text-anchor="middle" font-family="system-ui,sans-serif" font-size="72" font-weight="800" fill="#f4f2ec">${title}</text><text x="600" y="530" text-anchor="middle" font-family="system-ui,sans-serif" font-size="36" fill="#f4f2ec">${pieces} na estante · Legendarium</text></svg>`
}

/**
 * `/og/estante/{userId}.jpg`: made once per (name, count) and kept in media_assets, so a link shared in a group
 * chat renders the image once. Asked as a visitor: a private shelf gets the store's default image.
 */
export function shelfOgImageRoutes(deps: {
  db: Kysely<Database>
  context: (c: Context) => Promise<TrpcContext>
}) {
  const store = createMediaStore(deps.db)
  return new Hono().get("/:file", async (c) => {
    const match = /^([A-Za-z0-9_-]{1,64})\.jpg$/.exec(c.req.param("file"))
    if (!match) return c.notFound()
    const caller = createCaller({ ...(await deps.context(c)), viewer: null })
    const shelf = await caller.shelf.get({ userId: match[1] as string }).catch(() => null)
    if (!shelf) return c.redirect("/og-default.png", 302)
    const digest = createHash("sha1")
      .update(`${shelf.owner.userId}\n${shelf.owner.displayName}\n${shelf.stats.total}`)
      .digest("hex")
      .slice(0, 20)
    const key = `og-shelf-${digest}.jpg`
    let asset = await store.get(key)
    if (!asset) {
      const svg = new TextEncoder().encode(shelfOgSvg(shelf.owner.displayName, shelf.stats.total))
      const { body, contentType } = await rasterize(svg, 1200, "jpg")
      asset = { body, contentType, etag: `"${digest}"` }
      await store.put(key, asset)
    }
    const headers = {
      "content-type": asset.contentType,
      // The URL stays the same while the shelf changes, and a shelf made private must stop showing at once:
      // caches ask again every time (a 304 while nothing changed).
      "cache-control": "public, no-cache",
      etag: asset.etag,
      "x-content-type-options": "nosniff",
    }
    if (c.req.header("if-none-match") === asset.etag) return c.body(null, 304, headers)
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200, headers)
  })
}
