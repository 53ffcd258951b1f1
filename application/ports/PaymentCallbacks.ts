import { Context } from "effect"

/** Where the store's own webhook address is, for the gateway to call back. */
export class PaymentCallbacks extends Context.Service<
  PaymentCallbacks,
  {
    readonly notificationUrl: string
    /** The page a customer returns to from Checkout Pro or a payment e-mail, for an order. */
    returnUrl(orderId: string): string
  }
>()("store/application/PaymentCallbacks") {}
