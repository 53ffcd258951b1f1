import { type Kysely, sql } from "kysely"
import type { Database } from "../../adapters/db/schema"

/** Rows the reports read, inserted as the stores would leave them; for report tests and the benchmark. */

export interface SaleRow {
  readonly id: string
  readonly kind?: "purchase" | "plan" | "subscription"
  readonly status?: "paid" | "awaiting_payment"
  readonly total: number
  readonly discount?: number
  readonly couponCode?: string | null
  readonly paidAt: number | null
  readonly method?: "card" | "pix" | "boleto" | "checkout_pro" | null
  readonly lines?: readonly {
    productId: string
    collectionId: string
    collectionName: string
    unitPrice: number
    quantity: number
  }[]
}

const address = JSON.stringify({
  name: "Ana",
  street: "Rua A",
  number: "1",
  complement: "",
  neighborhood: "Centro",
  city: "São Paulo",
  state: "SP",
  zipCode: "01001000",
})
const shipping = JSON.stringify({ service: "PAC", priceCents: 0, days: 5 })

export async function insertSale(db: Kysely<Database>, sale: SaleRow, n: number): Promise<void> {
  const placed = new Date(sale.paidAt ?? Date.UTC(2026, 10, 1))
  const paid = (sale.status ?? "paid") === "paid"
  const fulfilment = !paid ? null : sale.kind === "plan" ? "plan_active" : "awaiting_production"
  const plan =
    sale.kind === "plan"
      ? JSON.stringify({
          planId: "quarterly",
          name: "Trimestral",
          months: 3,
          collectionId: "c",
          collectionName: "C",
          discountPercent: 10,
        })
      : null
  const attemptId = sale.method ? sale.id.replace(/^.{8}/, "aaaaaaaa") : null
  await sql`insert into orders (id, number, tracking_code, user_id, idempotency_key, kind, status, subtotal_cents,
      discount_cents, shipping_cents, total_cents, coupon_code, shipping, address, cpf, paid_attempt_id, fulfilment_status, plan, placed_at,
      paid_at, pay_by, updated_at)
    values (${sale.id}, ${`LG-T-${n}`}, ${`TRK-T-${n}`}, null, ${`k-${n}`}, ${sale.kind ?? "purchase"},
      ${sale.status ?? "paid"}, ${sale.total + (sale.discount ?? 0)}, ${sale.discount ?? 0}, 0, ${sale.total},
      ${sale.couponCode ?? null}, ${shipping}::jsonb, ${address}::jsonb, '52998224725', ${attemptId}, ${fulfilment}, ${plan}::jsonb, ${placed},
      ${sale.paidAt === null ? null : new Date(sale.paidAt)}, ${placed}, ${placed})`.execute(db)
  if (sale.method && attemptId)
    await sql`insert into payment_attempts (id, order_id, idempotency_key, method, amount_cents, status, created_at,
        updated_at)
      values (${attemptId}, ${sale.id}, ${`a-${n}`}, ${sale.method}, ${sale.total}, 'approved', ${placed},
        ${placed})`.execute(db)
  for (const [position, line] of (sale.lines ?? []).entries())
    await sql`insert into order_lines (order_id, position, product_id, name, collection_id, collection_name,
        image_url, unit_price_cents, quantity)
      values (${sale.id}, ${position}, ${line.productId}, 'Figura', ${line.collectionId}, ${line.collectionName},
        '/x.jpg', ${line.unitPrice}, ${line.quantity})`.execute(db)
}
