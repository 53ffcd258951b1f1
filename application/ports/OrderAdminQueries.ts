import { Context, type Effect } from "effect"
import type { FulfilmentStatus } from "../../domain/fulfilment/fulfilment"
import type { OrderStatus, PaymentMethod } from "../../domain/orders/order"

/** The admin list's filters (issue 10): any combination; null or absent means "any". */
export interface AdminOrderFilter {
  readonly status?: OrderStatus | null
  readonly fulfilmentStatus?: FulfilmentStatus | null
  readonly method?: PaymentMethod | null
  /** Epoch ms, inclusive. */
  readonly placedFrom?: number | null
  /** Epoch ms, exclusive. */
  readonly placedTo?: number | null
  readonly collectionId?: string | null
  /** An order number, e-mail, CPF (digits), our tracking code or the carrier's: matched whole, any case. */
  readonly search?: string | null
}

export interface AdminOrderRow {
  readonly id: string
  readonly number: string
  readonly placedAt: number
  readonly status: OrderStatus
  readonly fulfilmentStatus: FulfilmentStatus | null
  /** The method of the paying attempt, else of the current one. */
  readonly method: PaymentMethod | null
  readonly customerName: string
  /** Null once the account was deleted. */
  readonly customerEmail: string | null
  readonly total: number
  readonly items: number
  readonly collections: readonly string[]
  readonly trackingCode: string
  /** The carrier's code of the latest parcel, if sent. */
  readonly carrierCode: string | null
}

export class OrderAdminQueries extends Context.Service<
  OrderAdminQueries,
  {
    /** Newest first; `total` counts every order the filter matches. */
    list(
      filter: AdminOrderFilter,
      page: { readonly offset: number; readonly limit: number },
    ): Effect.Effect<{ readonly rows: readonly AdminOrderRow[]; readonly total: number }>
  }
>()("store/application/OrderAdminQueries") {}
