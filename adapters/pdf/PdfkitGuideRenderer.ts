import { Effect, Layer } from "effect"
import PDFDocument from "pdfkit"
import { GuideRenderer } from "../../application/ports/GuideRenderer"
import type { GuideBlock, GuideDocument } from "../../domain/collectorGuide"

type Doc = InstanceType<typeof PDFDocument>

const INK = "#1f1f24"
const MUTED = "#5b5b66"
const ACCENT = "#8a1c1c"
const RULE = "#d9d6d0"
const TABLE_HEAD = "#f3efe8"
const MARGIN = 56
const BODY_SIZE = 10.5
const LINE_GAP = 3

/**
 * The standard PDF fonts (Helvetica) carry the WinAnsi character set: every letter of Portuguese, the
 * typographic quotes and dashes, "•" and "R$" with its no-break space. Anything else (an emoji in a
 * collection's description) would print as garbage, so it is replaced.
 */
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ")
export const winAnsi = (text: string): string =>
  [...text.replace(/→/g, "->").replace(/[\u2010\u2011]/g, "-")]
    .map((ch) => ((ch.codePointAt(0) ?? 0) <= 0xff || WIN_ANSI_EXTRA.has(ch) ? ch : "?"))
    .join("")

const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right
const bottomLimit = (doc: Doc) => doc.page.height - doc.page.margins.bottom

/** Starts a new page when less than `height` is left on this one. */
function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > bottomLimit(doc)) doc.addPage()
}

function heading(doc: Doc, text: string): void {
  doc.font("Helvetica-Bold").fontSize(15)
  // Keep a heading with at least a few lines of what follows it.
  ensureSpace(doc, doc.heightOfString(text, { width: contentWidth(doc) }) + 60)
  doc.moveDown(0.6)
  doc.fillColor(ACCENT).text(winAnsi(text), MARGIN, doc.y, { width: contentWidth(doc) })
  const y = doc.y + 3
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + 48, y)
    .lineWidth(1.5)
    .strokeColor(ACCENT)
    .stroke()
  doc.y = y + 8
}

function paragraph(doc: Doc, text: string): void {
  doc.font("Helvetica").fontSize(BODY_SIZE).fillColor(INK)
  doc.text(winAnsi(text), MARGIN, doc.y, { width: contentWidth(doc), align: "justify", lineGap: LINE_GAP })
  doc.moveDown(0.5)
}

function bulletList(doc: Doc, items: readonly string[]): void {
  doc.font("Helvetica").fontSize(BODY_SIZE).fillColor(INK)
  const indent = 14
  for (const item of items) {
    const text = winAnsi(item)
    const width = contentWidth(doc) - indent
    ensureSpace(doc, doc.heightOfString(text, { width, lineGap: LINE_GAP }))
    const y = doc.y
    doc.circle(MARGIN + 4, y + BODY_SIZE / 2, 1.8).fill(ACCENT)
    doc.fillColor(INK).text(text, MARGIN + indent, y, { width, lineGap: LINE_GAP })
    doc.moveDown(0.25)
  }
  doc.moveDown(0.3)
}

/** Column widths by the longest text of each column, every column at least a sixth of the page. */
function columnWidths(doc: Doc, rows: readonly (readonly string[])[], total: number): number[] {
  const columns = Math.max(...rows.map((r) => r.length))
  const natural = Array.from(
    { length: columns },
    (_, i) => Math.max(...rows.map((r) => doc.widthOfString(winAnsi(r[i] ?? "")))) + 12,
  )
  const minimum = total / 6
  const wanted = natural.map((w) => Math.max(w, minimum))
  const sum = wanted.reduce((a, b) => a + b, 0)
  return wanted.map((w) => (w * total) / sum)
}

function table(doc: Doc, rows: readonly (readonly string[])[]): void {
  const [header, ...body] = rows
  if (!header) return
  const width = contentWidth(doc)
  doc.font("Helvetica").fontSize(9.5)
  const widths = columnWidths(doc, rows, width)
  const pad = 5
  const drawRow = (cells: readonly string[], isHeader: boolean) => {
    doc.font(isHeader ? "Helvetica-Bold" : "Helvetica").fontSize(9.5)
    const heights = cells.map((cell, i) =>
      doc.heightOfString(winAnsi(cell), { width: (widths[i] ?? 0) - 2 * pad, lineGap: 1 }),
    )
    const height = Math.max(...heights) + 2 * pad
    if (doc.y + height > bottomLimit(doc)) {
      doc.addPage()
      if (!isHeader) drawRow(header, true)
    }
    const y = doc.y
    if (isHeader) doc.rect(MARGIN, y, width, height).fill(TABLE_HEAD)
    let x = MARGIN
    cells.forEach((cell, i) => {
      doc
        .fillColor(INK)
        .text(winAnsi(cell), x + pad, y + pad, { width: (widths[i] ?? 0) - 2 * pad, lineGap: 1 })
      x += widths[i] ?? 0
    })
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke()
    doc.y = y + height
  }
  // A header alone at the foot of a page reads badly: start the table where it and two rows fit.
  ensureSpace(doc, Math.min(body.length, 2) * 28 + 28)
  drawRow(header, true)
  for (const row of body) drawRow(row, false)
  doc.x = MARGIN
  doc.moveDown(0.8)
}

function block(doc: Doc, b: GuideBlock): void {
  if (b.kind === "paragraph") paragraph(doc, b.text)
  else if (b.kind === "bullets") bulletList(doc, b.items)
  else table(doc, b.rows)
}

/** Page numbers and the footer line, written once every page exists ("Página 2 de 4"). */
function footers(doc: Doc, footer: string): void {
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const bottom = doc.page.margins.bottom
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0
    const y = doc.page.height - 36
    doc
      .moveTo(MARGIN, y - 6)
      .lineTo(doc.page.width - MARGIN, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
    doc.font("Helvetica").fontSize(8).fillColor(MUTED)
    doc.text(winAnsi(footer), MARGIN, y, { width: contentWidth(doc) - 80, lineBreak: false })
    doc.text(`Página ${i + 1} de ${range.count}`, doc.page.width - MARGIN - 80, y, {
      width: 80,
      align: "right",
      lineBreak: false,
    })
    doc.page.margins.bottom = bottom
  }
}

export function renderGuidePdf(
  guide: GuideDocument,
  options: { compress?: boolean } = {},
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
      bufferPages: true,
      compress: options.compress ?? true,
      lang: "pt-BR",
      displayTitle: true,
      info: { Title: winAnsi(guide.title), Author: winAnsi(guide.subtitle), Subject: winAnsi(guide.edition) },
    })
    const chunks: Buffer[] = []
    doc.on("data", (chunk: Buffer) => chunks.push(chunk))
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))))
    doc.on("error", reject)

    // Title block.
    doc.rect(0, 0, doc.page.width, 8).fill(ACCENT)
    doc.y = MARGIN + 10
    doc.font("Helvetica-Bold").fontSize(28).fillColor(INK).text(winAnsi(guide.title), MARGIN, doc.y)
    doc.font("Helvetica").fontSize(13).fillColor(ACCENT).text(winAnsi(guide.subtitle))
    doc.font("Helvetica").fontSize(9.5).fillColor(MUTED).text(winAnsi(guide.edition))
    doc.moveDown(1)

    guide.sections.forEach((section, index) => {
      if (section.newPage && index > 0 && doc.y > doc.page.margins.top + 1) doc.addPage()
      heading(doc, section.heading)
      for (const b of section.blocks) block(doc, b)
    })
    footers(doc, guide.footer)
    doc.end()
  })
}

/** The GuideRenderer on pdfkit (pure JavaScript, standard fonts, nothing read from the network). */
export const PdfkitGuideRendererLayer = (options: { compress?: boolean } = {}) =>
  Layer.succeed(
    GuideRenderer,
    GuideRenderer.of({ render: (guide) => Effect.promise(() => renderGuidePdf(guide, options)) }),
  )
