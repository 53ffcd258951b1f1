import { Context, type Effect } from "effect"
import type { Fulfilment } from "../../domain/fulfilment/fulfilment"
import type { Order } from "../../domain/orders/order"

/** An order with its life after payment; `fulfilment` is null until the order is paid. */
export interface OrderWithFulfilment {
  readonly order: Order
  readonly fulfilment: Fulfilment | null
}

/**
 * Paid orders on their way to the customer: status, shipments, refunds and after-sale requests. Reads and
 * writes join the ambient unit of work; `lock` holds the order's row for the rest of it, so two administrators
 * acting on one order (or an admin and the customer) run one after the other.
 */
export class FulfilmentStore extends Context.Service<
  FulfilmentStore,
  {
    get(orderId: string): Effect.Effect<OrderWithFulfilment | null>
    lock(orderId: string): Effect.Effect<OrderWithFulfilment | null>
    /** Writes the status and its dates, and inserts or updates every shipment, refund and request by id. */
    save(fulfilment: Fulfilment): Effect.Effect<void>
    /**
     * Claims the giving back of an ended order's units: true for the first caller only (in its unit of work), so
     * the units go back once however many times the end is handled.
     */
    claimUnitsRelease(orderId: string, at: number): Effect.Effect<boolean>
    /** The order with our tracking code or a shipment with the carrier's code, either in any case. */
    findByTrackingCode(code: string): Effect.Effect<string | null>
    /** The order of a number ("LG-2026-000123"), in any case: bulk updates name orders by number. */
    findByNumber(orderNumber: string): Effect.Effect<string | null>
  }
>()("store/application/FulfilmentStore") {}
