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

/** Compact number: one decimal at most, no "-0". */
function f(v: number): string {
  const n = Math.round(v * 10) / 10
  return Object.is(n, -0) ? "0" : String(n)
}

const XML_ENTITIES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" }

/** Escapes text for element content and attributes; drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const clean = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
  return clean.replace(/[<>&"']/g, (ch) => XML_ENTITIES[ch] ?? ch)
}

/** Greedy word wrap into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  let line = ""
  for (const word of text.trim().split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else {
      line = line ? `${line} ${word}` : word
    }
  }
  if (line) lines.push(line)
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
  return [Number.parseInt(h.slice(0, 2), 16), Number.parseInt(h.slice(2, 4), 16), Number.parseInt(h.slice(4, 6), 16)]
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, "0")).join("")}`
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

function emblem(motif: ArtworkMotif, x: number, y: number, size: number, attrs: string): string {
  return `<path transform="translate(${f(x)} ${f(y)}) scale(${f(size / 100)})" fill-rule="evenodd" ${attrs} d="${EMBLEMS[motif]}"/>`
}

// ---------------------------------------------------------------------------------------------
// Figure: a stylised statue silhouette, feet at (0, 0), about 400 units tall

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

interface FigurePaint {
  body: string
  cape: string
  trim: string
  accent: string
  shadow: string
  rim: string
  rimOpacity: number
  eyes: boolean
}

function figureSvg(r: Rng, motif: ArtworkMotif, paint: FigurePaint): string {
  const hr = between(r, 28, 34)
  const hy = -350
  const nw = between(r, 10, 14)
  const sw = between(r, 56, 78)
  const wa = between(r, 30, 39)
  const hw = wa + between(r, 4, 12)
  const st = between(r, 24, 40)
  const ao = between(r, 4, 20)
  const hasCape = motif === "crown" || r() > 0.3
  const cw = between(r, 105, 150)
  const wind = between(r, -36, 36)
  const headgear =
    motif === "crown" ? "crown" : motif === "skull" ? "hood" : pick(r, ["spikes", "hood", "crest", "horns", "hair", "bare"])
  const weapon = motif === "blade" ? "sword" : pick(r, ["none", "spear", "sword", "orb", "none"])
  const pauldrons = r() > 0.35
  const out: string[] = []

  if (headgear === "hair") {
    out.push(
      `<path fill="${paint.trim}" d="M${f(-hr)} ${hy}Q${f(-hr - 20)} ${hy + 60} ${f(-hr - 4 + wind * 0.4)} ${hy + 112}H${f(hr + 4 + wind * 0.4)}Q${f(hr + 20)} ${hy + 60} ${f(hr)} ${hy}Z"/>`,
    )
  }
  if (hasCape) {
    const y0 = -10
    const l = -cw + wind
    const rr = cw + wind
    let hem = ""
    const folds = 4
    for (let i = 1; i <= folds; i++) {
      const x = l + ((rr - l) * i) / folds
      const mid = l + ((rr - l) * (i - 0.5)) / folds
      hem += seg(x, y0, mid, y0 + (i % 2 ? 16 : -8))
    }
    out.push(
      `<path fill="${paint.cape}" d="M${f(-sw + 8)} -300Q${f(-cw * 0.55 + wind * 0.3)} -170 ${f(l)} ${y0}${hem}Q${f(cw * 0.55 + wind * 0.3)} -170 ${f(sw - 8)} -300Z"/>`,
    )
  }

  out.push(
    `<path d="${mirrored([
      { x: nw, y: -324 },
      { x: sw - 6, y: -300, cx: nw + 4, cy: -304 },
      { x: sw + 2, y: -266, cx: sw + 8, cy: -298 },
      { x: sw - 14, y: -244 },
      { x: wa, y: -182, cx: sw - 16, cy: -210 },
      { x: hw, y: -140, cx: wa - 2, cy: -160 },
      { x: st + 16, y: -6, cx: hw + 8, cy: -70 },
      { x: st + 22, y: 0 },
      { x: st - 14, y: 0 },
      { x: st - 11, y: -60 },
      { x: 0, y: -122, cx: 8, cy: -112 },
    ])}"/>`,
  )

  for (const s of [1, -1]) {
    const hx = sw + ao
    out.push(
      `<path d="M${f(s * (sw - 6))} -298Q${f(s * (sw + 18))} -294 ${f(s * (sw + 14))} -262Q${f(s * (sw + 12 + ao * 0.5))} -210 ${f(s * (hx + 10))} -160Q${f(s * hx)} -144 ${f(s * (hx - 10))} -160Q${f(s * (sw - 4 + ao * 0.4))} -210 ${f(s * (sw - 16))} -248Z"/>`,
    )
    if (pauldrons) {
      out.push(
        `<path fill="${paint.trim}" d="M${f(s * (sw - 26))} -300Q${f(s * (sw + 14))} -326 ${f(s * (sw + 24))} -268Q${f(s * (sw + 4))} -284 ${f(s * (sw - 26))} -288Z"/>`,
      )
    }
  }
  out.push(`<rect x="${f(-wa - 3)}" y="-190" width="${f(wa * 2 + 6)}" height="12" rx="3" fill="${paint.trim}"/>`)
  out.push(`<ellipse cx="0" cy="${hy}" rx="${f(hr * 0.86)}" ry="${f(hr)}"/>`)

  const top = hy - hr
  if (headgear === "spikes") {
    const pts: string[] = [`${f(-hr * 0.9)} ${hy + 6}`]
    const n = 6
    for (let i = 0; i < n; i++) {
      const a = ((200 + (140 * i) / (n - 1)) * Math.PI) / 180
      const len = hr + between(r, 14, 30)
      pts.push(`${f(Math.cos(a) * len + wind * 0.25)} ${f(hy + Math.sin(a) * len)}`)
      if (i < n - 1) {
        const b = ((214 + (140 * i) / (n - 1)) * Math.PI) / 180
        pts.push(`${f(Math.cos(b) * hr * 0.8)} ${f(hy + Math.sin(b) * hr * 0.8)}`)
      }
    }
    pts.push(`${f(hr * 0.9)} ${hy + 6}`)
    out.push(`<path fill="${paint.trim}" d="M${pts.join("L")}Z"/>`)
  } else if (headgear === "hood") {
    out.push(
      `<path fill="${paint.cape}" d="M${f(-hr - 12)} ${hy + 34}Q${f(-hr - 16)} ${f(top - 4)} ${f(wind * 0.3)} ${f(top - 24)}Q${f(hr + 16)} ${f(top - 4)} ${f(hr + 12)} ${hy + 34}Z"/>`,
      `<ellipse cx="0" cy="${hy + 6}" rx="${f(hr * 0.6)}" ry="${f(hr * 0.74)}" fill="${paint.shadow}" stroke="none"/>`,
    )
  } else if (headgear === "crest") {
    out.push(
      `<path fill="${paint.trim}" d="M-6 ${f(top + 4)}Q-2 ${f(top - 46)} 34 ${f(top - 34)}Q10 ${f(top - 20)} 8 ${f(top + 6)}Z"/>`,
    )
  } else if (headgear === "horns") {
    for (const s of [1, -1]) {
      out.push(
        `<path fill="${paint.trim}" d="M${f(s * hr * 0.5)} ${f(hy - hr * 0.7)}Q${f(s * (hr + 26))} ${f(top - 8)} ${f(s * (hr + 18))} ${f(top - 44)}Q${f(s * (hr + 2))} ${f(top - 12)} ${f(s * hr * 0.15)} ${f(hy - hr * 0.92)}Z"/>`,
      )
    }
  } else if (headgear === "crown") {
    out.push(
      `<path fill="${paint.accent}" d="M${f(-hr * 0.78)} ${f(hy - hr * 0.5)}L${f(-hr * 0.92)} ${f(top - 22)}L${f(-hr * 0.42)} ${f(top - 4)}L0 ${f(top - 30)}L${f(hr * 0.42)} ${f(top - 4)}L${f(hr * 0.92)} ${f(top - 22)}L${f(hr * 0.78)} ${f(hy - hr * 0.5)}Z"/>`,
    )
  }
  if (paint.eyes) {
    for (const s of [1, -1]) {
      out.push(
        `<ellipse cx="${f(s * hr * 0.32)}" cy="${hy + 4}" rx="5" ry="2.6" fill="${paint.accent}" stroke="none"/>`,
      )
    }
  }

  if (!paint.eyes) out.push(emblem(motif, 0, -250, 30, `fill="${paint.accent}" stroke="none"`))

  const hx = sw + ao
  if (weapon === "sword") {
    const tx = hx + 46
    const len = Math.hypot(tx - hx, 150)
    const px = (150 / len) * 5
    const py = ((tx - hx) / len) * 5
    out.push(
      `<path fill="${paint.accent}" d="M${f(hx + px)} ${f(-152 - py)}L${f(tx)} -4L${f(hx - px)} ${f(-152 + py)}Z"/>`,
      `<path stroke="${paint.trim}" stroke-width="6" stroke-linecap="round" d="M${f(hx - 14)} -150L${f(hx + 14)} -158"/>`,
    )
  } else if (weapon === "spear") {
    out.push(
      `<rect x="${f(hx - 2.5)}" y="-452" width="5" height="448" fill="${paint.trim}"/>`,
      `<path fill="${paint.accent}" d="M${f(hx)} -496L${f(hx + 10)} -456L${f(hx)} -446L${f(hx - 10)} -456Z"/>`,
    )
  } else if (weapon === "orb") {
    out.push(
      `<circle cx="${f(-hx - 6)}" cy="-192" r="30" fill="${paint.accent}" opacity=".25" stroke="none"/>`,
      `<circle cx="${f(-hx - 6)}" cy="-192" r="13" fill="${paint.accent}" stroke="#fff" stroke-opacity=".6"/>`,
    )
  }

  return `<g fill="${paint.body}" stroke="${paint.rim}" stroke-opacity="${paint.rimOpacity}" stroke-width="1.5" stroke-linejoin="round">${out.join("")}</g>`
}

// ---------------------------------------------------------------------------------------------
// Shared scenery

function particles(r: Rng, count: number, w: number, h: number, accent: string): string {
  let dots = ""
  for (let i = 0; i < count; i++) {
    const fill = i % 3 === 0 ? "#fff" : accent
    dots += `<circle cx="${f(r() * w)}" cy="${f(r() * h)}" r="${f(between(r, 0.8, 3))}" fill="${fill}" opacity="${f(between(r, 0.15, 0.8))}"/>`
  }
  return dots
}

function pedestal(id: string, cx: number, y: number, rx: number, ry: number, depth: number, accent: string): string {
  return (
    `<ellipse cx="${cx}" cy="${y + depth + ry * 0.6}" rx="${f(rx * 1.3)}" ry="${f(ry * 1.4)}" fill="url(#${id}f)"/>` +
    `<path d="M${cx - rx} ${y}V${y + depth}A${rx} ${ry} 0 0 0 ${cx + rx} ${y + depth}V${y}Z" fill="url(#${id}p)"/>` +
    `<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="${ry}" fill="url(#${id}t)" stroke="${accent}" stroke-opacity=".7"/>` +
    `<ellipse cx="${cx}" cy="${y}" rx="${f(rx * 0.78)}" ry="${f(ry * 0.74)}" fill="none" stroke="${accent}" stroke-opacity=".25"/>`
  )
}

interface Scene {
  id: string
  bg: string
  accent: string
  fig: string
}

function defs({ id, bg, accent, fig }: Scene, glow: { cx: string; cy: string; strength: number }): string {
  const top = mix(bg, "#000", 0.45)
  const bottom = mix(bg, accent, 0.16)
  return (
    `<defs>` +
    `<linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset=".55" stop-color="${bg}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>` +
    `<radialGradient id="${id}g" cx="${glow.cx}" cy="${glow.cy}" r=".6"><stop offset="0" stop-color="${accent}" stop-opacity="${f(glow.strength)}"/><stop offset=".45" stop-color="${accent}" stop-opacity="${f(glow.strength * 0.3)}"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${id}v" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".6"/></radialGradient>` +
    `<linearGradient id="${id}s" x1="0" y1="0" x2="1" y2=".3"><stop offset="0" stop-color="${mix(fig, "#fff", 0.2)}"/><stop offset=".5" stop-color="${fig}"/><stop offset="1" stop-color="${mix(fig, bg, 0.65)}"/></linearGradient>` +
    `<linearGradient id="${id}p" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${mix(bg, "#000", 0.5)}"/><stop offset=".35" stop-color="${mix(bg, fig, 0.28)}"/><stop offset="1" stop-color="${mix(bg, "#000", 0.6)}"/></linearGradient>` +
    `<linearGradient id="${id}t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(bg, fig, 0.4)}"/><stop offset="1" stop-color="${mix(bg, fig, 0.15)}"/></linearGradient>` +
    `<radialGradient id="${id}f"><stop offset="0" stop-color="${accent}" stop-opacity=".45"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id}r" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".14"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<filter id="${id}x" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="10"/></filter>` +
    `</defs>`
  )
}

/** Light beams falling from the top edge. */
function beams(r: Rng, id: string, w: number, h: number, count: number): string {
  let out = ""
  for (let i = 0; i < count; i++) {
    const x = between(r, w * 0.2, w * 0.8)
    const spread = between(r, 30, 70)
    const lean = between(r, -120, 120)
    out += `<path d="M${f(x - 12)} 0H${f(x + 12)}L${f(x + spread + lean)} ${h}H${f(x - spread + lean)}Z" fill="url(#${id}r)"/>`
  }
  return out
}

function halo(cx: number, cy: number, radius: number, accent: string, r: Rng): string {
  const dash = `${f(between(r, 2, 6))} ${f(between(r, 8, 16))}`
  return (
    `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="${accent}" stroke-opacity=".35" stroke-width="2"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${f(radius * 1.14)}" fill="none" stroke="${accent}" stroke-opacity=".22" stroke-dasharray="${dash}"/>`
  )
}

function frame(w: number, h: number, accent: string): string {
  return `<rect x="14" y="14" width="${w - 28}" height="${h - 28}" rx="18" fill="none" stroke="${accent}" stroke-opacity=".3"/>`
}

function paintFor(scene: Scene, mystery: boolean): FigurePaint {
  const { id, bg, accent, fig } = scene
  return mystery
    ? {
        body: mix(bg, "#000", 0.72),
        cape: mix(bg, "#000", 0.55),
        trim: mix(bg, "#000", 0.62),
        accent,
        shadow: "#000",
        rim: accent,
        rimOpacity: 0.9,
        eyes: true,
      }
    : {
        body: `url(#${id}s)`,
        cape: mix(accent, bg, 0.55),
        trim: mix(accent, fig, 0.35),
        accent,
        shadow: mix(bg, "#000", 0.5),
        rim: accent,
        rimOpacity: 0.55,
        eyes: false,
      }
}

// ---------------------------------------------------------------------------------------------
// Variants

function portrait(input: ArtworkInput, scene: Scene, r: Rng, mystery: boolean): string {
  const { id, accent, fig } = scene
  const W = 600
  const H = 800
  const title = mystery ? MYSTERY_TITLE : input.title.trim() || MYSTERY_TITLE
  const size = Math.round(Math.max(20, Math.min(38, 520 / (Math.max(1, title.length) * 0.58))))
  const subtitle = input.subtitle?.trim()
  const body = [
    defs(scene, { cx: ".5", cy: ".36", strength: mystery ? 0.38 : 0.6 }),
    `<rect width="${W}" height="${H}" fill="url(#${id}b)"/>`,
    beams(r, id, W, 620, 3),
    `<rect width="${W}" height="${H}" fill="url(#${id}g)"/>`,
    halo(300, 290, 150, accent, r),
    emblem(input.motif, 300, 290, 230, `fill="${accent}" opacity=".07"`),
    particles(r, 26, W, 640, accent),
    pedestal(id, 300, 610, 150, 26, 48, accent),
    `<g transform="translate(300 612)">${figureSvg(r, input.motif, paintFor(scene, mystery))}</g>`,
    mystery
      ? `<text x="300" y="470" text-anchor="middle" font-family="${FONT}" font-size="240" font-weight="800" fill="${accent}" filter="url(#${id}x)" opacity=".8">?</text>` +
        `<text x="300" y="470" text-anchor="middle" font-family="${FONT}" font-size="240" font-weight="800" fill="${mix(accent, "#fff", 0.35)}" stroke="#000" stroke-opacity=".3" stroke-width="3">?</text>`
      : "",
    emblem(input.motif, 300, 648, 22, `fill="${accent}" opacity=".9"`),
    `<rect width="${W}" height="${H}" fill="url(#${id}v)"/>`,
    `<path d="M262 702H338" stroke="${accent}" stroke-width="2"/><path d="M300 696l6 6-6 6-6-6Z" fill="${accent}"/>`,
    `<text x="300" y="746" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff" letter-spacing=".5">${escapeXml(title)}</text>`,
    subtitle
      ? `<text x="300" y="774" text-anchor="middle" font-family="${FONT}" font-size="13" font-weight="600" fill="${mix(accent, fig, 0.3)}" letter-spacing="4">${escapeXml(subtitle.toLocaleUpperCase("pt-BR"))}</text>`
      : "",
    frame(W, H, accent),
  ]
  return svgRoot(W, H, id, title, body.join(""))
}

function cover(input: ArtworkInput, scene: Scene, r: Rng, seed: number): string {
  const { id, bg, accent, fig } = scene
  const W = 1200
  const H = 630
  const name = input.title.trim() || "Coleção"
  const lines = wrap(name, 15, 3)
  const size = lines.length > 2 ? 56 : 64
  const subtitle = input.subtitle?.trim() ? wrap(input.subtitle.trim(), 36, 2) : []
  const titleTop = 250 - (lines.length - 1) * size * 0.5
  const shade = mix(bg, "#000", 0.35)
  const body = [
    defs(scene, { cx: ".72", cy: ".48", strength: 0.6 }),
    `<rect width="${W}" height="${H}" fill="url(#${id}b)"/>`,
    beams(r, id, W, H, 4),
    `<rect width="${W}" height="${H}" fill="url(#${id}g)"/>`,
    `<path d="M0 0H640L520 ${H}H0Z" fill="${shade}" opacity=".55"/>`,
    halo(900, 250, 170, accent, r),
    emblem(input.motif, 900, 250, 260, `fill="${accent}" opacity=".07"`),
    particles(r, 34, W, H, accent),
    pedestal(id, 900, 560, 300, 30, 40, accent),
    ...[
      { x: 750, s: 0.7 },
      { x: 1050, s: 0.7 },
      { x: 900, s: 0.88 },
    ].map(({ x, s }, i) => {
      const paint = paintFor(scene, false)
      const side = i < 2
      const sub = rngFrom(seed + i * 7919)
      const fig2 = figureSvg(sub, side ? pick(sub, ["star", "bolt", "moon", "flame"] as const) : input.motif, {
        ...paint,
        ...(side ? { body: mix(fig, bg, 0.55), rimOpacity: 0.4 } : {}),
      })
      return `<g transform="translate(${x} ${side ? 556 : 562}) scale(${s})">${fig2}</g>`
    }),
    `<rect width="${W}" height="${H}" fill="url(#${id}v)"/>`,
    `<text x="80" y="${f(titleTop - size - 14)}" font-family="${FONT}" font-size="16" font-weight="700" fill="${accent}" letter-spacing="6">COLEÇÃO</text>`,
    `<text font-family="${FONT}" font-size="${size}" font-weight="800" fill="#fff">${lines
      .map((line, i) => `<tspan x="76" y="${f(titleTop + i * size * 1.05)}">${escapeXml(line)}</tspan>`)
      .join("")}</text>`,
    `<rect x="80" y="${f(titleTop + (lines.length - 1) * size * 1.05 + 30)}" width="84" height="4" rx="2" fill="${accent}"/>`,
    subtitle.length
      ? `<text font-family="${FONT}" font-size="24" fill="${mix(fig, "#fff", 0.6)}">${subtitle
          .map(
            (line, i) =>
              `<tspan x="80" y="${f(titleTop + (lines.length - 1) * size * 1.05 + 76 + i * 32)}">${escapeXml(line)}</tspan>`,
          )
          .join("")}</text>`
      : "",
    frame(W, H, accent),
  ]
  return svgRoot(W, H, id, name, body.join(""))
}

function svgRoot(w: number, h: number, id: string, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-labelledby="${id}T"><title id="${id}T">${escapeXml(title)}</title>${body}</svg>`
}

/** Renders the artwork; deterministic for a given input. */
export function renderArtworkSvg(input: ArtworkInput): string {
  const seed = fnv1a(input.seed)
  const r = rngFrom(seed)
  const [bg, accent, fig] = safePalette(input.palette)
  // Ids are prefixed per seed so several inline SVGs on one page never share gradients.
  const scene: Scene = { id: `a${seed.toString(36).slice(0, 5)}`, bg, accent, fig }
  const motif: ArtworkMotif = input.motif in EMBLEMS ? input.motif : "star"
  const safe = { ...input, motif }
  if (input.variant === "cover") return cover(safe, scene, r, seed)
  return portrait(safe, scene, r, input.variant === "mystery")
}

/** Short, stable, quoted entity tag for HTTP caching. */
export function svgEtag(svg: string): string {
  return `"${fnv1a(svg).toString(36)}${fnv1a(svg, 0x01000193).toString(36)}-${svg.length.toString(36)}"`
}
