import { type CivilDate, saoPauloInstant } from "../../domain/calendar"
import type { Fulfilment, FulfilmentChange } from "../../domain/fulfilment/fulfilment"

/** São Paulo wall time as an instant: the tests' fixed clock. */
export const at = (year: number, month: number, day: number, hour = 10, minute = 0) =>
  saoPauloInstant({ year, month, day } as CivilDate, hour, minute)

export const PAID_AT = at(2026, 11, 3)

export const paidFulfilment = (over: Partial<Fulfilment> = {}): Fulfilment => ({
  orderId: "order-1",
  userId: "user-1",
  status: "awaiting_production",
  paidTotal: 32840,
  paidAt: PAID_AT,
  shipsOn: { year: 2026, month: 11, day: 30 },
  carrierDays: 2,
  productionStartedAt: null,
  producedAt: null,
  cancelledAt: null,
  refundedAt: null,
  shipments: [],
  refunds: [],
  requests: [],
  ...over,
})

/** The fulfilment after a change that must be allowed; a refusal fails the test with its reason. */
export function accepted(change: FulfilmentChange) {
  if (!change.ok) throw new Error(`refused: ${change.reason}`)
  return change
}

export function refusal(change: FulfilmentChange): string {
  if (change.ok) throw new Error("expected a refusal")
  return change.reason
}
