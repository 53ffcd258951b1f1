import type { Cents } from "../money"
import type { PaymentMethod } from "./order"

/** A payment's status, in Mercado Pago's words (the sandbox uses the same). */
export type PaymentStatus =
  | "pending"
  | "in_process"
  | "approved"
  | "rejected"
  | "cancelled"
  | "refunded"
  | "charged_back"

/**
 * Where an attempt stands: "new" until the gateway answers, then the gateway's status. "interrupted": the request
 * never reached the gateway (the process died, or the answer never came and the gateway has no such payment), so
 * nothing was charged and nothing was refused; the customer is offered to pay again.
 */
export type AttemptStatus = PaymentStatus | "new" | "interrupted"

/** One try at paying an order; its id is the idempotency key sent to the gateway. */
export interface PaymentAttempt {
  readonly id: string
  readonly orderId: string
  readonly method: PaymentMethod
  readonly amount: Cents
  readonly installments: number
  readonly status: AttemptStatus
  readonly statusDetail: string | null
  readonly gatewayPaymentId: string | null
}

/** An attempt's status as the administration reads it. */
export const PAYMENT_STATUS_LABEL: Readonly<Record<AttemptStatus, string>> = {
  new: "Iniciado",
  interrupted: "Interrompido (nada cobrado)",
  pending: "Pendente",
  in_process: "Em análise",
  approved: "Aprovado",
  rejected: "Recusado",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
  charged_back: "Contestado (chargeback)",
}

const CARD_BRAND: Readonly<Record<string, string>> = {
  master: "Mastercard",
  visa: "Visa",
  amex: "American Express",
  elo: "Elo",
  hipercard: "Hipercard",
  diners: "Diners Club",
}

/** Mercado Pago's `payment_method_id` of a card as a person writes it: "master" → "Mastercard". */
export const cardBrandLabel = (brand: string): string =>
  CARD_BRAND[brand] ?? brand.charAt(0).toUpperCase() + brand.slice(1)

// Later statuses outrank earlier ones; an update may only move forward, never back.
const RANK: Readonly<Record<AttemptStatus, number>> = {
  new: 0,
  interrupted: 0,
  pending: 1,
  in_process: 2,
  approved: 3,
  rejected: 3,
  cancelled: 3,
  refunded: 4,
  charged_back: 4,
}

const FORWARD: Readonly<Record<AttemptStatus, readonly PaymentStatus[]>> = {
  new: ["pending", "in_process", "approved", "rejected", "cancelled"],
  // The gateway's word still wins: a payment it turns out to have after all (its search lagged) is applied.
  interrupted: ["pending", "in_process", "approved", "rejected", "cancelled"],
  pending: ["in_process", "approved", "rejected", "cancelled"],
  in_process: ["approved", "rejected", "cancelled"],
  approved: ["refunded", "charged_back"],
  rejected: [],
  cancelled: [],
  refunded: [],
  charged_back: [],
}

/**
 * Applies a status the gateway reported. Notifications arrive late, twice and out of order, so an update that
 * would move the payment back (approved, then a stale pending) or sideways between final states is ignored.
 */
export function nextPaymentStatus(current: AttemptStatus, reported: PaymentStatus): PaymentStatus | null {
  if (current === reported) return null
  return FORWARD[current].includes(reported) && RANK[reported] >= RANK[current] ? reported : null
}

export const isFinalPaymentStatus = (s: AttemptStatus) => RANK[s] >= 3

/** Mercado Pago's statuses folded into ours: an authorised card is still in process, a dispute counts as charged back. */
export function paymentStatusFromGateway(raw: string): PaymentStatus | null {
  switch (raw) {
    case "pending":
    case "in_process":
    case "approved":
    case "rejected":
    case "cancelled":
    case "refunded":
    case "charged_back":
      return raw
    case "authorized":
      return "in_process"
    case "in_mediation":
      return "charged_back"
    default:
      return null
  }
}
