import type { PaymentItem } from "../../domain/orders/paymentItems"
import { STATEMENT_DESCRIPTOR } from "../../domain/orders/paymentItems"

/** One figure as the store tells the gateway about it (collection and month, never the character). */
export const A_PAYMENT_ITEM: PaymentItem = {
  id: "p-dragao",
  title: "Coleção Lendas — Dezembro de 2026",
  description: "Figura colecionável Legendarium",
  categoryId: "art",
  quantity: 1,
  unitPrice: 29990,
}

/** What every payment request carries besides its money and payer: its items and the statement text. */
export const ITEMS_AND_DESCRIPTOR = {
  items: [A_PAYMENT_ITEM],
  statementDescriptor: STATEMENT_DESCRIPTOR,
} as const
