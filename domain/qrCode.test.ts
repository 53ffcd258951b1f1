import { describe, expect, it } from "vitest"
import { encodeQr, QR_QUIET_ZONE, qrSvgPath } from "./qrCode"

describe("qrSvgPath", () => {
  it("draws every dark module once, in runs, offset by the quiet zone", () => {
    const qr = encodeQr("https://loja.example/certificado/ABCDE-FGHJK-MNPQR-STVWX")
    const path = qrSvgPath(qr)
    const runs = [...path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)]
    const drawn = new Set<string>()
    for (const [, x, y, width] of runs)
      for (let i = 0; i < Number(width); i++)
        drawn.add(`${Number(x) - QR_QUIET_ZONE + i},${Number(y) - QR_QUIET_ZONE}`)
    const dark = qr.dark.flatMap((row, y) => row.flatMap((d, x) => (d ? [`${x},${y}`] : [])))
    expect(drawn.size).toBe(dark.length)
    expect(dark.every((cell) => drawn.has(cell))).toBe(true)
    // The top-left finder pattern begins with a run of seven.
    expect(path.startsWith(`M${QR_QUIET_ZONE} ${QR_QUIET_ZONE}h7v1h-7z`)).toBe(true)
  })
})
