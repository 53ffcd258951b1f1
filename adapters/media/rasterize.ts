import sharp from "sharp"

/** Widths the store renders images at: the spec's list plus two thumbnail sizes for cards. */
export const IMAGE_WIDTHS = [256, 384, 640, 750, 828, 1080, 1200, 1920, 2048] as const
export type RasterFormat = "webp" | "jpg"

const CONTENT_TYPES: Record<RasterFormat, string> = { webp: "image/webp", jpg: "image/jpeg" }

/**
 * Draws vector artwork as a bitmap of the given width. Browsers rasterise complex SVG slowly on phones
 * (it delays the largest paint), and link previews (WhatsApp) need JPEG, so pages use these variants.
 * A bitmap original (an uploaded JPEG) is only ever shrunk: enlarging it would add bytes, not detail.
 */
export async function rasterize(original: Uint8Array, width: number, format: RasterFormat, bitmap = false) {
  const image = bitmap
    ? sharp(Buffer.from(original)).resize({ width, withoutEnlargement: true })
    : sharp(Buffer.from(original), { density: 144 }).resize({ width, withoutEnlargement: false })
  const body =
    format === "webp"
      ? await image.webp({ quality: 78, effort: 4 }).toBuffer()
      : await image.jpeg({ quality: 82, mozjpeg: true }).toBuffer()
  return { body: new Uint8Array(body), contentType: CONTENT_TYPES[format] }
}
