import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { escapeText, foldLine, revealCalendar } from "./revealCalendar"

const octets = (s: string) => new TextEncoder().encode(s).length

const feed = () =>
  revealCalendar({
    collection: { id: "c1", name: "Anime, Lendas; e Mais" },
    characters: [
      { id: "p2", name: "Vegeta", edition: { year: 2026, month: 12 }, revealed: false },
      { id: "p1", name: "Goku", edition: { year: 2026, month: 11 }, revealed: true },
    ],
    url: "https://loja.example/colecoes/anime",
    host: "loja.example",
    stamp: Date.UTC(2026, 10, 20, 13, 5, 9),
  })

const unfold = (text: string) => text.replace(/\r\n /g, "")

describe("escapeText", () => {
  it.each([
    ["a,b", "a\\,b"],
    ["a;b", "a\\;b"],
    ["a\\b", "a\\\\b"],
    ["linha 1\nlinha 2\r\nlinha 3", "linha 1\\nlinha 2\\nlinha 3"],
    ["sem nada", "sem nada"],
  ])("%j → %j", (raw, escaped) => {
    expect(escapeText(raw)).toBe(escaped)
  })
})

describe("foldLine", () => {
  it("leaves a line of 75 octets alone and folds the 76th onto a continuation", () => {
    expect(foldLine("x".repeat(75))).toBe("x".repeat(75))
    expect(foldLine("x".repeat(76))).toBe(`${"x".repeat(75)}\r\n x`)
  })

  it("never splits a UTF-8 character and keeps every physical line within 75 octets", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 300 }), (text) => {
        const folded = foldLine(`SUMMARY:${text}`)
        for (const line of folded.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75)
        expect(folded.replace(/\r\n /g, "")).toBe(`SUMMARY:${text}`)
      }),
    )
    const accented = foldLine(`SUMMARY:${"çã".repeat(60)}`)
    expect(accented.split("\r\n").every((l) => !l.includes("\uFFFD"))).toBe(true)
  })
})

describe("revealCalendar", () => {
  it("is a VCALENDAR with CRLF line ends only, a São Paulo VTIMEZONE, and lines of at most 75 octets", () => {
    const text = feed()
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true)
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true)
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/)
    for (const line of text.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75)
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:America/Sao_Paulo\r\n")
    expect(text).toContain("TZOFFSETTO:-0300")
  })

  it("has each reveal on day 15 at noon São Paulo, and each month's payment cut-off on day 14, all day", () => {
    const text = unfold(feed())
    expect(text).toContain(
      "UID:revelacao-p1@loja.example\r\nDTSTAMP:20261120T130509Z\r\nDTSTART;TZID=America/Sao_Paulo:20261115T120000\r\nDTEND;TZID=America/Sao_Paulo:20261115T130000\r\n",
    )
    expect(text).toContain("DTSTART;TZID=America/Sao_Paulo:20261215T120000")
    expect(text).toContain(
      "UID:corte-pagamento-c1-2026-11@loja.example\r\nDTSTAMP:20261120T130509Z\r\nDTSTART;VALUE=DATE:20261114\r\nDTEND;VALUE=DATE:20261115\r\n",
    )
    expect(text).toContain("DTSTART;VALUE=DATE:20261214\r\nDTEND;VALUE=DATE:20261215")
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(4)
  })

  it("names a revealed character, keeps an unrevealed one a mystery, and escapes the collection's name", () => {
    const text = unfold(feed())
    expect(text).toContain("SUMMARY:Revelação: Goku — Anime\\, Lendas\\; e Mais")
    expect(text).toContain(
      "SUMMARY:Revelação: Personagem Misterioso de Dezembro de 2026 — Anime\\, Lendas\\; e Mais",
    )
    expect(text).not.toContain("Vegeta")
    expect(text).toMatch(/DESCRIPTION:Revelação final[^\r]*\\nhttps:\/\/loja\.example\/colecoes\/anime/)
  })

  it("gives the same UIDs whenever it is built (a calendar app updates events instead of duplicating them)", () => {
    const uids = (text: string) => unfold(text).match(/UID:[^\r]+/g)
    const later = revealCalendar({
      collection: { id: "c1", name: "Anime, Lendas; e Mais" },
      characters: [
        { id: "p1", name: "Goku", edition: { year: 2026, month: 11 }, revealed: true },
        { id: "p2", name: "Vegeta", edition: { year: 2026, month: 12 }, revealed: true },
      ],
      url: "https://loja.example/colecoes/anime",
      host: "loja.example",
      stamp: Date.UTC(2026, 11, 20),
    })
    expect(uids(later)).toEqual(uids(feed()))
  })
})
