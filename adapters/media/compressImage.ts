import sharp from "sharp"

/** Spec 002 §5 and §9: longest side at most 800 px, at most 200 KB, JPEG from quality 0.9 down in steps of 0.1. */
export const MAX_IMAGE_SIDE = 800
export const TARGET_IMAGE_BYTES = 200 * 1024
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** 40 megapixels: a photo from any phone, far from a decompression bomb. */
export const MAX_INPUT_PIXELS = 40_000_000
const QUALITIES = [90, 80, 70, 60, 50, 40, 30, 20, 10] as const

/** Raster formats accepted; SVG and anything else that merely claims to be an image are not. */
const RASTER_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"])

export type CompressedImage =
  | {
      readonly ok: true
      readonly body: Uint8Array
      readonly width: number
      readonly height: number
      readonly quality: number
    }
  | { readonly ok: false; readonly reason: "not_image" | "too_large" | "process" | "compress" }

/**
 * Checks the bytes are an image by their content (not a name or a declared type), then fits it in 800 × 800
 * and lowers the JPEG quality until it is at most 200 KB (or quality 0.1 is reached, as the spec says).
 */
export async function compressImage(input: Uint8Array): Promise<CompressedImage> {
  if (input.byteLength > MAX_UPLOAD_BYTES) return { ok: false, reason: "too_large" }
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" } as const
  let format: string | undefined
  try {
    format = (await sharp(input, options).metadata()).format
  } catch (error) {
    return { ok: false, reason: /pixel limit/i.test(String(error)) ? "too_large" : "not_image" }
  }
  if (!format || !RASTER_FORMATS.has(format)) return { ok: false, reason: "not_image" }
  let fitted: { data: Buffer; info: sharp.OutputInfo }
  try {
    fitted = await sharp(input, { ...options, pages: 1 })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
      // JPEG has no transparency: transparent parts become white rather than black.
      .flatten({ background: "#ffffff" })
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch {
    return { ok: false, reason: "process" }
  }
  const { width, height, channels } = fitted.info
  try {
    let body: Buffer | null = null
    let quality = 90
    for (quality of QUALITIES) {
      body = await sharp(fitted.data, { raw: { width, height, channels } })
        .jpeg({ quality, mozjpeg: true })
        .toBuffer()
      if (body.byteLength <= TARGET_IMAGE_BYTES) break
    }
    return body
      ? { ok: true, body: new Uint8Array(body), width, height, quality }
      : { ok: false, reason: "compress" }
  } catch {
    return { ok: false, reason: "compress" }
  }
}
