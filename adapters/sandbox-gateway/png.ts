import { crc32, deflateSync } from "node:zlib"
import type { QrMatrix } from "../../domain/qrCode"

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed) >>> 0)
  return Buffer.concat([length, typed, crc])
}

/**
 * A QR matrix as a black-on-white 8-bit greyscale PNG with the standard 4-module quiet zone: what Mercado Pago
 * sends as `qr_code_base64`, drawn here without an image library.
 */
export function qrPng(matrix: QrMatrix, scale = 4): Buffer {
  const quiet = 4
  const side = (matrix.size + quiet * 2) * scale
  const rows = Buffer.alloc((side + 1) * side, 0xff)
  for (let y = 0; y < side; y++) {
    rows[y * (side + 1)] = 0 // filter: none
    const my = Math.floor(y / scale) - quiet
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - quiet
      if (matrix.dark[my]?.[mx]) rows[y * (side + 1) + 1 + x] = 0
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(side, 0)
  header.writeUInt32BE(side, 4)
  header[8] = 8 // bit depth
  header[9] = 0 // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ])
}
