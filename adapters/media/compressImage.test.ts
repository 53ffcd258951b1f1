import sharp from "sharp"
import { describe, expect, it } from "vitest"
import { compressImage, MAX_IMAGE_SIDE, TARGET_IMAGE_BYTES } from "./compressImage"

/**
 * Random noise compresses worst of all: the loop must lower the quality to reach the target. Drawn in blocks of
 * 4 px so shrinking to 800 px does not average it away.
 */
async function noisePng(width: number, height: number) {
  const [w, h] = [Math.ceil(width / 4), Math.ceil(height / 4)]
  const pixels = Buffer.alloc(w * h * 3)
  let seed = 42
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff
    pixels[i] = seed & 0xff
  }
  const image = sharp(pixels, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, {
    kernel: "nearest",
  })
  return new Uint8Array(await image.png().toBuffer())
}

describe("image compression (spec 002 §5)", () => {
  it("brings a 3000 × 2000 noise PNG to ≤ 800 px and ≤ 200 KB as JPEG, lowering the quality", async () => {
    const result = await compressImage(await noisePng(3000, 2000))
    if (!result.ok) throw new Error(result.reason)
    const meta = await sharp(result.body).metadata()
    expect(meta.format).toBe("jpeg")
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(MAX_IMAGE_SIDE)
    expect(meta.height).toBe(533)
    expect(result.body.byteLength).toBeLessThanOrEqual(TARGET_IMAGE_BYTES)
    expect(result.quality).toBeLessThan(90)
  }, 30_000)

  it("keeps a small image's size and the first quality", async () => {
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#c33" } })
      .png()
      .toBuffer()
    const result = await compressImage(new Uint8Array(small))
    expect(result.ok && [result.width, result.height, result.quality]).toEqual([200, 100, 90])
  })

  it("refuses what is not an image by its content, whatever it is called", async () => {
    expect(await compressImage(new TextEncoder().encode("<html>not an image</html>"))).toEqual({
      ok: false,
      reason: "not_image",
    })
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    expect(await compressImage(svg)).toEqual({ ok: false, reason: "not_image" })
  })

  it("refuses an upload over 10 MB before decoding it", async () => {
    expect(await compressImage(new Uint8Array(10 * 1024 * 1024 + 1))).toEqual({
      ok: false,
      reason: "too_large",
    })
  })
})
