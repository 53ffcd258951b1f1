// Requests typed by the SDK's published types, the wire contract (wire.ts says why only its types).
import type { PreApprovalRequest as MercadoPagoPreapproval } from "mercadopago/dist/clients/preApproval/commonTypes"
import type { PreApprovalPlanRequest } from "mercadopago/dist/clients/preApprovalPlan/commonTypes"
import { z } from "zod"
import type {
  GatewayPreapproval,
  GatewayRecurringCharge,
  PreapprovalRequest,
  PreapprovalStatus,
} from "../../application/ports/SubscriptionGateway"
import { formatBRL, parseReaisToCents } from "../../domain/money"
import { type PaymentStatus, paymentStatusFromGateway } from "../../domain/orders/payment"
import { BILLING_DAY, type FrequencyMonths, findRecurringPlan } from "../../domain/subscriptions/plans"
import { toReais } from "./wire"

/**
 * The subscription plan (`/preapproval_plan`) a sign-up joins: Mercado Pago documents `billing_day` only there, so
 * the plan is what puts renewals on day 1 (spec 002 §3, São Paulo). `billing_day_proportional` is documented for
 * monthly plans only; it stays false so the first cycle is charged in full at sign-up, as the store promises.
 */
export function planBody(
  request: Pick<PreapprovalRequest, "amount" | "frequencyMonths" | "backUrl">,
): PreApprovalPlanRequest {
  return {
    reason: planReason(request),
    auto_recurring: {
      frequency: request.frequencyMonths,
      frequency_type: "months",
      transaction_amount: toReais(request.amount),
      currency_id: "BRL",
      billing_day: BILLING_DAY,
      ...(request.frequencyMonths === 1 ? { billing_day_proportional: false } : {}),
    },
    back_url: request.backUrl,
  }
}

/** "Plano Mensal — R$ 299,90": one plan per frequency and price, named so an operator recognises it. */
export function planReason(request: Pick<PreapprovalRequest, "amount" | "frequencyMonths">): string {
  const name = findRecurringPlan(request.frequencyMonths === 1 ? "monthly-plan" : "bimonthly-plan")?.name
  return `${name ?? "Plano"} — ${formatBRL(request.amount)}`
}

/**
 * The subscription itself, joined to its plan: the card token makes Mercado Pago charge on its own (`status:
 * "authorized"`, which a subscription with a plan requires), and the recurrence comes from the plan. Only the
 * fields Mercado Pago documents for `POST /preapproval`: subscription webhooks go to the address configured for
 * the application, since this endpoint takes no `notification_url`.
 */
export function preapprovalBody(request: PreapprovalRequest, planId: string): MercadoPagoPreapproval {
  return {
    preapproval_plan_id: planId,
    reason: request.reason,
    external_reference: request.subscriptionId,
    payer_email: request.payerEmail,
    card_token_id: request.cardToken,
    back_url: request.backUrl,
    status: "authorized",
  }
}

const PlanSchema = z.object({
  id: z.string(),
  status: z.string().nullish(),
  reason: z.string().nullish(),
  auto_recurring: z.object({
    frequency: z.number(),
    frequency_type: z.string(),
    transaction_amount: z.union([z.number(), z.string()]),
    billing_day: z.number().nullish(),
  }),
})

export interface GatewayPlan {
  readonly id: string
  readonly active: boolean
  readonly reason: string
  readonly frequencyMonths: number
  readonly amount: number | null
  readonly billingDay: number | null
}

/** A `/preapproval_plan` answer, or null when it is not one. */
export function parsePlan(body: unknown): GatewayPlan | null {
  const parsed = PlanSchema.safeParse(body)
  if (!parsed.success) return null
  const p = parsed.data
  return {
    id: p.id,
    active: p.status == null || p.status === "active",
    reason: p.reason ?? "",
    frequencyMonths: p.auto_recurring.frequency_type === "months" ? p.auto_recurring.frequency : 0,
    amount: parseReaisToCents(p.auto_recurring.transaction_amount),
    billingDay: p.auto_recurring.billing_day ?? null,
  }
}

/** The plans of a `/preapproval_plan/search` page; an unreadable one is left out. */
export function parsePlanSearch(body: unknown): GatewayPlan[] | null {
  const parsed = z.object({ results: z.array(z.unknown()) }).safeParse(body)
  if (!parsed.success) return null
  return parsed.data.results.flatMap((r) => {
    const plan = parsePlan(r)
    return plan ? [plan] : []
  })
}

/** Whether an existing plan is the one a sign-up at this frequency and price joins. */
export const planServes = (
  plan: GatewayPlan,
  request: { readonly amount: number; readonly frequencyMonths: FrequencyMonths },
) =>
  plan.active &&
  plan.reason === planReason(request) &&
  plan.frequencyMonths === request.frequencyMonths &&
  plan.amount === request.amount &&
  plan.billingDay === BILLING_DAY

const dateMs = (value: string | null | undefined) => {
  if (!value) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}

const money = z.union([z.number(), z.string()])
const optionalText = z.string().nullish()
const id = z.union([z.number(), z.string()]).transform(String)

const PREAPPROVAL_STATUSES: readonly PreapprovalStatus[] = ["pending", "authorized", "paused", "cancelled"]

// Loose on purpose: Mercado Pago adds fields and leaves many out.
const PreapprovalSchema = z.object({
  id: z.string(),
  status: z.string(),
  external_reference: z.union([z.string(), z.number()]).nullish(),
  auto_recurring: z.object({
    frequency: z.number(),
    frequency_type: z.string(),
    transaction_amount: money,
  }),
  next_payment_date: optionalText,
  payment_method_id: optionalText,
  // Not in Mercado Pago's reference (unconfirmed): read when present, else the card stays unknown.
  card: z.object({ last_four_digits: optionalText }).partial().nullish(),
})

/** A Mercado Pago preapproval as the port describes it; null when the body is not one we can trust. */
export function parsePreapproval(body: unknown): GatewayPreapproval | null {
  const parsed = PreapprovalSchema.safeParse(body)
  if (!parsed.success) return null
  const p = parsed.data
  const status = PREAPPROVAL_STATUSES.find((s) => s === p.status)
  const amount = parseReaisToCents(p.auto_recurring.transaction_amount)
  const { frequency, frequency_type } = p.auto_recurring
  if (!status || amount === null || frequency_type !== "months" || (frequency !== 1 && frequency !== 2))
    return null
  const charging = status === "authorized" || status === "pending"
  return {
    id: p.id,
    subscriptionId: p.external_reference == null ? "" : String(p.external_reference),
    status,
    amount,
    frequencyMonths: frequency,
    nextChargeAt: charging ? dateMs(p.next_payment_date) : null,
    cardLastFour: p.card?.last_four_digits ?? null,
    paymentMethodId: p.payment_method_id ?? null,
  }
}

// An invoice's own status, for when its payment is not there yet (unconfirmed list: scheduled, processed,
// recycling, cancelled). "recycling" is a refused charge waiting for its retry.
const INVOICE_STATUS: Readonly<Record<string, PaymentStatus>> = {
  scheduled: "pending",
  pending: "pending",
  recycling: "rejected",
  cancelled: "cancelled",
}

const ChargeSchema = z.object({
  id,
  preapproval_id: z.string(),
  external_reference: z.union([z.string(), z.number()]).nullish(),
  status: optionalText,
  transaction_amount: money,
  debit_date: optionalText,
  date_created: optionalText,
  last_modified: optionalText,
  retry_attempt: z.number().int().nonnegative().nullish(),
  payment: z.object({ id: id.nullish(), status: optionalText, status_detail: optionalText }).nullish(),
})

/**
 * A Mercado Pago `authorized_payment` (an invoice of a preapproval) as the port describes it. Its payment's
 * status is the charge's status; `retry_attempt` is taken as Mercado Pago counts it (unconfirmed whether its
 * first try counts as 0 or 1).
 */
export function parseRecurringCharge(body: unknown): GatewayRecurringCharge | null {
  const parsed = ChargeSchema.safeParse(body)
  if (!parsed.success) return null
  const c = parsed.data
  const status = c.payment?.status
    ? paymentStatusFromGateway(c.payment.status)
    : (INVOICE_STATUS[c.status ?? ""] ?? null)
  const amount = parseReaisToCents(c.transaction_amount)
  const chargedAt = dateMs(c.debit_date) ?? dateMs(c.date_created) ?? dateMs(c.last_modified)
  if (status === null || amount === null || chargedAt === null) return null
  return {
    id: c.id,
    preapprovalId: c.preapproval_id,
    subscriptionId: c.external_reference == null ? "" : String(c.external_reference),
    status,
    statusDetail: c.payment?.status_detail ?? null,
    amount,
    chargedAt,
    retryAttempt: c.retry_attempt ?? 0,
  }
}

/** The payment an authorized payment made (what a refund goes through), if it made one. */
export function chargePaymentId(body: unknown): string | null {
  const parsed = ChargeSchema.safeParse(body)
  const paymentId = parsed.success ? parsed.data.payment?.id : null
  return paymentId == null ? null : String(paymentId)
}

const SearchSchema = z.object({
  results: z.array(z.unknown()),
  paging: z.object({ total: z.number().int().nonnegative() }).partial().nullish(),
})

/** One page of `/authorized_payments/search`; an unreadable entry is left out rather than sinking the rest. */
export function parseChargeSearch(
  body: unknown,
): { charges: GatewayRecurringCharge[]; total: number } | null {
  const parsed = SearchSchema.safeParse(body)
  if (!parsed.success) return null
  const charges = parsed.data.results.flatMap((r) => {
    const charge = parseRecurringCharge(r)
    return charge ? [charge] : []
  })
  return { charges, total: parsed.data.paging?.total ?? parsed.data.results.length }
}

/** Newest first: by when it was charged, then by id (numeric ids grow with time). */
export const newestFirst = (a: GatewayRecurringCharge, b: GatewayRecurringCharge) =>
  b.chargedAt - a.chargedAt || b.id.localeCompare(a.id, "en", { numeric: true })
