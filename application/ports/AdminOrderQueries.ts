import { Context, type Effect } from "effect"
import type { FulfilmentStatus } from "../../domain/fulfilment/fulfilment"
import type { OrderStatus, PaymentMethod } from "../../domain/orders/order"
import type { AdminOrderSort, OrderSearch } from "../../domain/orders/orderSearch"
import type { StoredAttempt } from "./OrderStore"

export interface AdminOrderFilter {
  readonly paymentStatus: OrderStatus | null
  readonly fulfilmentStatus: FulfilmentStatus | null
  /** The method of the attempt that paid the order, or of the one the customer is on. */
  readonly method: PaymentMethod | null
  /** Orders with at least one line of this collection. */
  readonly collectionId: string | null
  /** Placed at or after this instant. */
  readonly placedFrom: number | null
  /** Placed before this instant. */
  readonly placedBefore: number | null
  readonly search: OrderSearch | null
}

export type { AdminOrderSort }

/** One order as the admin list and its CSV show it. */
export interface AdminOrderRow {
  readonly id: string
  readonly number: string
  readonly trackingCode: string
  readonly placedAt: number
  readonly paidAt: number | null
  readonly status: OrderStatus
  readonly fulfilmentStatus: FulfilmentStatus | null
  readonly subtotal: number
  readonly discount: number
  readonly shipping: number
  readonly total: number
  readonly method: PaymentMethod | null
  readonly installments: number | null
  readonly items: number
  /** A plan order's "Plano Trimestral — Coleção X, 3 meses" (orderPlanLabel); null for an order of items. */
  readonly plan: string | null
  /** The recipient on the address (the account may be gone). */
  readonly customerName: string
  /** The account's e-mail; null once the account was deleted. */
  readonly email: string | null
  readonly cpf: string | null
  readonly city: string
  readonly state: string
  readonly carrier: string | null
  readonly carrierCode: string | null
  /** The collections of its lines, by name, in line order. */
  readonly collections: readonly string[]
}

export interface AdminOrderPage {
  readonly rows: readonly AdminOrderRow[]
  /** How many orders match the filter, on every page. */
  readonly total: number
}

/** An event recorded about the order in the outbox, and whether its handlers (e-mails) ran. */
export interface OrderEventEntry {
  readonly id: string
  readonly type: string
  readonly occurredAt: number
  readonly status: "pending" | "done" | "parked"
}

/**
 * What the order administration reads beyond one order's state: the filtered, sorted, paginated list (on the
 * database, by its indexes), and for the order page its payment attempts and recorded events.
 */
export class AdminOrderQueries extends Context.Service<
  AdminOrderQueries,
  {
    list(
      filter: AdminOrderFilter,
      sort: AdminOrderSort,
      page: { readonly offset: number; readonly limit: number },
    ): Effect.Effect<AdminOrderPage>
    attempts(orderId: string): Effect.Effect<readonly StoredAttempt[]>
    events(orderId: string): Effect.Effect<readonly OrderEventEntry[]>
    /** Collections that appear in orders, for the filter, by name. */
    collections(): Effect.Effect<readonly { readonly id: string; readonly name: string }[]>
  }
>()("store/application/AdminOrderQueries") {}
