import type { DemoCharacter } from "../seed/demoContent"

/**
 * Catalogue artwork drawn by code: a self-contained, deterministic SVG (no network, no fonts to load,
 * no Math.random). The same input always yields byte-identical output, so it can be cached forever.
 */

export type ArtworkMotif = DemoCharacter["motif"]

export interface ArtworkInput {
  title: string
  subtitle?: string
  /** background, accent, figure */
  palette: [string, string, string]
  motif: ArtworkMotif
  seed: string
  variant: "character" | "cover" | "mystery"
}

const FONT = "system-ui, -apple-system, 'Segoe UI', sans-serif"
const MYSTERY_TITLE = "Personagem Misterioso"
const DEFAULT_PALETTE: [string, string, string] = ["#12101c", "#f5b942", "#d8d4e8"]

// ---------------------------------------------------------------------------------------------
// Hashing, randomness, numbers, text

function fnv1a(text: string, basis = 0x811c9dc5): number {
  let h = basis
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

type Rng = () => number

/** mulberry32: tiny, fast and good enough for picking shapes. */
function rngFrom(seed: number): Rng {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const between = (r: Rng, min: number, max: number) => min + (max - min) * r()

function pick<T>(r: Rng, items: readonly T[]): T {
  return items[Math.floor(r() * items.length)] as T
}

/** Compact coordinate: whole units, no "-0". */
function f(v: number): string {
  const n = Math.round(v)
  return n === 0 ? "0" : String(n)
}

/** Compact fraction (scales, opacities): two decimals at most, no leading zero. */
function fd(v: number): string {
  return String(Math.round(v * 100) / 100).replace(/^(-?)0\./, "$1.")
}

const XML_ENTITIES: Record<string, string> = {
  "<": "&lt;",
  ">": "&gt;",
  "&": "&amp;",
  '"': "&quot;",
  "'": "&apos;",
}

/** Escapes text for element content and attributes; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
  return clean.replace(/[<>&"']/g, (ch) => XML_ENTITIES[ch] ?? ch)
}

function greedyWrap(words: readonly string[], width: number): string[] {
  const lines: string[] = []
  let line = ""
  for (const word of words) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
  return lines
}

/** Word wrap into balanced lines of at most about `width` characters; overflow beyond `maxLines` ends in "…". */
function wrap(text: string, width: number, maxLines: number): string[] {
  const clean = text.trim().replace(/\s+/g, " ")
  const words = clean.split(" ")
  const count = Math.ceil(clean.length / width)
  let lines = greedyWrap(words, width)
  // The narrowest width that still needs no more lines than plain wrapping gives even lines.
  for (let w = Math.ceil(clean.length / count); w < width; w++) {
    const tried = greedyWrap(words, w)
    if (tried.length <= lines.length) {
      lines = tried
      break
    }
  }
  if (lines.length <= maxLines) return lines
  const kept = lines.slice(0, maxLines)
  kept[maxLines - 1] = `${kept[maxLines - 1]}…`
  return kept
}

// ---------------------------------------------------------------------------------------------
// Colour

type Rgb = [number, number, number]

function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim())
  if (!m?.[1]) return null
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1]
  return [
    Number.parseInt(h.slice(0, 2), 16),
    Number.parseInt(h.slice(2, 4), 16),
    Number.parseInt(h.slice(4, 6), 16),
  ]
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`
}

/** Linear blend of two colours, t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = parseHex(a) ?? [0, 0, 0]
  const y = parseHex(b) ?? [0, 0, 0]
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t])
}

/** Only well-formed hex colours reach the markup, which also keeps attribute values safe. */
function safePalette(palette: readonly string[]): [string, string, string] {
  return DEFAULT_PALETTE.map((fallback, i) => {
    const rgb = parseHex(palette[i] ?? "")
    return rgb ? toHex(rgb) : fallback
  }) as [string, string, string]
}

// ---------------------------------------------------------------------------------------------
// Emblems, drawn in a 100 × 100 box centred on the origin

function starPath(points: number, outer: number, inner: number): string {
  const pts: string[] = []
  for (let i = 0; i < points * 2; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / points
    const rad = i % 2 === 0 ? outer : inner
    pts.push(`${f(Math.cos(a) * rad)} ${f(Math.sin(a) * rad)}`)
  }
  return `M${pts.join("L")}Z`
}

function gearPath(): string {
  const pts: string[] = []
  const teeth = 8
  for (let i = 0; i < teeth; i++) {
    const a = (i * 2 * Math.PI) / teeth
    for (const [da, rad] of [
      [-0.32, 35],
      [-0.17, 47],
      [0.17, 47],
      [0.32, 35],
    ] as const) {
      pts.push(`${f(Math.cos(a + da) * rad)} ${f(Math.sin(a + da) * rad)}`)
    }
  }
  return `M${pts.join("L")}ZM-14 0a14 14 0 1 0 28 0a14 14 0 1 0-28 0Z`
}

const waveBand = (y: number) =>
  `M-46 ${y}C-31 ${y - 16}-15 ${y - 16} 0 ${y}C15 ${y + 16} 31 ${y + 16} 46 ${y}L46 ${y + 9}C31 ${y + 25} 15 ${y + 25} 0 ${y + 9}C-15 ${y - 7}-31 ${y - 7}-46 ${y + 9}Z`

const EMBLEMS: Record<ArtworkMotif, string> = {
  blade: "M0-48L8-30V16H20V24H6V38L10 46H-10L-6 38V24H-20V16H-8V-30Z",
  flame:
    "M2-48C16-30 34-14 30 10C27 32 14 46 0 48C-16 46-29 32-30 12C-31-6-18-16-12-30C-9-16-2-10 4-8C9-22 7-36 2-48ZM0 14C8 22 10 34 0 40C-10 34-8 22 0 14Z",
  star: starPath(5, 48, 20),
  moon: "M12-44A46 46 0 1 0 12 44A38 38 0 0 1 12-44Z",
  skull:
    "M0-44C24-44 38-28 38-8C38 6 31 14 24 18V32H-24V18C-31 14-38 6-38-8C-38-28-24-44 0-44ZM-24-4a10 10 0 1 0 20 0a10 10 0 1 0-20 0ZM4-4a10 10 0 1 0 20 0a10 10 0 1 0-20 0ZM0 8L-6 18H6ZM-12 24V32H-8V24ZM-2 24V32H2V24ZM8 24V32H12V24Z",
  crown: "M-42 28L-46-24L-20 2L0-38L20 2L46-24L42 28ZM-42 34H42V44H-42Z",
  bolt: "M10-48L-28 6H-4L-14 48L28-8H4Z",
  leaf: "M0-48C32-30 38 12 2 46L2 30L-1 30L-1 46C-38 12-32-30 0-48ZM-1 26V-34H2V26Z",
  gear: gearPath(),
  wave: waveBand(-30) + waveBand(-6) + waveBand(18),
  eye: "M-48 0C-26-32 26-32 48 0C26 32-26 32-48 0ZM-20 0a20 20 0 1 0 40 0a20 20 0 1 0-40 0ZM-9 0a9 9 0 1 0 18 0a9 9 0 1 0-18 0Z",
  shield: "M0-48L40-34C40 6 28 32 0 48C-28 32-40 6-40-34ZM0-30L-24-20C-24 4-16 20 0 30Z",
}

// ---------------------------------------------------------------------------------------------
// Figure: a stylised statue, feet at (0, 0), about 400 units tall

interface Node {
  x: number
  y: number
  cx?: number
  cy?: number
}

const seg = (x: number, y: number, cx?: number, cy?: number) =>
  cx === undefined || cy === undefined ? `L${f(x)} ${f(y)}` : `Q${f(cx)} ${f(cy)} ${f(x)} ${f(y)}`

/** Closed path from the right half of a symmetric outline (first node right of the axis, last on it). */
function mirrored(right: readonly Node[]): string {
  const first = right[0]
  if (!first) return ""
  let d = `M${f(first.x)} ${f(first.y)}`
  for (const n of right.slice(1)) d += seg(n.x, n.y, n.cx, n.cy)
  for (let i = right.length - 2; i >= 0; i--) {
    const to = right[i] as Node
    const via = right[i + 1] as Node
    d += seg(-to.x, to.y, via.cx === undefined ? undefined : -via.cx, via.cy)
  }
  return `${d}Z`
}

type Headgear = "spikes" | "hood" | "crest" | "horns" | "hair" | "helm" | "crown"
type Weapon = "none" | "sword" | "spear" | "staff" | "orb" | "shield"

/** Each motif biases the costume, so a collection's figures read as different characters. */
const HEADGEAR: Record<ArtworkMotif, readonly Headgear[]> = {
  blade: ["spikes", "hood", "hair"],
  flame: ["spikes", "horns", "hair"],
  star: ["crest", "hair", "helm"],
  moon: ["hood", "horns", "hair"],
  skull: ["hood", "horns"],
  crown: ["crown"],
  bolt: ["spikes", "crest", "helm"],
  leaf: ["hair", "hood", "horns"],
  gear: ["helm", "crest"],
  wave: ["hair", "crest"],
  eye: ["hood", "helm", "hair"],
  shield: ["helm", "crest", "hair"],
}

const WEAPONS: Record<ArtworkMotif, readonly Weapon[]> = {
  blade: ["sword"],
  flame: ["sword", "orb", "staff"],
  star: ["spear", "orb", "none"],
  moon: ["sword", "orb", "none"],
  skull: ["spear", "staff", "sword"],
  crown: ["spear", "staff", "none"],
  bolt: ["spear", "none", "sword"],
  leaf: ["staff", "orb"],
  gear: ["none", "orb", "shield"],
  wave: ["spear", "orb"],
  eye: ["orb", "staff", "none"],
  shield: ["shield"],
}

interface FigurePaint {
  body: string
  cape: string
  trim: string
  accent: string
  shadow: string
  rim: string
  rimOpacity: number
  /** glowing eyes, no chest emblem: the not-yet-revealed silhouette */
  mystery: boolean
  /** costume details (boots, gauntlets, belt, emblem); off for background figures */
  detail: boolean
}

function figureSvg(
  r: Rng,
  motif: ArtworkMotif,
  paint: FigurePaint,
  emblemRef: (x: number, y: number, size: number, attrs: string) => string,
): string {
  const hr = between(r, 22, 27)
  const k = hr / 30
  const nw = between(r, 9, 12)
  const sw = between(r, 54, 70)
  const wa = between(r, 27, 34)
  const hw = wa + between(r, 8, 14)
  const st = between(r, 18, 32)
  const ao = between(r, 4, 18)
  const hy = -326 - hr
  const top = hy - hr
  const hasCape = motif === "crown" || r() > 0.3
  const cw = between(r, 100, 140)
  const wind = between(r, -36, 36)
  const headgear = pick(r, HEADGEAR[motif])
  const weapon = pick(r, WEAPONS[motif])
  const pauldrons = r() > 0.35
  const tabard = r() > 0.5
  const out: string[] = []
  const { trim, cape, accent } = paint

  if (headgear === "hair") {
    out.push(
      `<path fill="${trim}" d="M${f(-hr * 0.9)} ${f(hy)}Q${f(-hr * 1.4)} ${f(hy + 50)} ${f(-hr + wind * 0.4)} -284H${f(hr + wind * 0.4)}Q${f(hr * 1.4)} ${f(hy + 50)} ${f(hr * 0.9)} ${f(hy)}Z"/>`,
    )
  }
  if (hasCape) {
    const y0 = -8
    const l = -cw + wind
    const rr = cw + wind
    let hem = ""
    for (let i = 1; i <= 4; i++) {
      hem += seg(l + ((rr - l) * i) / 4, y0, l + ((rr - l) * (i - 0.5)) / 4, y0 + (i % 2 ? 14 : -8))
    }
    out.push(
      `<path fill="${cape}" d="M${f(-sw + 10)} -306Q${f(-cw * 0.5 + wind * 0.3)} -170 ${f(l)} ${y0}${hem}Q${f(cw * 0.5 + wind * 0.3)} -170 ${f(sw - 10)} -306Z"/>`,
    )
  }

  let bodyD = mirrored([
    { x: nw, y: -334 },
    { x: sw - 10, y: -306, cx: nw + 2, cy: -312 },
    { x: sw, y: -280, cx: sw + 6, cy: -304 },
    { x: sw - 10, y: -250 },
    { x: wa, y: -200, cx: sw - 12, cy: -226 },
    { x: hw, y: -158, cx: wa - 1, cy: -180 },
    { x: st + 12, y: -82, cx: hw + 4, cy: -120 },
    { x: st + 11, y: -14, cx: st + 16, cy: -48 },
    { x: st + 24, y: 0, cx: st + 22, cy: -8 },
    { x: st - 12, y: 0 },
    { x: st - 9, y: -16 },
    { x: st - 6, y: -84, cx: st - 3, cy: -50 },
    { x: 0, y: -140, cx: 4, cy: -124 },
  ])

  const hx = sw + ao
  // Same-coloured pieces share one path each, to keep the markup small.
  let trimD = ""
  for (const s of [1, -1]) {
    const x = (v: number) => f(s * v)
    bodyD += `M${x(sw - 8)} -308Q${x(sw + 18)} -306 ${x(sw + 14)} -270Q${x(sw + 16)} -250 ${x(sw + 8 + ao * 0.5)} -228L${x(hx + 8)} -176Q${x(hx + 2)} -148 ${x(hx - 8)} -174L${x(sw - 8 + ao * 0.5)} -230L${x(sw - 12)} -256Z`
    if (paint.detail) {
      trimD += `M${x(sw + 9 + ao * 0.6)} -214L${x(hx + 8)} -178L${x(hx - 8)} -176L${x(sw - 7 + ao * 0.6)} -214Z`
      trimD += `M${x(st + 15)} -50L${x(st + 11)} -14Q${x(st + 22)} -8 ${x(st + 24)} 0H${x(st - 12)}L${x(st - 9)} -16L${x(st - 5)} -50Z`
    }
    if (pauldrons) {
      trimD += `M${x(sw - 26)} -310Q${x(sw + 16)} -334 ${x(sw + 22)} -274Q${x(sw + 4)} -292 ${x(sw - 26)} -296Z`
    }
  }
  out.push(`<path d="${bodyD}"/>`)
  if (trimD) out.push(`<path fill="${trim}" d="${trimD}"/>`)
  if (paint.detail) {
    if (tabard) {
      out.push(
        `<path fill="${cape}" d="M${f(-wa - 2)} -200H${f(wa + 2)}L${f(hw + 8)} -112Q0 -100 ${f(-hw - 8)} -112Z"/>`,
      )
    }
    out.push(
      `<path fill="none" stroke="${trim}" stroke-width="3" d="M${f(-sw + 14)} -306Q0 -280 ${f(sw - 14)} -306"/>`,
      `<rect x="${f(-wa - 3)}" y="-206" width="${f(wa * 2 + 6)}" height="11" rx="3" fill="${trim}"/>`,
    )
  }
  out.push(`<ellipse cy="${f(hy)}" rx="${f(hr * 0.84)}" ry="${f(hr)}"/>`)

  if (headgear === "spikes") {
    const pts: string[] = [`${f(-hr * 0.95)} ${f(hy - hr * 0.1)}`]
    const n = 6
    for (let i = 0; i < n; i++) {
      const a = ((200 + (140 * i) / (n - 1)) * Math.PI) / 180
      const len = hr + between(r, 10, 22)
      pts.push(`${f(Math.cos(a) * len + wind * 0.2)} ${f(hy + Math.sin(a) * len)}`)
      if (i < n - 1) {
        const b = ((214 + (140 * i) / (n - 1)) * Math.PI) / 180
        pts.push(`${f(Math.cos(b) * hr * 0.8)} ${f(hy + Math.sin(b) * hr * 0.8)}`)
      }
    }
    pts.push(
      `${f(hr * 0.95)} ${f(hy - hr * 0.1)}`,
      `${f(hr * 0.5)} ${f(hy - hr * 0.42)}`,
      `${f(hr * 0.2)} ${f(hy - hr * 0.05)}`,
      `${f(-hr * 0.15)} ${f(hy - hr * 0.45)}`,
      `${f(-hr * 0.55)} ${f(hy - hr * 0.02)}`,
    )
    out.push(`<path fill="${trim}" d="M${pts.join("L")}Z"/>`)
  } else if (headgear === "hood") {
    out.push(
      `<path fill="${cape}" d="M${f(-hr - 10)} ${f(hy + 30)}Q${f(-hr - 14)} ${f(top - 4)} ${f(wind * 0.3)} ${f(top - 20)}Q${f(hr + 14)} ${f(top - 4)} ${f(hr + 10)} ${f(hy + 30)}Z"/>`,
      `<ellipse cy="${f(hy + 5)}" rx="${f(hr * 0.6)}" ry="${f(hr * 0.74)}" fill="${paint.shadow}" stroke="none"/>`,
    )
  } else if (headgear === "crest") {
    out.push(
      `<path fill="${trim}" d="M-5 ${f(top + 4)}Q-2 ${f(top - 40 * k)} ${f(30 * k)} ${f(top - 30 * k)}Q${f(9 * k)} ${f(top - 18 * k)} 7 ${f(top + 6)}Z"/>`,
    )
  } else if (headgear === "horns") {
    for (const s of [1, -1]) {
      out.push(
        `<path fill="${trim}" d="M${f(s * hr * 0.5)} ${f(hy - hr * 0.7)}Q${f(s * (hr + 24))} ${f(top - 6)} ${f(s * (hr + 16))} ${f(top - 38)}Q${f(s * (hr + 2))} ${f(top - 10)} ${f(s * hr * 0.15)} ${f(hy - hr * 0.92)}Z"/>`,
      )
    }
  } else if (headgear === "helm") {
    out.push(
      `<path fill="${trim}" d="M${f(-hr * 0.95)} ${f(hy + hr * 0.55)}V${f(hy - hr * 0.2)}C${f(-hr * 0.95)} ${f(top - 10)} ${f(hr * 0.95)} ${f(top - 10)} ${f(hr * 0.95)} ${f(hy - hr * 0.2)}V${f(hy + hr * 0.55)}Q0 ${f(hy + hr * 1.2)} ${f(-hr * 0.95)} ${f(hy + hr * 0.55)}Z"/>`,
      `<path stroke="${accent}" stroke-width="4" stroke-linecap="round" d="M${f(-hr * 0.6)} ${f(hy)}H${f(hr * 0.6)}"/>`,
    )
  } else if (headgear === "hair") {
    out.push(
      `<path fill="${trim}" d="M${f(-hr * 0.92)} ${f(hy + 4)}C${f(-hr)} ${f(top - 12)} ${f(hr)} ${f(top - 12)} ${f(hr * 0.92)} ${f(hy + 4)}Q${f(hr * 0.2)} ${f(hy - hr * 0.6)} ${f(-hr * 0.92)} ${f(hy + 4)}Z"/>`,
    )
  } else {
    out.push(
      `<path fill="${accent}" d="M${f(-hr * 0.78)} ${f(hy - hr * 0.5)}L${f(-hr * 0.92)} ${f(top - 18)}L${f(-hr * 0.42)} ${f(top - 4)}L0 ${f(top - 26)}L${f(hr * 0.42)} ${f(top - 4)}L${f(hr * 0.92)} ${f(top - 18)}L${f(hr * 0.78)} ${f(hy - hr * 0.5)}Z"/>`,
    )
  }
  if (paint.mystery) {
    out.push(
      `<path stroke="${accent}" stroke-width="4" stroke-linecap="round" d="M${f(-hr * 0.42)} ${f(hy + 4)}h6M${f(hr * 0.42 - 6)} ${f(hy + 4)}h6"/>`,
    )
  } else if (paint.detail) {
    out.push(emblemRef(0, -262, 34, `fill="${accent}" stroke="none"`))
  }

  if (weapon === "sword") {
    const tx = hx + 44
    const len = Math.hypot(tx - hx, 156)
    const px = (156 / len) * 5
    const py = ((tx - hx) / len) * 5
    out.push(
      `<path fill="${accent}" d="M${f(hx + px)} ${f(-160 - py)}L${f(tx)} -4L${f(hx - px)} ${f(-160 + py)}Z"/>`,
      `<path stroke="${trim}" stroke-width="6" stroke-linecap="round" d="M${f(hx - 14)} -158L${f(hx + 14)} -166"/>`,
    )
  } else if (weapon === "spear" || weapon === "staff") {
    out.push(
      `<rect x="${f(hx - 2)}" y="-440" width="5" height="436" fill="${trim}"/>`,
      weapon === "spear"
        ? `<path fill="${accent}" d="M${f(hx)} -484L${f(hx + 10)} -446L${f(hx)} -436L${f(hx - 10)} -446Z"/>`
        : `<circle cx="${f(hx)}" cy="-452" r="26" fill="${accent}" opacity=".25" stroke="none"/><path fill="${accent}" d="M${f(hx)} -476L${f(hx + 11)} -452L${f(hx)} -432L${f(hx - 11)} -452Z"/>`,
    )
  } else if (weapon === "shield") {
    out.push(
      `<path transform="translate(${f(-hx - 4)} -204) scale(.72)" fill="${trim}" fill-rule="evenodd" stroke-width="3" d="${EMBLEMS.shield}"/>`,
    )
  } else if (weapon === "orb") {
    out.push(
      `<circle cx="${f(-hx - 6)}" cy="-196" r="28" fill="${accent}" opacity=".25" stroke="none"/>`,
      `<circle cx="${f(-hx - 6)}" cy="-196" r="12" fill="${accent}" stroke="#fff"/>`,
    )
  }

  return `<g fill="${paint.body}" stroke="${paint.rim}" stroke-opacity="${fd(paint.rimOpacity)}" stroke-width="1.5" stroke-linejoin="round">${out.join("")}</g>`
}

// ---------------------------------------------------------------------------------------------
// Shared scenery

/** Dust in the light: zero-length round-capped segments, grouped by size to keep the markup small. */
function particles(r: Rng, count: number, w: number, h: number, accent: string): string {
  const groups: [string, number, number][] = [
    ["#fff", 2, 0.55],
    [accent, 3, 0.6],
    [accent, 5, 0.3],
  ]
  return groups
    .map(([colour, size, opacity], g) => {
      let d = ""
      for (let i = g; i < count; i += groups.length) d += `M${f(r() * w)} ${f(r() * h)}h0`
      return `<path d="${d}" stroke="${colour}" stroke-width="${size}" stroke-linecap="round" opacity="${fd(opacity)}"/>`
    })
    .join("")
}

function pedestal(
  id: string,
  cx: number,
  y: number,
  rx: number,
  ry: number,
  depth: number,
  accent: string,
): string {
  return (
    `<ellipse cx="${cx}" cy="${f(y + depth + ry * 0.6)}" rx="${f(rx * 1.3)}" ry="${f(ry * 1.4)}" fill="url(#${id}f)"/>` +
    `<path d="M${cx - rx} ${y}v${depth}a${rx} ${ry} 0 0 0 ${rx * 2} 0v${-depth}Z" fill="url(#${id}p)"/>` +
    `<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="${ry}" fill="url(#${id}t)" stroke="${accent}" stroke-opacity=".7"/>` +
    `<ellipse cx="${cx}" cy="${y}" rx="${f(rx * 0.78)}" ry="${f(ry * 0.74)}" fill="none" stroke="${accent}" stroke-opacity=".25"/>`
  )
}

interface Scene {
  id: string
  bg: string
  accent: string
  fig: string
  motif: ArtworkMotif
}

function defs(
  { id, bg, accent, fig, motif }: Scene,
  glow: { cx: string; cy: string; strength: number },
  extra: string,
): string {
  const stop = (offset: string, colour: string, opacity?: number) =>
    `<stop offset="${offset}" stop-color="${colour}"${opacity === undefined ? "" : ` stop-opacity="${fd(opacity)}"`}/>`
  return (
    "<defs>" +
    `<linearGradient id="${id}b" x2="0" y2="1">${stop("0", mix(bg, "#000", 0.45))}${stop(".55", bg)}${stop("1", mix(bg, accent, 0.16))}</linearGradient>` +
    `<radialGradient id="${id}g" cx="${glow.cx}" cy="${glow.cy}" r=".6">${stop("0", accent, glow.strength)}${stop(".45", accent, glow.strength * 0.3)}${stop("1", accent, 0)}</radialGradient>` +
    `<radialGradient id="${id}v" r=".75">${stop(".6", "#000", 0)}${stop("1", "#000", 0.6)}</radialGradient>` +
    `<linearGradient id="${id}s" gradientUnits="userSpaceOnUse" x1="-70" y1="-300" x2="80" y2="-260">${stop("0", mix(fig, "#fff", 0.2))}${stop(".45", fig)}${stop("1", mix(fig, bg, 0.72))}</linearGradient>` +
    `<linearGradient id="${id}p">${stop("0", mix(bg, "#000", 0.5))}${stop(".35", mix(bg, fig, 0.28))}${stop("1", mix(bg, "#000", 0.6))}</linearGradient>` +
    `<linearGradient id="${id}t" x2="0" y2="1">${stop("0", mix(bg, fig, 0.4))}${stop("1", mix(bg, fig, 0.12))}</linearGradient>` +
    `<radialGradient id="${id}f">${stop("0", accent, 0.45)}${stop("1", accent, 0)}</radialGradient>` +
    `<linearGradient id="${id}r" x2="0" y2="1">${stop("0", "#fff", 0.09)}${stop("1", "#fff", 0)}</linearGradient>` +
    `<path id="${id}e" fill-rule="evenodd" d="${EMBLEMS[motif]}"/>` +
    extra +
    "</defs>"
  )
}

/** Soft light beams falling from the top edge. */
function beams(r: Rng, id: string, w: number, h: number, count: number): string {
  let d = ""
  for (let i = 0; i < count; i++) {
    const x = between(r, w * 0.25, w * 0.75)
    const spread = between(r, 50, 90)
    const lean = between(r, -110, 110)
    d += `M${f(x - 16)} 0H${f(x + 16)}L${f(x + spread + lean)} ${h}H${f(x - spread + lean)}Z`
  }
  return `<path d="${d}" fill="url(#${id}r)"/>`
}

function halo(cx: number, cy: number, radius: number, accent: string, r: Rng): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${accent}" stroke-opacity=".35" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${f(radius * 1.14)}" fill="none" stroke="${accent}" stroke-opacity=".22" stroke-dasharray="${f(between(r, 2, 6))} ${f(between(r, 8, 16))}"/>`
  )
}

const frame = (w: number, h: number, accent: string) =>
  `<rect x="14" y="14" width="${w - 28}" height="${h - 28}" rx="18" fill="none" stroke="${accent}" stroke-opacity=".3"/>`

function paintFor({ id, bg, accent }: Scene, mystery: boolean): FigurePaint {
  return mystery
    ? {
        body: mix(bg, "#000", 0.72),
        cape: mix(bg, "#000", 0.5),
        trim: mix(bg, "#000", 0.6),
        accent,
        shadow: "#000",
        rim: accent,
        rimOpacity: 0.9,
        mystery: true,
        detail: false,
      }
    : {
        body: `url(#${id}s)`,
        cape: mix(accent, bg, 0.5),
        trim: mix(accent, bg, 0.2),
        accent,
        shadow: mix(bg, "#000", 0.5),
        rim: accent,
        rimOpacity: 0.55,
        mystery: false,
        detail: true,
      }
}

// ---------------------------------------------------------------------------------------------
// Variants

function portrait(input: ArtworkInput, scene: Scene, r: Rng, mystery: boolean): string {
  const { id, accent, fig } = scene
  const W = 600
  const H = 800
  const use = emblemUse(id)
  const title = mystery ? MYSTERY_TITLE : input.title.trim() || MYSTERY_TITLE
  const size = Math.round(Math.max(20, Math.min(38, 520 / (Math.max(1, title.length) * 0.58))))
  const subtitle = input.subtitle?.trim()
  const question = (fill: string, extra: string) =>
    `<text x="300" y="470" text-anchor="middle" font-size="240" font-weight="800" fill="${fill}" ${extra}>?</text>`
  const body = [
    defs(
      scene,
      { cx: ".5", cy: ".36", strength: mystery ? 0.38 : 0.6 },
      mystery
        ? `<filter id="${id}x" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>`
        : "",
    ),
    `<rect width="${W}" height="${H}" fill="url(#${id}b)"/>`,
    beams(r, id, W, 640, 3),
    `<rect width="${W}" height="${H}" fill="url(#${id}g)"/>`,
    halo(300, 280, 150, accent, r),
    use(300, 280, 230, `fill="${accent}" opacity=".07"`),
    particles(r, 30, W, 640, accent),
    pedestal(id, 300, 610, 150, 26, 48, accent),
    `<g transform="translate(300 612)">${figureSvg(r, scene.motif, paintFor(scene, mystery), use)}</g>`,
    mystery
      ? question(accent, `filter="url(#${id}x)" opacity=".8"`) +
        question(mix(accent, "#fff", 0.35), `stroke="#000" stroke-opacity=".3" stroke-width="3"`)
      : "",
    use(300, 648, 22, `fill="${accent}" opacity=".9"`),
    `<rect width="${W}" height="${H}" fill="url(#${id}v)"/>`,
    `<path d="M262 702H338" stroke="${accent}" stroke-width="2"/><path d="M300 696l6 6-6 6-6-6Z" fill="${accent}"/>`,
    `<text x="300" y="746" text-anchor="middle" font-size="${size}" font-weight="700" fill="#fff" letter-spacing=".5">${escapeXml(title)}</text>`,
    subtitle
      ? `<text x="300" y="774" text-anchor="middle" font-size="13" font-weight="600" fill="${mix(accent, fig, 0.3)}" letter-spacing="4">${escapeXml(subtitle.toLocaleUpperCase("pt-BR"))}</text>`
      : "",
    frame(W, H, accent),
  ]
  return svgRoot(W, H, id, title, body.join(""))
}

function cover(input: ArtworkInput, scene: Scene, r: Rng, seed: number): string {
  const { id, bg, accent, fig } = scene
  const W = 1200
  const H = 630
  const use = emblemUse(id)
  const name = input.title.trim() || "Coleção"
  const lines = wrap(name, 15, 3)
  const size = lines.length > 2 ? 54 : 64
  const subtitle = input.subtitle?.trim() ? wrap(input.subtitle.trim(), 40, 2) : []
  const titleTop = 250 - (lines.length - 1) * size * 0.5
  const ruleY = titleTop + (lines.length - 1) * size * 1.05 + 30
  const shade = mix(bg, "#000", 0.5)
  const paint = paintFor(scene, false)
  const ghost: FigurePaint = {
    ...paint,
    body: mix(mix(bg, "#000", 0.2), accent, 0.2),
    cape: mix(bg, accent, 0.3),
    trim: mix(bg, accent, 0.45),
    rimOpacity: 0.45,
    detail: false,
  }
  const guard = rngFrom(seed ^ 0x9e3779b9)
  const body = [
    defs(
      scene,
      { cx: ".74", cy: ".46", strength: 0.6 },
      `<linearGradient id="${id}l"><stop offset=".35" stop-color="${shade}" stop-opacity=".8"/><stop offset="1" stop-color="${shade}" stop-opacity="0"/></linearGradient>` +
        // One honour guard, drawn twice (mirrored) on either side of the hero.
        `<g id="${id}h">${figureSvg(guard, pick(guard, ["star", "bolt", "moon", "flame"] as const), ghost, use)}</g>`,
    ),
    `<rect width="${W}" height="${H}" fill="url(#${id}b)"/>`,
    beams(r, id, W, H, 3),
    `<rect width="${W}" height="${H}" fill="url(#${id}g)"/>`,
    `<rect width="780" height="${H}" fill="url(#${id}l)"/>`,
    halo(900, 250, 170, accent, r),
    use(900, 250, 260, `fill="${accent}" opacity=".07"`),
    particles(r, 24, W, H, accent),
    pedestal(id, 900, 560, 290, 30, 40, accent),
    `<use href="#${id}h" transform="translate(750 556) scale(.7)"/><use href="#${id}h" transform="translate(1050 556) scale(-.7 .7)"/>`,
    `<g transform="translate(900 564) scale(.88)">${figureSvg(r, scene.motif, paint, use)}</g>`,
    `<rect width="${W}" height="${H}" fill="url(#${id}v)"/>`,
    `<text x="80" y="${f(titleTop - size - 14)}" font-size="16" font-weight="700" fill="${accent}" letter-spacing="6">COLEÇÃO</text>`,
    `<text font-size="${size}" font-weight="800" fill="#fff">${lines
      .map((line, i) => `<tspan x="76" y="${f(titleTop + i * size * 1.05)}">${escapeXml(line)}</tspan>`)
      .join("")}</text>`,
    `<rect x="80" y="${f(ruleY)}" width="84" height="4" rx="2" fill="${accent}"/>`,
    subtitle.length
      ? `<text font-size="24" fill="${mix(fig, "#fff", 0.6)}">${subtitle
          .map((line, i) => `<tspan x="80" y="${f(ruleY + 46 + i * 32)}">${escapeXml(line)}</tspan>`)
          .join("")}</text>`
      : "",
    frame(W, H, accent),
  ]
  return svgRoot(W, H, id, name, body.join(""))
}

/** Places the scene's emblem (defined once in <defs>) at a centre and size. */
function emblemUse(id: string) {
  return (x: number, y: number, size: number, attrs: string) =>
    `<use href="#${id}e" transform="translate(${f(x)} ${f(y)}) scale(${fd(size / 100)})" ${attrs}/>`
}

/** Path data needs no space before a minus sign. */
const tighten = (markup: string) =>
  markup.replace(/ d="([^"]*)"/g, (_, d: string) => ` d="${d.replace(/ -/g, "-")}"`)

function svgRoot(w: number, h: number, id: string, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" font-family="${FONT}" role="img" aria-labelledby="${id}T"><title id="${id}T">${escapeXml(title)}</title>${tighten(body)}</svg>`
}

/** Renders the artwork; deterministic for a given input. */
export function renderArtworkSvg(input: ArtworkInput): string {
  const seed = fnv1a(input.seed)
  const r = rngFrom(seed)
  const [bg, accent, fig] = safePalette(input.palette)
  const motif: ArtworkMotif = Object.hasOwn(EMBLEMS, input.motif) ? input.motif : "star"
  // Ids are prefixed per seed so several inline SVGs on one page never share gradients.
  const scene: Scene = { id: `a${(seed % 46656).toString(36).padStart(3, "0")}`, bg, accent, fig, motif }
  if (input.variant === "cover") return cover(input, scene, r, seed)
  return portrait(input, scene, r, input.variant === "mystery")
}

/** Short, stable, quoted entity tag for HTTP caching. */
export function svgEtag(svg: string): string {
  return `"${fnv1a(svg).toString(36)}${fnv1a(svg, 0x01000193).toString(36)}-${svg.length.toString(36)}"`
}
