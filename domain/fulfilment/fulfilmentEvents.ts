import type { EventOf } from "../events"
import type { Cents } from "../money"
import type { RefundReason, RequestKind } from "./fulfilment"

interface OrderRef {
  readonly orderId: string
  /** Null once the customer deleted the account. */
  readonly userId: string | null
}

/** A paid order's way to the customer; handlers (e-mails) read the order and its shipment for the rest. */
export type FulfilmentEvent =
  | EventOf<"OrderProductionStarted", OrderRef>
  | EventOf<"OrderProduced", OrderRef>
  | EventOf<
      "OrderShipped",
      OrderRef & {
        readonly shipmentId: string
        readonly carrier: string
        readonly service: string
        readonly trackingCode: string
      }
    >
  | EventOf<"OrderInTransit", OrderRef & { readonly shipmentId: string }>
  | EventOf<"OrderDelivered", OrderRef & { readonly shipmentId: string }>
  | EventOf<"ShipmentFailed", OrderRef & { readonly shipmentId: string }>
  /** Cancelled after payment, by the customer (before production) or an administrator. */
  | EventOf<"PaidOrderCancelled", OrderRef & { readonly by: "customer" | "admin" }>
  /** Money must go back through the gateway; the refund's id is the gateway's idempotency key. */
  | EventOf<
      "RefundRequested",
      OrderRef & { readonly refundId: string; readonly amount: Cents; readonly reason: RefundReason }
    >
  | EventOf<
      "OrderRefunded",
      OrderRef & { readonly refundId: string; readonly amount: Cents; readonly full: boolean }
    >
  | EventOf<"RefundFailed", OrderRef & { readonly refundId: string; readonly amount: Cents }>
  | EventOf<"AfterSaleRequested", OrderRef & { readonly requestId: string; readonly kind: RequestKind }>
  | EventOf<
      "AfterSaleDecided",
      OrderRef & { readonly requestId: string; readonly kind: RequestKind; readonly approved: boolean }
    >
  | EventOf<"ReturnReceived", OrderRef & { readonly requestId: string }>
  /**
   * The order's first end (cancelled, returned or refunded in full), once per order whatever path took it
   * there: what it sold is no longer its customer's (domain/fulfilment/orderEnd.ts).
   */
  | EventOf<
      "OrderReleased",
      OrderRef & { readonly end: "cancelled" | "returned" | "refunded"; readonly pieceBack: boolean }
    >
  | EventOf<"DeliveryRated", OrderRef & { readonly shipmentId: string; readonly rating: number }>
