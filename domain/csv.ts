import type { Cents } from "./money"

/**
 * A CSV that Excel set to Brazilian Portuguese opens as columns: `;` between fields (the comma is the decimal
 * mark there), CRLF between rows, and a UTF-8 byte-order mark so accents survive.
 */
export const CSV_BOM = "\uFEFF"

const quoted = (value: string) =>
  /[";\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value

/**
 * A spreadsheet would run a cell starting with `=`, `+`, `-`, `@` (or a tab or carriage return) as a formula:
 * a customer's name must never become one. A leading apostrophe makes it text (OWASP "CSV injection").
 */
const defused = (value: string) =>
  /^[=+\-@\t\r]/.test(value) && !/^-\d+(,\d+)?$/.test(value) ? `'${value}` : value

export function csvCell(value: string | number | null): string {
  if (value === null) return ""
  return quoted(typeof value === "number" ? String(value) : defused(value))
}

export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
) {
  const lines = [header, ...rows].map((row) => `${row.map(csvCell).join(";")}\r\n`)
  return `${CSV_BOM}${lines.join("")}`
}

/** 123456 → "1234,56": a number Excel in pt-BR sums, without currency symbol or thousands mark. */
export function csvAmount(cents: Cents): string {
  const sign = cents < 0 ? "-" : ""
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`
}
