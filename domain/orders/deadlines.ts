import { civilFromEpochDay, epochDay, saoPauloInstant, toSaoPauloCivil } from "../calendar"
import type { PaymentMethod } from "./order"

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** How long each way of paying keeps the order's units and coupon while the customer pays. */
export const PAYMENT_WINDOWS = {
  /** How long the order waits for its PIX, the deadline the customer is told. */
  pixMinutes: 30,
  /**
   * The PIX code's expiry sent to Mercado Pago, which refuses a `date_of_expiration` under 30 minutes after the
   * request arrives: a minute more than the order's own window, so transit never brings it under. A PIX paid in
   * that last minute arrives for an expired order and follows the late-payment rule.
   */
  pixGatewayMinutes: 31,
  /** Spec 002 §9: a boleto is due in 3 days. */
  boletoDueDays: 3,
  /** A boleto paid on its due date takes up to 3 business days to clear: keep the order until then. */
  boletoClearingDays: 5,
  /** Time to finish a card payment or try again after a refusal. */
  cardMinutes: 60,
  checkoutProHours: 24,
  /** A card under review (in_process) keeps its order at most this long before it is cancelled. */
  reviewDays: 3,
} as const

/** A boleto's due date: the end of the São Paulo day `boletoDueDays` after it was issued. */
export function boletoDueAt(issuedAt: number): number {
  const due = civilFromEpochDay(epochDay(toSaoPauloCivil(issuedAt)) + PAYMENT_WINDOWS.boletoDueDays + 1)
  return saoPauloInstant(due, 0, 0) - 1000
}

/** When the gateway should stop accepting this payment (PIX code, boleto), or null when it needs no limit. */
export function gatewayExpiry(method: PaymentMethod, startedAt: number): number | null {
  switch (method) {
    case "pix":
      return startedAt + PAYMENT_WINDOWS.pixGatewayMinutes * MINUTE
    case "boleto":
      return boletoDueAt(startedAt)
    case "checkout_pro":
      return startedAt + PAYMENT_WINDOWS.checkoutProHours * 60 * MINUTE
    case "card":
      return null
  }
}

/**
 * Mercado Pago's documented bounds for a PIX `date_of_expiration`, from the moment it receives the request. The
 * sandbox holds them too, so a store that sent less is refused on a developer's machine as it would be live.
 */
export const PIX_EXPIRY_BOUNDS = { minMs: 30 * MINUTE, maxMs: 30 * DAY } as const

export const pixExpiryAccepted = (expiresAt: number, receivedAt: number): boolean =>
  expiresAt - receivedAt >= PIX_EXPIRY_BOUNDS.minMs && expiresAt - receivedAt <= PIX_EXPIRY_BOUNDS.maxMs

/** Until when an order paid this way holds its reservations. */
export function payByFor(method: PaymentMethod, startedAt: number): number {
  switch (method) {
    case "pix":
      return startedAt + PAYMENT_WINDOWS.pixMinutes * MINUTE
    case "checkout_pro":
      return gatewayExpiry(method, startedAt) ?? startedAt
    case "boleto":
      return boletoDueAt(startedAt) + PAYMENT_WINDOWS.boletoClearingDays * DAY
    case "card":
      return startedAt + PAYMENT_WINDOWS.cardMinutes * MINUTE
  }
}

/** A card under manual review extends its order's deadline, up to the review limit. */
export const reviewDeadline = (startedAt: number): number => startedAt + PAYMENT_WINDOWS.reviewDays * DAY
