/**
 * A small QR Code encoder (ISO/IEC 18004: byte mode, error correction level M, versions 1-40, best of the
 * eight masks), after Project Nayuki's public-domain-style reference. The sandbox's PIX codes and the certificates'
 * pages need real, scannable codes and no QR package was in the project; pure, so the server renders it and the
 * web draws it as SVG without another dependency.
 */

// Error correction level M, indexed by version (index 0 unused).
const ECC_CODEWORDS_PER_BLOCK = [
  -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28,
  28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
]
const ERROR_CORRECTION_BLOCKS = [
  -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
  29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
]
/** Level M's two format bits. */
const ECC_FORMAT_BITS = 0

export interface QrMatrix {
  readonly version: number
  readonly size: number
  /** `dark[y][x]`. */
  readonly dark: readonly (readonly boolean[])[]
}

const bit = (value: number, i: number) => ((value >>> i) & 1) !== 0

function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64
  if (version >= 2) {
    const align = Math.floor(version / 7) + 2
    result -= (25 * align - 10) * align - 55
    if (version >= 7) result -= 36
  }
  return result
}

/** How many data bytes a version holds at level M (before the mode and length header). */
export const dataCodewords = (version: number) =>
  Math.floor(rawDataModules(version) / 8) -
  (ECC_CODEWORDS_PER_BLOCK[version] as number) * (ERROR_CORRECTION_BLOCKS[version] as number)

/** The largest byte payload a version holds at level M. */
export const byteCapacity = (version: number) => dataCodewords(version) - (version < 10 ? 2 : 3)

function gfMultiply(x: number, y: number): number {
  let z = 0
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d)
    z ^= ((y >>> i) & 1) * x
  }
  return z & 0xff
}

function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0)
  result[degree - 1] = 1
  let root = 1
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(result[j] as number, root)
      if (j + 1 < result.length) result[j] = (result[j] as number) ^ (result[j + 1] as number)
    }
    root = gfMultiply(root, 0x02)
  }
  return result
}

/** The error correction codewords of one block. */
export function reedSolomonRemainder(data: readonly number[], degree: number): number[] {
  const divisor = reedSolomonDivisor(degree)
  const result = new Array<number>(degree).fill(0)
  for (const b of data) {
    const factor = b ^ (result.shift() as number)
    result.push(0)
    divisor.forEach((coef, i) => {
      result[i] = (result[i] as number) ^ gfMultiply(coef, factor)
    })
  }
  return result
}

function dataWithHeader(bytes: Uint8Array, version: number): number[] {
  const bits: number[] = []
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1)
  }
  push(0b0100, 4)
  push(bytes.length, version < 10 ? 8 : 16)
  for (const b of bytes) push(b, 8)
  const capacityBits = dataCodewords(version) * 8
  push(0, Math.min(4, capacityBits - bits.length))
  push(0, (8 - (bits.length % 8)) % 8)
  for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) push(pad, 8)
  const codewords: number[] = []
  for (let i = 0; i < bits.length; i += 8)
    codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0))
  return codewords
}

function interleaved(data: readonly number[], version: number): number[] {
  const blocks = ERROR_CORRECTION_BLOCKS[version] as number
  const eccLength = ECC_CODEWORDS_PER_BLOCK[version] as number
  const rawCodewords = Math.floor(rawDataModules(version) / 8)
  const shortBlocks = blocks - (rawCodewords % blocks)
  const shortBlockLength = Math.floor(rawCodewords / blocks)
  const all: number[][] = []
  for (let i = 0, k = 0; i < blocks; i++) {
    const part = data.slice(k, k + shortBlockLength - eccLength + (i < shortBlocks ? 0 : 1))
    k += part.length
    const ecc = reedSolomonRemainder(part, eccLength)
    if (i < shortBlocks) part.push(0)
    all.push([...part, ...ecc])
  }
  const result: number[] = []
  for (let i = 0; i < (all[0] as number[]).length; i++) {
    all.forEach((block, j) => {
      if (i !== shortBlockLength - eccLength || j >= shortBlocks) result.push(block[i] as number)
    })
  }
  return result
}

function alignmentPositions(version: number, size: number): number[] {
  if (version === 1) return []
  const count = Math.floor(version / 7) + 2
  const step = Math.floor((version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2
  const result = [6]
  for (let pos = size - 7; result.length < count; pos -= step) result.splice(1, 0, pos)
  return result
}

class Grid {
  readonly dark: boolean[][]
  readonly reserved: boolean[][]
  constructor(readonly size: number) {
    this.dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
    this.reserved = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  }
  fn(x: number, y: number, dark: boolean) {
    ;(this.dark[y] as boolean[])[x] = dark
    ;(this.reserved[y] as boolean[])[x] = true
  }
}

function drawFunctionPatterns(grid: Grid, version: number) {
  const { size } = grid
  for (let i = 0; i < size; i++) {
    grid.fn(6, i, i % 2 === 0)
    grid.fn(i, 6, i % 2 === 0)
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++)
      for (let dx = -4; dx <= 4; dx++) {
        const d = Math.max(Math.abs(dx), Math.abs(dy))
        const x = cx + dx
        const y = cy + dy
        if (x >= 0 && x < size && y >= 0 && y < size) grid.fn(x, y, d !== 2 && d !== 4)
      }
  }
  const positions = alignmentPositions(version, size)
  const last = positions.length - 1
  positions.forEach((ax, i) => {
    positions.forEach((ay, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) grid.fn(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
    })
  })
  drawFormatBits(grid, 0)
  if (version >= 7) {
    let rem = version
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25)
    const bits = (version << 12) | rem
    for (let i = 0; i < 18; i++) {
      const a = size - 11 + (i % 3)
      const b = Math.floor(i / 3)
      grid.fn(a, b, bit(bits, i))
      grid.fn(b, a, bit(bits, i))
    }
  }
}

function drawFormatBits(grid: Grid, mask: number) {
  const { size } = grid
  const data = (ECC_FORMAT_BITS << 3) | mask
  let rem = data
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537)
  const bits = ((data << 10) | rem) ^ 0x5412
  for (let i = 0; i <= 5; i++) grid.fn(8, i, bit(bits, i))
  grid.fn(8, 7, bit(bits, 6))
  grid.fn(8, 8, bit(bits, 7))
  grid.fn(7, 8, bit(bits, 8))
  for (let i = 9; i < 15; i++) grid.fn(14 - i, 8, bit(bits, i))
  for (let i = 0; i < 8; i++) grid.fn(size - 1 - i, 8, bit(bits, i))
  for (let i = 8; i < 15; i++) grid.fn(8, size - 15 + i, bit(bits, i))
  grid.fn(8, size - 8, true)
}

function drawCodewords(grid: Grid, codewords: readonly number[]) {
  const { size } = grid
  let i = 0
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j
        const upward = ((right + 1) & 2) === 0
        const y = upward ? size - 1 - vert : vert
        if (!(grid.reserved[y] as boolean[])[x] && i < codewords.length * 8) {
          ;(grid.dark[y] as boolean[])[x] = bit(codewords[i >>> 3] as number, 7 - (i & 7))
          i++
        }
      }
    }
  }
}

const MASKS: readonly ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
]

function applyMask(grid: Grid, mask: number) {
  const test = MASKS[mask] as (x: number, y: number) => boolean
  for (let y = 0; y < grid.size; y++)
    for (let x = 0; x < grid.size; x++)
      if (!(grid.reserved[y] as boolean[])[x] && test(x, y))
        (grid.dark[y] as boolean[])[x] = !(grid.dark[y] as boolean[])[x]
}

/** The standard's penalty (runs, 2×2 blocks, finder-like patterns, balance); lower reads better. */
function penalty(dark: readonly (readonly boolean[])[]): number {
  const size = dark.length
  const at = (x: number, y: number) => (dark[y] as boolean[])[x] as boolean
  let score = 0
  const finderLike = [
    [true, false, true, true, true, false, true, false, false, false, false],
    [false, false, false, false, true, false, true, true, true, false, true],
  ]
  for (const horizontal of [true, false]) {
    for (let a = 0; a < size; a++) {
      let run = 1
      for (let b = 1; b <= size; b++) {
        const same = b < size && (horizontal ? at(b, a) === at(b - 1, a) : at(a, b) === at(a, b - 1))
        if (same) run++
        else {
          if (run >= 5) score += 3 + (run - 5)
          run = 1
        }
      }
      for (let b = 0; b + 11 <= size; b++)
        for (const pattern of finderLike)
          if (pattern.every((d, k) => (horizontal ? at(b + k, a) : at(a, b + k)) === d)) score += 40
    }
  }
  let darkCount = 0
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      if (at(x, y)) darkCount++
      if (x + 1 < size && y + 1 < size) {
        const c = at(x, y)
        if (c === at(x + 1, y) && c === at(x, y + 1) && c === at(x + 1, y + 1)) score += 3
      }
    }
  const total = size * size
  score += Math.floor(Math.abs(darkCount * 20 - total * 10) / total) * 10
  return score
}

/** Encodes text (UTF-8) in the smallest version that holds it, with the mask of lowest penalty. */
export function encodeQr(text: string): QrMatrix {
  const bytes = new TextEncoder().encode(text)
  let version = 1
  while (byteCapacity(version) < bytes.length) {
    if (++version > 40) throw new RangeError("Text too long for a QR code")
  }
  const codewords = interleaved(dataWithHeader(bytes, version), version)
  const size = version * 4 + 17
  let best: { grid: Grid; score: number } | null = null
  for (let mask = 0; mask < 8; mask++) {
    const grid = new Grid(size)
    drawFunctionPatterns(grid, version)
    drawCodewords(grid, codewords)
    applyMask(grid, mask)
    drawFormatBits(grid, mask)
    const score = penalty(grid.dark)
    if (!best || score < best.score) best = { grid, score }
  }
  return { version, size, dark: (best as { grid: Grid }).grid.dark }
}

/** The standard quiet zone around a code, in modules. */
export const QR_QUIET_ZONE = 4

/**
 * The dark modules as one SVG path in module units (each row's runs merged), for a viewBox of
 * `size + 2 × QR_QUIET_ZONE` a side: a crisp code at any size from a few hundred bytes.
 */
export function qrSvgPath(matrix: QrMatrix): string {
  const parts: string[] = []
  matrix.dark.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x++
        continue
      }
      const start = x
      while (x < row.length && row[x]) x++
      parts.push(`M${start + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${x - start}v1h${start - x}z`)
    }
  })
  return parts.join("")
}
