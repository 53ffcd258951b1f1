import { monthYearLabelPtBR } from "../calendar"
import type { Cents } from "../money"
import { orderPlanLabel } from "../subscriptions/prepaidPlans"
import type { Order, OrderLine } from "./order"

/** The store's name, as buyers know it on receipts and statements. */
export const STORE_NAME = "Legendarium"

/**
 * Mercado Pago's item category for what the store sells ("art": Collectibles & Art, in its list of item
 * categories), which its risk analysis weighs when approving a payment.
 */
export const COLLECTIBLES_CATEGORY = "art"

/** The longest card-statement text Mercado Pago documents for Brazil (`statement_descriptor`). */
export const STATEMENT_DESCRIPTOR_MAX = 13

/** What is paid for, line by line, as the payment provider (and the payer's receipt) names it. */
export interface PaymentItem {
  readonly id: string
  readonly title: string
  readonly description: string | null
  readonly categoryId: string
  readonly quantity: number
  readonly unitPrice: Cents
}

/**
 * A name as a card statement prints it: unaccented capitals, digits and single spaces, cut to the documented
 * length (issuers drop or garble anything else).
 */
export function statementDescriptorOf(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, STATEMENT_DESCRIPTOR_MAX)
    .trim()
}

export const STATEMENT_DESCRIPTOR = statementDescriptorOf(STORE_NAME)

const collectionLabel = (name: string) => `Coleção ${name.replace(/^Cole[çc][ãa]o\s+/i, "")}`

/**
 * A figure as the payment provider is told it: its collection and its edition month ("Coleção Lendas do Anime —
 * Dezembro de 2026"), never the character. Always, not only before the reveal: the request is made at checkout,
 * usually before the month's reveal (buying the mystery is the point), and Mercado Pago keeps the title for good,
 * on the receipt, in the payer's account and on a dispute. A title picked by the reveal's state at checkout
 * would read differently for two buyers of one figure, and one sent after the reveal would depend on the reveal
 * facts being loaded with the order (a line read without them would leak the name). The collection and month
 * name one figure exactly (a collection has one character per month) and still make sense on a statement read
 * after the reveal. A line whose character left the catalogue has no month: its collection alone.
 */
export function paymentItemOfLine(line: OrderLine): PaymentItem {
  const edition = line.reveal?.edition
  const collection = collectionLabel(line.collectionName)
  return {
    id: line.productId,
    title: edition ? `${collection} — ${monthYearLabelPtBR(edition)}` : collection,
    description:
      line.editionSize !== null
        ? `Figura colecionável ${STORE_NAME}, edição numerada de ${line.editionSize} unidades`
        : `Figura colecionável ${STORE_NAME}`,
    categoryId: COLLECTIBLES_CATEGORY,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
  }
}

/** What an order pays for: its figures, or the prepaid plan it bought (a plan order has no lines of its own). */
export function paymentItemsOf(order: Pick<Order, "lines" | "plan" | "totals">): PaymentItem[] {
  if (order.plan)
    return [
      {
        id: `${order.plan.collectionId}:${order.plan.planId}`,
        title: orderPlanLabel(order.plan),
        description: `Plano pré-pago ${STORE_NAME}`,
        categoryId: COLLECTIBLES_CATEGORY,
        quantity: 1,
        unitPrice: order.totals.subtotal,
      },
    ]
  return order.lines.map(paymentItemOfLine)
}

/** The payment's description (shown on Mercado Pago's receipt): its one item, or how many figures. */
export function paymentDescriptionOf(items: readonly PaymentItem[], orderNumber: string): string {
  const [only] = items
  if (items.length === 1 && only && only.quantity === 1) return `${only.title} (pedido ${orderNumber})`
  const units = items.reduce((sum, item) => sum + item.quantity, 0)
  return `${units} figuras ${STORE_NAME} (pedido ${orderNumber})`
}
