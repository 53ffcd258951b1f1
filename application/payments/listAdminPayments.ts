import { Effect } from "effect"
import { saoPauloDayRange } from "../../domain/calendar"
import type { WebhookOutcome } from "../../domain/notifications/webhookReceipt"
import type { PaymentMethod } from "../../domain/orders/order"
import { requireStaff } from "../admin"
import { InvalidInput } from "../errors"
import { AdminPaymentQueries, type AdminPaymentSort } from "../ports/AdminPaymentQueries"

export const PAYMENTS_PAGE_SIZE = 25
export const PAYMENT_SEARCH_MAX = 64

/** Gateway payments belong to orders: whoever manages orders (admins and moderators) sees them. */
const requirePaymentsReader = requireStaff("manage_orders")

export interface AdminPaymentListInput {
  readonly status?: string | undefined
  readonly method?: PaymentMethod | undefined
  /** São Paulo days, "YYYY-MM-DD", both included. */
  readonly from?: string | undefined
  readonly to?: string | undefined
  readonly q?: string | undefined
  readonly sort?: AdminPaymentSort | undefined
  readonly page?: number | undefined
}

const pageOf = <R>(found: { rows: readonly R[]; total: number }, page: number) => ({
  ...found,
  page,
  pageSize: PAYMENTS_PAGE_SIZE,
  pageCount: Math.max(1, Math.ceil(found.total / PAYMENTS_PAGE_SIZE)),
})

const slice = (page: number) => ({ offset: (page - 1) * PAYMENTS_PAGE_SIZE, limit: PAYMENTS_PAGE_SIZE })

/** /admin/payments: every gateway payment, filtered, sorted and cut into pages by the database. */
export const listAdminPayments = Effect.fn("Payments.listAdminPayments")(function* (
  input: AdminPaymentListInput,
) {
  yield* requirePaymentsReader
  const range = saoPauloDayRange(input.from, input.to)
  if (range.from !== undefined && range.to !== undefined && range.to <= range.from)
    return yield* new InvalidInput({ message: "A data final deve ser igual ou posterior à data inicial." })
  const q = input.q?.trim() ?? ""
  if (q.length > PAYMENT_SEARCH_MAX)
    return yield* new InvalidInput({
      message: `A busca deve ter no máximo ${PAYMENT_SEARCH_MAX} caracteres.`,
    })
  const page = input.page ?? 1
  const found = yield* (yield* AdminPaymentQueries).payments(
    {
      status: input.status ?? null,
      method: input.method ?? null,
      from: range.from ?? null,
      before: range.to ?? null,
      search: q || null,
    },
    input.sort ?? "recent",
    slice(page),
  )
  return pageOf(found, page)
})

/** The recurring subscriptions' charges, newest first (prepaid plans are paid as orders, in the list above). */
export const listSubscriptionCharges = Effect.fn("Payments.listSubscriptionCharges")(function* (input: {
  readonly status?: string | undefined
  readonly page?: number | undefined
}) {
  yield* requirePaymentsReader
  const page = input.page ?? 1
  return pageOf(
    yield* (yield* AdminPaymentQueries).subscriptionCharges(input.status ?? null, slice(page)),
    page,
  )
})

/** The webhooks received, newest first, and what became of each. */
export const listWebhookReceipts = Effect.fn("Payments.listWebhookReceipts")(function* (input: {
  readonly outcome?: WebhookOutcome | undefined
  readonly page?: number | undefined
}) {
  yield* requirePaymentsReader
  const page = input.page ?? 1
  return pageOf(yield* (yield* AdminPaymentQueries).receipts(input.outcome ?? null, slice(page)), page)
})

export type AdminPaymentList = Effect.Success<ReturnType<typeof listAdminPayments>>
