import { Hono } from "hono"
import type { Kysely } from "kysely"
import type { Database } from "../../adapters/db/schema"
import { createMediaStore } from "../../adapters/media/PostgresMediaStore"

const KEY = /^[a-z0-9][a-z0-9._-]{0,200}$/

/** Catalogue artwork by key; content under a key never changes, so browsers keep it for a year. */
export function mediaRoutes(db: Kysely<Database>) {
  const store = createMediaStore(db)
  return new Hono().get("/:key", async (c) => {
    const key = c.req.param("key")
    if (!KEY.test(key)) return c.notFound()
    const asset = await store.get(key)
    if (!asset) return c.notFound()
    const headers = {
      "content-type": asset.contentType,
      "cache-control": "public, max-age=31536000, immutable",
      etag: asset.etag,
      "x-content-type-options": "nosniff",
      // SVG could carry script: forbid it even when opened directly.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    }
    if (c.req.header("if-none-match") === asset.etag) return c.body(null, 304, headers)
    return c.body(asset.body as Uint8Array<ArrayBuffer>, 200, headers)
  })
}
