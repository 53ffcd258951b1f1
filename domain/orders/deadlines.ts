import { civilFromEpochDay, epochDay, saoPauloInstant, toSaoPauloCivil } from "../calendar"
import type { PaymentMethod } from "./order"

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** How long each way of paying keeps the order's units and coupon while the customer pays. */
export const PAYMENT_WINDOWS = {
  /** The PIX code's own expiry; the order waits as long. */
  pixMinutes: 30,
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
      return startedAt + PAYMENT_WINDOWS.pixMinutes * MINUTE
    case "boleto":
      return boletoDueAt(startedAt)
    case "checkout_pro":
      return startedAt + PAYMENT_WINDOWS.checkoutProHours * 60 * MINUTE
    case "card":
      return null
  }
}

/** Until when an order paid this way holds its reservations. */
export function payByFor(method: PaymentMethod, startedAt: number): number {
  switch (method) {
    case "pix":
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
