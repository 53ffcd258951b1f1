import type { Kysely } from "kysely"
import type { Database } from "../db/schema"

export interface MediaAsset {
  readonly contentType: string
  readonly body: Uint8Array
  readonly etag: string
}

/** Reads catalogue artwork; the HTTP edge serves it with immutable caching since keys never change content. */
export function createMediaStore(db: Kysely<Database>) {
  return {
    async get(key: string): Promise<MediaAsset | null> {
      const row = await db
        .selectFrom("media_assets")
        .select(["content_type", "body", "etag"])
        .where("key", "=", key)
        .executeTakeFirst()
      return row ? { contentType: row.content_type, body: row.body, etag: row.etag } : null
    },
    async put(key: string, asset: MediaAsset): Promise<void> {
      await db
        .insertInto("media_assets")
        .values({ key, content_type: asset.contentType, body: asset.body, etag: asset.etag })
        .onConflict((oc) =>
          oc
            .column("key")
            .doUpdateSet({ content_type: asset.contentType, body: asset.body, etag: asset.etag }),
        )
        .execute()
    },
  }
}
