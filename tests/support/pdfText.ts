import { inflateSync } from "node:zlib"

/**
 * The text drawn on each page of a PDF written by pdfkit with the standard fonts: content streams inflated
 * when deflated, the hex strings of each TJ array joined (WinAnsi read as Latin-1, enough for pt-BR).
 * Justified lines lose their spaces (pdfkit spaces words by position), so callers compare without spaces.
 */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf)
  const parts: string[] = []
  const source = raw.toString("latin1")
  const streams = /<<([\s\S]*?)>>\s*stream\r?\n/g
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    const start = match.index + match[0].length
    const end = source.indexOf("endstream", start)
    const bytes = raw.subarray(start, end)
    let content: string
    try {
      content = (/\/FlateDecode/.test(match[1] ?? "") ? inflateSync(bytes) : bytes).toString("latin1")
    } catch {
      continue
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g))
      parts.push(
        [...(tj[1] ?? "").matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((h) => Buffer.from(h[1] ?? "", "hex").toString("latin1"))
          .join(""),
      )
  }
  return parts.join("\n")
}

/** How many pages the PDF says it has. */
export const pdfPageCount = (pdf: Uint8Array): number =>
  (
    Buffer.from(pdf)
      .toString("latin1")
      .match(/\/Type \/Page\b/g) ?? []
  ).length

export const withoutSpaces = (s: string) => s.replace(/\s+/g, "")
