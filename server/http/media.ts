import { createHash } from "node:crypto"
import { Hono } from "hono"
import type { Kysely } from "kysely"
import type { Database } from "../../adapters/db/schema"
import { createMediaStore, type MediaAsset } from "../../adapters/media/PostgresMediaStore"
import { IMAGE_WIDTHS, type RasterFormat, rasterize } from "../../adapters/media/rasterize"

const NAME = /^([a-z0-9][a-z0-9_-]{0,200})\.(svg|jpeg|webp|jpg)$/
const WIDTHS = new Set<number>(IMAGE_WIDTHS)

/**
 * Catalogue artwork by key. `name.svg` (drawn) or `name.jpeg` (uploaded in the admin area) is the stored original; `name.webp?w=640` and `name.jpg?w=1200` are
 * bitmap variants made on first request and kept beside it. Content under a URL never changes, so browsers
 * keep it for a year. Only the listed widths are made, so a crawler cannot make the server render thousands.
 */
export function mediaRoutes(db: Kysely<Database>) {
  const store = createMediaStore(db)
  const pending = new Map<string, Promise<MediaAsset | null>>()

  const variant = (name: string, format: RasterFormat, width: number) => {
    const key = `${name}@${width}.${format}`
    const running = pending.get(key)
    if (running) return running
    const made = (async () => {
      const stored = await store.get(key)
      if (stored) return stored
      const drawn = await store.get(`${name}.svg`)
      const original = drawn ?? (await store.get(`${name}.jpeg`))
      if (!original) return null
      const { body, contentType } = await rasterize(original.body, width, format, !drawn)
      const asset = {
        body,
        contentType,
        etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"`,
      }
      await store.put(key, asset)
      return asset
    })().finally(() => pending.delete(key))
    pending.set(key, made)
    return made
  }

  return new Hono().get("/:file", async (c) => {
    const match = NAME.exec(c.req.param("file"))
    if (!match) return c.notFound()
    const [, name, ext] = match as unknown as [string, string, "svg" | "jpeg" | RasterFormat]
    let asset: MediaAsset | null
    if (ext === "svg" || ext === "jpeg") asset = await store.get(`${name}.${ext}`)
    else {
      const width = Number(c.req.query("w") ?? 640)
      if (!WIDTHS.has(width)) return c.text("Largura de imagem não suportada", 400)
      asset = await variant(name, ext, width)
    }
    if (!asset) return c.notFound()
    const headers = {
      "content-type": asset.contentType,
      "cache-control": "public, max-age=31536000, immutable",
      etag: asset.etag,
      "x-content-type-options": "nosniff",
      // SVG could carry script: forbid it even when the file is opened directly.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    }
    if (c.req.header("if-none-match") === asset.etag) return c.body(null, 304, headers)
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200, headers)
  })
}
