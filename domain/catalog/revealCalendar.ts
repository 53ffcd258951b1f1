import { addDays, type CivilDate, monthYearLabelPtBR, SAO_PAULO_TIME_ZONE, type YearMonth } from "../calendar"
import { REVEAL_DAY } from "../shipping/schedule"

/**
 * A collection's reveal calendar as an iCalendar feed (RFC 5545) a collector adds to a phone: each character's
 * reveal (day 15 at noon, São Paulo) and each month's payment cut-off (day 14: paid by then, the order joins
 * that month's batch). Pure: the caller gives the instant of the feed (DTSTAMP) and the store's address.
 */

/** Paid on days 1–14 ships with the month's batch (decision 5): the 14th is the last such day. */
export const PAYMENT_CUTOFF_LAST_DAY = 14
/** The reveal's wall-clock time in São Paulo (schedule.ts `editionDates`). */
export const REVEAL_HOUR = 12

export interface CalendarCharacter {
  readonly id: string
  /** Shown only once revealed; before, the month's mystery. */
  readonly name: string
  readonly edition: YearMonth
  readonly revealed: boolean
}

export interface RevealCalendarInput {
  readonly collection: { readonly id: string; readonly name: string }
  readonly characters: readonly CalendarCharacter[]
  /** The collection's page, linked from every event. */
  readonly url: string
  /** The store's host, the right-hand side of every UID ("loja.example"). */
  readonly host: string
  /** When the feed is produced (DTSTAMP), epoch ms. */
  readonly stamp: number
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in TEXT values. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
}

const utf8Length = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4

/**
 * RFC 5545 §3.1: a content line longer than 75 octets is folded (CRLF and one space), never inside a UTF-8
 * character; the continuation's leading space counts towards its 75.
 */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ""
  let octets = 0
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0) ?? 0)
    if (octets + size > 75) {
      out.push(current)
      current = " "
      octets = 1
    }
    current += char
    octets += size
  }
  out.push(current)
  return out.join("\r\n")
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0")
const dateValue = (d: CivilDate) => `${pad(d.year, 4)}${pad(d.month)}${pad(d.day)}`
const utcStamp = (ms: number) => {
  const d = new Date(ms)
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
}

// São Paulo has kept -03:00 all year since 2019; the zone is described so clients need not know it.
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${SAO_PAULO_TIME_ZONE}`,
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "TZOFFSETFROM:-0300",
  "TZOFFSETTO:-0300",
  "TZNAME:-03",
  "END:STANDARD",
  "END:VTIMEZONE",
]

const monthKey = (ym: YearMonth) => `${pad(ym.year, 4)}-${pad(ym.month)}`

interface Event {
  readonly uid: string
  readonly start: string[]
  readonly summary: string
  readonly description: string
}

function revealEvent(input: RevealCalendarInput, character: CalendarCharacter): Event {
  const day = { year: character.edition.year, month: character.edition.month, day: REVEAL_DAY }
  const month = monthYearLabelPtBR(character.edition)
  const who = character.revealed ? character.name : `Personagem Misterioso de ${month}`
  return {
    uid: `revelacao-${character.id}@${input.host}`,
    start: [
      `DTSTART;TZID=${SAO_PAULO_TIME_ZONE}:${dateValue(day)}T${pad(REVEAL_HOUR)}0000`,
      `DTEND;TZID=${SAO_PAULO_TIME_ZONE}:${dateValue(day)}T${pad(REVEAL_HOUR + 1)}0000`,
    ],
    summary: `Revelação: ${who} — ${input.collection.name}`,
    description: `Revelação final do personagem de ${month} da coleção ${input.collection.name}, ao meio-dia (horário de Brasília).\n${input.url}`,
  }
}

function cutoffEvent(input: RevealCalendarInput, edition: YearMonth): Event {
  const day = { year: edition.year, month: edition.month, day: PAYMENT_CUTOFF_LAST_DAY }
  const month = monthYearLabelPtBR(edition)
  return {
    uid: `corte-pagamento-${input.collection.id}-${monthKey(edition)}@${input.host}`,
    start: [`DTSTART;VALUE=DATE:${dateValue(day)}`, `DTEND;VALUE=DATE:${dateValue(addDays(day, 1))}`],
    summary: `Último dia de pagamento do lote de ${month} — ${input.collection.name}`,
    description: `Pagamentos confirmados até o dia ${PAYMENT_CUTOFF_LAST_DAY} entram no envio do dia 30 deste mês; a partir do dia ${REVEAL_DAY}, no envio do dia ${REVEAL_DAY} do mês seguinte.\n${input.url}`,
  }
}

/** The feed's text: CRLF line ends, folded lines, one VEVENT per reveal and per month's cut-off. */
export function revealCalendar(input: RevealCalendarInput): string {
  const characters = [...input.characters].sort(
    (a, b) =>
      a.edition.year - b.edition.year || a.edition.month - b.edition.month || a.id.localeCompare(b.id),
  )
  const months = new Map(characters.map((c) => [monthKey(c.edition), c.edition]))
  const events = [
    ...characters.map((c) => revealEvent(input, c)),
    ...[...months.values()].map((m) => cutoffEvent(input, m)),
  ]
  const stamp = utcStamp(input.stamp)
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Legendarium//Calendario de revelacoes//PT-BR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(`Revelações — ${input.collection.name}`)}`,
    `X-WR-TIMEZONE:${SAO_PAULO_TIME_ZONE}`,
    ...VTIMEZONE,
    ...events.flatMap((e) => [
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      `DTSTAMP:${stamp}`,
      ...e.start,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `URL:${input.url}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ]
  return `${lines.map(foldLine).join("\r\n")}\r\n`
}
