import { Effect } from "effect"
import { formatDateBR, formatTimeBR, toSaoPauloCivil } from "../../domain/calendar"
import { csvAmount, csvDocument } from "../../domain/csv"
import { FULFILMENT_STATUS_LABEL } from "../../domain/fulfilment/fulfilment"
import { ORDER_STATUS_LABEL, PAYMENT_METHOD_LABEL } from "../../domain/orders/order"
import { requireOrderManager } from "../fulfilment"
import { AdminOrderQueries, type AdminOrderRow } from "../ports/AdminOrderQueries"
import { Clock } from "../ports/Clock"
import { type AdminOrderListInput, readListFilter } from "./orderListQuery"

/** More than a spreadsheet is useful for: a bigger export asks for a narrower filter. */
export const EXPORT_MAX_ROWS = 10_000
const BATCH = 500

const dateTime = (at: number | null) =>
  at === null ? null : `${formatDateBR(toSaoPauloCivil(at))} ${formatTimeBR(at)}`

const COLUMNS: readonly (readonly [string, (row: AdminOrderRow) => string | number | null])[] = [
  ["Número", (r) => r.number],
  ["Data do pedido", (r) => dateTime(r.placedAt)],
  ["Data do pagamento", (r) => dateTime(r.paidAt)],
  ["Cliente", (r) => r.customerName],
  ["E-mail", (r) => r.email],
  ["CPF", (r) => r.cpf],
  ["Status do pagamento", (r) => ORDER_STATUS_LABEL[r.status]],
  ["Status do pedido", (r) => (r.fulfilmentStatus ? FULFILMENT_STATUS_LABEL[r.fulfilmentStatus] : null)],
  ["Forma de pagamento", (r) => (r.method ? PAYMENT_METHOD_LABEL[r.method] : null)],
  ["Parcelas", (r) => r.installments],
  ["Itens", (r) => (r.plan === null ? r.items : r.plan)],
  ["Coleções", (r) => r.collections.join(", ")],
  ["Subtotal (R$)", (r) => csvAmount(r.subtotal)],
  ["Desconto (R$)", (r) => csvAmount(r.discount)],
  ["Frete (R$)", (r) => csvAmount(r.shipping)],
  ["Total (R$)", (r) => csvAmount(r.total)],
  ["Cidade", (r) => r.city],
  ["UF", (r) => r.state],
  ["Código de rastreamento", (r) => r.trackingCode],
  ["Transportadora", (r) => r.carrier],
  ["Código da transportadora", (r) => r.carrierCode],
]

/**
 * The filtered list as a CSV Excel in Brazil opens as is (`;`, UTF-8 with BOM, amounts as 1234,56), in the
 * list's order, read from the database a batch at a time.
 */
export const exportAdminOrders = Effect.fn("AdminOrders.exportAdminOrders")(function* (
  input: AdminOrderListInput,
) {
  yield* requireOrderManager
  const filter = yield* readListFilter(input)
  const queries = yield* AdminOrderQueries
  const sort = input.sort ?? "recent"
  const rows: AdminOrderRow[] = []
  let total = 0
  do {
    const page = yield* queries.list(filter, sort, {
      offset: rows.length,
      limit: Math.min(BATCH, EXPORT_MAX_ROWS - rows.length),
    })
    total = page.total
    rows.push(...page.rows)
    if (page.rows.length === 0) break
  } while (rows.length < Math.min(total, EXPORT_MAX_ROWS))
  const today = toSaoPauloCivil(yield* (yield* Clock).now())
  const stamp = `${today.year}-${String(today.month).padStart(2, "0")}-${String(today.day).padStart(2, "0")}`
  return {
    filename: `pedidos-${stamp}.csv`,
    body: csvDocument(
      COLUMNS.map(([header]) => header),
      rows.map((row) => COLUMNS.map(([, cell]) => cell(row))),
    ),
    rows: rows.length,
    /** More orders matched than one file holds. */
    truncated: total > rows.length,
  }
})
