import { ORDER_NUMBER_PATTERN } from "../orders/orderNumber"

export const BULK_ROWS_MAX = 500

export interface BulkRow {
  /** 1-based line of the file, for the per-row report. */
  readonly line: number
  readonly orderNumber: string
  readonly trackingCode: string | null
  readonly carrier: string | null
  readonly service: string | null
}

export type BulkParse =
  | { readonly ok: true; readonly rows: readonly BulkRow[] }
  | { readonly ok: false; readonly reason: string }

/**
 * A bulk update file: one order per line, "order number, tracking code[, carrier, service]", separated by
 * commas, semicolons or tabs; blank lines and a header line are skipped. Numbers are read in any case.
 */
export function parseBulkRows(text: string): BulkParse {
  const rows: BulkRow[] = []
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/)
  for (const [index, raw] of lines.entries()) {
    if (!raw.trim()) continue
    const cells = raw.split(/[;,\t]/).map((c) =>
      c
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .trim(),
    )
    const orderNumber = (cells[0] ?? "").toUpperCase()
    if (
      rows.length === 0 &&
      !ORDER_NUMBER_PATTERN.test(orderNumber) &&
      /[a-z]/i.test(orderNumber.replace(/^LG/, ""))
    )
      continue
    const cell = (i: number) => (cells[i] ? cells[i] : null)
    rows.push({ line: index + 1, orderNumber, trackingCode: cell(1), carrier: cell(2), service: cell(3) })
  }
  if (rows.length === 0) return { ok: false, reason: "O arquivo não tem nenhum pedido." }
  if (rows.length > BULK_ROWS_MAX)
    return { ok: false, reason: `Envie no máximo ${BULK_ROWS_MAX} pedidos por arquivo.` }
  return { ok: true, rows }
}
