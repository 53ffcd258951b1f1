import type { Kysely, Selectable } from "kysely"
import type { CivilDate } from "../../domain/calendar"
import type { Order } from "../../domain/orders/order"
import { type RevealRow, revealFactsFromRow, withRevealOf } from "../catalog/rows"
import { allColumns } from "../db/columns"
import type { Database } from "../db/schema"
import type { OrderLinesTable, OrdersTable } from "../db/tables/orders"

/** What an order is read from (listed, not `*`, so its statements are prepared; fulfilment has its own). */
export const ORDER_COLUMNS = [
  "id",
  "number",
  "tracking_code",
  "user_id",
  "kind",
  "plan",
  "status",
  "subtotal_cents",
  "discount_cents",
  "shipping_cents",
  "total_cents",
  "pix_discount_bp",
  "pix_discount_cents",
  "coins_used",
  "coins_discount_cents",
  "coupon_id",
  "coupon_code",
  "shipping",
  "address",
  "cpf",
  "ships_on",
  "placed_at",
  "paid_at",
  "current_attempt_id",
  "paid_attempt_id",
  "pay_by",
] as const satisfies readonly (keyof OrdersTable)[]

export const LINE_COLUMNS = allColumns<OrderLinesTable>()(
  "order_id",
  "position",
  "product_id",
  "name",
  "collection_id",
  "collection_name",
  "image_url",
  "unit_price_cents",
  "quantity",
  "edition_size",
  "serials",
)

export type OrderRow = Pick<Selectable<OrdersTable>, (typeof ORDER_COLUMNS)[number]>

export const ms = (d: Date | string) => new Date(d).getTime()
export const civil = (text: string | null): CivilDate | null => {
  if (!text) return null
  const [year, month, day] = String(text).slice(0, 10).split("-").map(Number)
  return { year: year ?? 0, month: month ?? 0, day: day ?? 0 }
}
export const civilText = (d: CivilDate | null) =>
  d ? `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}` : null

/** An order's line as read, with its character's reveal joined (adapters/catalog/rows.ts `REVEAL_COLUMNS`). */
export type LineRow = Selectable<OrderLinesTable> & RevealRow

/** Order lines with their characters' reveals, for reads that load lines apart from their orders. */
export const linesWithReveal = (executor: Kysely<Database>) =>
  withRevealOf(executor.selectFrom("order_lines as l").selectAll("l"), "l.product_id")

export function toOrder(row: OrderRow, lines: LineRow[]): Order {
  return {
    id: row.id,
    number: row.number,
    trackingCode: row.tracking_code,
    userId: row.user_id,
    kind: row.kind,
    plan: row.plan,
    status: row.status,
    lines: lines
      .sort((a, b) => a.position - b.position)
      .map((l) => ({
        productId: l.product_id,
        name: l.name,
        collectionId: l.collection_id,
        collectionName: l.collection_name,
        imageUrl: l.image_url,
        unitPrice: l.unit_price_cents,
        quantity: l.quantity,
        editionSize: l.edition_size,
        serials: l.serials,
        reveal: revealFactsFromRow(l),
      })),
    totals: {
      subtotal: row.subtotal_cents,
      discount: row.discount_cents,
      coinsDiscount: row.coins_discount_cents,
      pixDiscount: row.pix_discount_cents,
      shipping: row.shipping_cents,
      total: row.total_cents,
    },
    coinsUsed: row.coins_used,
    pixDiscountBasisPoints: row.pix_discount_bp,
    couponId: row.coupon_id,
    couponCode: row.coupon_code,
    shipping: row.shipping,
    address: row.address,
    cpf: row.cpf ?? "",
    shipsOn: civil(row.ships_on),
    placedAt: ms(row.placed_at),
    paidAt: row.paid_at ? ms(row.paid_at) : null,
    currentAttemptId: row.current_attempt_id,
    paidAttemptId: row.paid_attempt_id,
    payBy: ms(row.pay_by),
  }
}
