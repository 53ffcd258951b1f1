import { formatDateBR, formatTimeBR, toSaoPauloCivil } from "../../domain/calendar"
import { FULFILMENT_STATUS_LABEL } from "../../domain/fulfilment/fulfilment"
import { ORDER_STATUS_LABEL, PAYMENT_METHOD_LABEL } from "../../domain/orders/order"
import type { AdminOrderRow } from "../ports/OrderAdminQueries"

const HEADER = [
  "Pedido",
  "Data",
  "Cliente",
  "E-mail",
  "Pagamento",
  "Status do pagamento",
  "Status do pedido",
  "Total (R$)",
  "Itens",
  "Coleções",
  "Código de rastreio",
  "Código da transportadora",
]

/** "1234,56": what a Brazilian spreadsheet reads as a number. */
const decimal = (cents: number) =>
  `${Math.trunc(cents / 100)},${String(Math.abs(cents % 100)).padStart(2, "0")}`

/**
 * One CSV field: quoted when it holds the separator, a quote or a line break; a leading = + - @ (a formula
 * to a spreadsheet) is defused with an apostrophe, so a customer's name cannot run code on an admin's machine.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The admin list as a CSV for Excel in pt-BR: semicolons, decimal commas, a BOM so accents survive. */
export function ordersCsv(rows: readonly AdminOrderRow[]): string {
  const lines = rows.map((r) =>
    [
      r.number,
      `${formatDateBR(toSaoPauloCivil(r.placedAt))} ${formatTimeBR(r.placedAt)}`,
      r.customerName,
      r.customerEmail ?? "",
      r.method ? PAYMENT_METHOD_LABEL[r.method] : "",
      ORDER_STATUS_LABEL[r.status],
      r.fulfilmentStatus ? FULFILMENT_STATUS_LABEL[r.fulfilmentStatus] : "",
      decimal(r.total),
      String(r.items),
      r.collections.join(", "),
      r.trackingCode,
      r.carrierCode ?? "",
    ]
      .map(csvField)
      .join(";"),
  )
  return `\uFEFF${[HEADER.join(";"), ...lines].join("\r\n")}\r\n`
}
