import { Context, Data, type Effect } from "effect"
import type { Cents } from "../../domain/money"
import type { PaymentMethod } from "../../domain/orders/order"
import type { PaymentStatus } from "../../domain/orders/payment"
import type { PaymentItem } from "../../domain/orders/paymentItems"
import type { InstallmentOption } from "../../domain/pricing/installments"
import type { UF } from "../../domain/shipping/postal"

export interface Payer {
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  /** 11 digits. */
  readonly cpf: string
  readonly address: {
    readonly zipCode: string
    readonly street: string
    readonly number: string
    readonly neighborhood: string
    readonly city: string
    readonly state: UF
  }
}

/** What the browser sends for a card: a token made by Mercado Pago (or the sandbox), never the card itself. */
export interface CardDetails {
  readonly token: string
  readonly installments: number
  /** The brand Mercado Pago detected from the card number ("visa", "master", ...). */
  readonly paymentMethodId: string
  readonly issuerId: string | null
  /**
   * Mercado Pago's device fingerprint of the browser that paid (security.js's MP_DEVICE_SESSION_ID), sent as
   * the `X-meli-session-id` header to help approval; absent offline, where nothing fingerprints the device.
   */
  readonly deviceSessionId?: string | null
}

export interface PaymentRequest {
  /** Our payment attempt: the idempotency key, so a retried call never charges twice. */
  readonly attemptId: string
  /** Our order id (Mercado Pago's `external_reference`). */
  readonly orderId: string
  readonly description: string
  readonly amount: Cents
  /**
   * What is paid for (Mercado Pago's `additional_info.items`, which its risk analysis weighs); informative, they
   * need not add up to the amount (shipping and discounts are not items).
   */
  readonly items: readonly PaymentItem[]
  /** The store's name as the payer's card statement prints it (`statement_descriptor`). */
  readonly statementDescriptor: string
  readonly method: Exclude<PaymentMethod, "checkout_pro">
  readonly card: CardDetails | null
  readonly payer: Payer
  /** When a PIX code or boleto stops being payable; null for cards. */
  readonly expiresAt: number | null
  readonly notificationUrl: string
}

export interface PixInstructions {
  /** The "copia e cola" text. */
  readonly qrCode: string
  /** PNG, base64, no data: prefix. */
  readonly qrCodeBase64: string
  readonly ticketUrl: string | null
  readonly expiresAt: number | null
}

export interface BoletoInstructions {
  readonly digitableLine: string
  readonly barcode: string
  readonly url: string
  readonly dueAt: number | null
}

/** A payment as the gateway knows it; the only source of truth for its status. */
export interface GatewayPayment {
  readonly id: string
  readonly orderId: string
  readonly attemptId: string | null
  readonly status: PaymentStatus
  readonly statusDetail: string | null
  readonly amount: Cents
  readonly installments: number
  readonly paymentMethodId: string
  readonly cardLastFour: string | null
  readonly approvedAt: number | null
  readonly pix: PixInstructions | null
  readonly boleto: BoletoInstructions | null
}

export interface PreferenceRequest {
  readonly attemptId: string
  readonly orderId: string
  /** Shown on Mercado Pago's page and kept by it for good: never a character before its reveal. */
  readonly items: readonly PaymentItem[]
  /** Shipping less any discount, as one more item, so the preference totals the order. */
  readonly extraCharge: Cents
  readonly statementDescriptor: string
  readonly payerEmail: string
  readonly backUrl: string
  readonly notificationUrl: string
  readonly expiresAt: number
}

/** The gateway could not be reached or answered with a server error: nothing is known to have happened. */
export class GatewayUnavailable extends Data.TaggedError("GatewayUnavailable")<{ readonly reason: string }> {}

/** The gateway refused the request itself (bad token, invalid data): no payment exists. */
export class GatewayRefused extends Data.TaggedError("GatewayRefused")<{
  readonly reason: string
  /** Whether the card data were the problem ("Dados do cartão inválidos"). */
  readonly cardData: boolean
}> {}

export class GatewayPaymentNotFound extends Data.TaggedError("GatewayPaymentNotFound")<{
  readonly id: string
}> {}

/**
 * The payment provider: Mercado Pago when configured, else the offline sandbox. Both keep the same states and
 * status details, and both notify the store through the signed webhook route.
 */
export class PaymentGateway extends Context.Service<
  PaymentGateway,
  {
    /** "mercadopago" or "sandbox": the checkout shows the sandbox's test instructions. */
    readonly name: "mercadopago" | "sandbox"
    /** The key MercadoPago.js needs in the browser; null for the sandbox. */
    readonly publicKey: string | null
    createPayment(request: PaymentRequest): Effect.Effect<GatewayPayment, GatewayUnavailable | GatewayRefused>
    getPayment(id: string): Effect.Effect<GatewayPayment, GatewayUnavailable | GatewayPaymentNotFound>
    /** The payments made for an order (Mercado Pago's search by `external_reference`), newest first. */
    paymentsForOrder(orderId: string): Effect.Effect<readonly GatewayPayment[], GatewayUnavailable>
    /** The installment options for an amount (and the card's first digits when known). */
    installments(
      amount: Cents,
      bin: string | null,
    ): Effect.Effect<readonly InstallmentOption[], GatewayUnavailable>
    /** Stops a pending PIX or boleto from being paid later. A payment already final is left as it is. */
    cancel(id: string): Effect.Effect<void, GatewayUnavailable | GatewayPaymentNotFound>
    /** Gives the money back, all of it or `amount`; `idempotencyKey` makes a retried refund happen once. */
    refund(
      id: string,
      amount: Cents | null,
      idempotencyKey: string,
    ): Effect.Effect<void, GatewayUnavailable | GatewayRefused | GatewayPaymentNotFound>
    /** A Checkout Pro preference ('Pagar com Mercado Pago'): the address the buyer is sent to. */
    createPreference(
      request: PreferenceRequest,
    ): Effect.Effect<
      { readonly id: string; readonly redirectUrl: string },
      GatewayUnavailable | GatewayRefused
    >
  }
>()("store/application/PaymentGateway") {}

/** A webhook notification as the provider sent it, already verified by its signature. */
export interface PaymentNotification {
  readonly topic: "payment" | "subscription_preapproval" | "subscription_authorized_payment" | string
  readonly resourceId: string
  readonly requestId: string | null
}
