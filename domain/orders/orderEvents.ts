import type { EventOf } from "../events"
import type { Cents } from "../money"
import type { PaymentMethod } from "./order"

interface OrderRef {
  readonly orderId: string
  /** Null once the customer deleted the account. */
  readonly userId: string | null
}

/** What happens to orders and their payments; handlers read the order for the rest (it is the truth). */
export type OrderEvent =
  | EventOf<"OrderPlaced", OrderRef & { readonly number: string; readonly total: Cents }>
  /** A PIX code or boleto was issued: the customer gets its instructions. */
  | EventOf<
      "PaymentInstructionsIssued",
      OrderRef & { readonly paymentId: string; readonly method: PaymentMethod; readonly amount: Cents }
    >
  | EventOf<
      "PaymentApproved",
      OrderRef & {
        readonly paymentId: string
        readonly method: PaymentMethod
        readonly amount: Cents
        readonly installments: number
      }
    >
  /**
   * A prepaid plan order was paid (recorded with its PaymentApproved, in the same transaction): the
   * subscriptions module turns it into covered months, the entitlement and the monthly shipments.
   */
  | EventOf<
      "PrepaidPlanPaid",
      OrderRef & {
        readonly collectionId: string
        readonly planId: string
        readonly months: number
        readonly paidAt: number
      }
    >
  | EventOf<
      "PaymentRejected",
      OrderRef & {
        readonly paymentId: string
        readonly method: PaymentMethod
        readonly statusDetail: string | null
      }
    >
  /** The current attempt never reached the gateway: nothing was charged, and the order may be paid again. */
  | EventOf<"PaymentInterrupted", OrderRef & { readonly paymentId: string; readonly method: PaymentMethod }>
  | EventOf<"OrderExpired", OrderRef & { readonly heldUnits: boolean }>
  | EventOf<"OrderCancelled", OrderRef & { readonly heldUnits: boolean }>
  /** The gateway told us a payment changed; the stored copy is processed like any event. */
  | EventOf<"PaymentNotified", { readonly topic: string; readonly resourceId: string }>
  /** Money came in that no order can keep (a second approval, or a late one for units now sold): give it back. */
  | EventOf<"PaymentRefundRequired", OrderRef & { readonly paymentId: string; readonly reason: string }>
