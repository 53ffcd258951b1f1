import { randomBytes } from "node:crypto"
import { apiError, holderOutcome, mpDate } from "./fixtures"

type Json = Record<string, unknown>
type Answer = { status: number; body: unknown }

export interface FakeCardToken {
  holder: string
  number: string
  used: boolean
}

interface FakePreapproval extends Json {
  id: string
  status: string
  external_reference: string | null
  auto_recurring: { frequency: number; frequency_type: string; transaction_amount: number } & Json
}

interface FakePlan extends Json {
  id: string
  status: string
  reason: string
  auto_recurring: {
    frequency: number
    frequency_type: string
    transaction_amount: number
    billing_day: number | null
    billing_day_proportional: boolean
  } & Json
}

interface FakeInvoice extends Json {
  id: number
  preapproval_id: string
  retry_attempt: number
  payment: { id: number; status: string; status_detail: string }
}

const badRequest = (message: string, code: number | string) =>
  ({ status: 400, body: apiError(400, message, "bad_request", [{ code, description: message }]) }) as Answer

const BRAZIL_OFFSET_MS = 3 * 3_600_000

/** Day `day` of the month `months` after the one of `ms`, at midnight in Brazil's offset. */
const dayOfMonthAfter = (ms: number, months: number, day: number) => {
  const local = new Date(ms - BRAZIL_OFFSET_MS)
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + months, day) + BRAZIL_OFFSET_MS
}

/** The same day and time `months` later (a subscription without a billing day renews on its sign-up's day). */
const sameDayMonthsAfter = (ms: number, months: number) => {
  const local = new Date(ms - BRAZIL_OFFSET_MS)
  local.setUTCMonth(local.getUTCMonth() + months)
  return local.getTime() + BRAZIL_OFFSET_MS
}

/** The request fields Mercado Pago documents (and its SDK types), by endpoint: anything else is refused. */
const PREAPPROVAL_FIELDS = [
  "preapproval_plan_id",
  "reason",
  "external_reference",
  "payer_email",
  "card_token_id",
  "auto_recurring",
  "back_url",
  "status",
]
const PREAPPROVAL_RECURRING_FIELDS = [
  "frequency",
  "frequency_type",
  "start_date",
  "end_date",
  "transaction_amount",
  "currency_id",
]
const PLAN_FIELDS = ["reason", "auto_recurring", "payment_methods_allowed", "back_url", "status"]
const PLAN_RECURRING_FIELDS = [
  "frequency",
  "frequency_type",
  "repetitions",
  "billing_day",
  "billing_day_proportional",
  "free_trial",
  "transaction_amount",
  "currency_id",
]

/** Mercado Pago's answer to a body with parameters the endpoint does not take, or null. */
function unknownParameters(body: Json, fields: string[], recurringFields: string[]): Answer | null {
  const recurring = body.auto_recurring
  const wrong = [
    ...Object.keys(body).filter((k) => !fields.includes(k)),
    ...(recurring && typeof recurring === "object"
      ? Object.keys(recurring)
          .filter((k) => !recurringFields.includes(k))
          .map((k) => `auto_recurring.${k}`)
      : []),
  ]
  if (wrong.length === 0) return null
  return badRequest(`The name of the following parameters is wrong : [${wrong.join(", ")}]`, 8)
}

/** Why a recurrence cannot be charged (Mercado Pago answers 400), or null. */
function invalidRecurrence(recurring: Json): Answer | null {
  const amount = recurring.transaction_amount
  if (typeof amount !== "number" || !(amount > 0))
    return badRequest("auto_recurring.transaction_amount must be positive", 4037)
  if (recurring.frequency_type !== "months" && recurring.frequency_type !== "days")
    return badRequest("auto_recurring.frequency_type is invalid", 4020)
  if (!Number.isInteger(recurring.frequency) || (recurring.frequency as number) < 1)
    return badRequest("auto_recurring.frequency is invalid", 4020)
  if (recurring.currency_id !== "BRL") return badRequest("auto_recurring.currency_id is invalid", 4020)
  return null
}

/**
 * Mercado Pago's subscriptions in the fake: `POST|GET|PUT /preapproval`, `GET /authorized_payments/{id}` and
 * `/authorized_payments/search`, with the cardholder name deciding each charge's outcome. Renewals and retries
 * happen when a test asks (`renew`, `retry`), as Mercado Pago's own scheduler would.
 */
export function fakePreapprovals(deps: {
  now: () => number
  nextId: () => number
  /** Takes a single-use card token, or null when it does not exist or was already used. */
  spendToken: (id: unknown) => FakeCardToken | null
}) {
  const plans = new Map<string, FakePlan>()
  const preapprovals = new Map<string, FakePreapproval>()
  const invoices = new Map<number, FakeInvoice>()
  const cards = new Map<string, FakeCardToken>()

  const charge = (
    preapproval: FakePreapproval,
    debitAt: number,
    amount = preapproval.auto_recurring.transaction_amount,
  ): FakeInvoice => {
    const outcome = holderOutcome(cards.get(preapproval.id)?.holder ?? "")
    const id = deps.nextId()
    const invoice: FakeInvoice = {
      id,
      type: "scheduled",
      date_created: mpDate(debitAt),
      last_modified: mpDate(debitAt),
      preapproval_id: preapproval.id,
      reason: preapproval.reason,
      external_reference: preapproval.external_reference,
      currency_id: "BRL",
      transaction_amount: amount,
      debit_date: mpDate(debitAt),
      retry_attempt: 0,
      status: outcome.status === "rejected" ? "recycling" : "processed",
      payment: { id: deps.nextId(), status: outcome.status, status_detail: outcome.detail },
    }
    invoices.set(id, invoice)
    return invoice
  }

  const createPlan = (body: Json): Answer => {
    const wrong = unknownParameters(body, PLAN_FIELDS, PLAN_RECURRING_FIELDS)
    if (wrong) return wrong
    if (typeof body.reason !== "string" || !body.reason) return badRequest("reason is required", 4020)
    if (typeof body.back_url !== "string" || !body.back_url) return badRequest("back_url is required", 4020)
    const recurring = (body.auto_recurring ?? {}) as Json
    const invalid = invalidRecurrence(recurring)
    if (invalid) return invalid
    const day = recurring.billing_day
    if (day !== undefined && (!Number.isInteger(day) || (day as number) < 1 || (day as number) > 28))
      return badRequest("auto_recurring.billing_day must be between 1 and 28", 4020)
    // Pro rata is documented for monthly plans with a billing day only.
    const proportional = recurring.billing_day_proportional === true
    if (
      proportional &&
      (day === undefined || recurring.frequency !== 1 || recurring.frequency_type !== "months")
    )
      return badRequest("auto_recurring.billing_day_proportional is only valid for monthly plans", 4020)
    const at = mpDate(deps.now())
    const id = randomBytes(16).toString("hex")
    const plan: FakePlan = {
      id,
      application_id: 1234567890,
      collector_id: 987654321,
      reason: body.reason,
      status: "active",
      back_url: body.back_url,
      init_point: `https://www.mercadopago.com.br/subscriptions/checkout?preapproval_plan_id=${id}`,
      date_created: at,
      last_modified: at,
      auto_recurring: {
        frequency: recurring.frequency as number,
        frequency_type: recurring.frequency_type as string,
        transaction_amount: recurring.transaction_amount as number,
        currency_id: "BRL",
        billing_day: (day as number | undefined) ?? null,
        billing_day_proportional: proportional,
      },
    }
    plans.set(id, plan)
    return { status: 201, body: plan }
  }

  /**
   * When a new subscription is charged first, for how much, and when next. With a plan's billing day, renewals
   * fall on that day; pro rata (monthly only) charges the days up to it at once, on a 30-day month. Without pro
   * rata the first cycle is charged in full at sign-up (unconfirmed: the documentation shows it only as a
   * diagram). Without a plan, a `start_date` defers the first charge, else cycles run from the sign-up's day.
   */
  const schedule = (recurring: FakePreapproval["auto_recurring"], plan: FakePlan | null, at: number) => {
    const { frequency, transaction_amount: amount } = recurring
    const day = plan?.auto_recurring.billing_day ?? null
    if (day !== null && plan?.auto_recurring.billing_day_proportional) {
      const next = dayOfMonthAfter(at, dayOfMonthAfter(at, 0, day) > at ? 0 : 1, day)
      const days = Math.min(30, Math.ceil((next - at) / 86_400_000))
      return { firstAt: at, firstAmount: Math.round((amount * days * 100) / 30) / 100, next }
    }
    if (day !== null) return { firstAt: at, firstAmount: amount, next: dayOfMonthAfter(at, frequency, day) }
    const start = typeof recurring.start_date === "string" ? Date.parse(recurring.start_date) : Number.NaN
    if (start > at) return { firstAt: null, firstAmount: amount, next: start }
    const next =
      recurring.frequency_type === "days" ? at + frequency * 86_400_000 : sameDayMonthsAfter(at, frequency)
    return { firstAt: at, firstAmount: amount, next }
  }

  const create = (body: Json): Answer => {
    const wrong = unknownParameters(body, PREAPPROVAL_FIELDS, PREAPPROVAL_RECURRING_FIELDS)
    if (wrong) return wrong
    const plan = body.preapproval_plan_id === undefined ? null : plans.get(String(body.preapproval_plan_id))
    if (plan === undefined || plan?.status === "cancelled")
      return { status: 404, body: apiError(404, "Preapproval plan not found", "not_found", []) }
    // A subscription with a plan takes its recurrence from the plan, and must be authorized with a card.
    if (plan && (body.status !== "authorized" || typeof body.card_token_id !== "string"))
      return badRequest("A subscription with a plan needs card_token_id and status authorized", 4020)
    const recurring = (plan ? plan.auto_recurring : (body.auto_recurring ?? {})) as Json
    const invalid = plan ? null : invalidRecurrence(recurring)
    if (invalid) return invalid
    if (typeof body.payer_email !== "string" || !body.payer_email.includes("@"))
      return badRequest("payer_email must be a valid email", 4020)
    const card = deps.spendToken(body.card_token_id)
    if (!card) return badRequest("Card token not found: invalid card_token_id", 2006)
    const created = deps.now()
    const autoRecurring: FakePreapproval["auto_recurring"] = {
      frequency: recurring.frequency as number,
      frequency_type: recurring.frequency_type as string,
      transaction_amount: recurring.transaction_amount as number,
      currency_id: "BRL",
      ...(plan
        ? {
            billing_day_proportional: plan.auto_recurring.billing_day_proportional,
            has_billing_day: plan.auto_recurring.billing_day !== null,
          }
        : {}),
      ...(typeof recurring.start_date === "string" ? { start_date: recurring.start_date } : {}),
      ...(typeof recurring.end_date === "string" ? { end_date: recurring.end_date } : {}),
    }
    const { firstAt, firstAmount, next } = schedule(autoRecurring, plan, created)
    const preapproval: FakePreapproval = {
      id: randomBytes(16).toString("hex"),
      preapproval_plan_id: plan?.id ?? null,
      payer_id: 123456789,
      payer_email: body.payer_email,
      back_url: body.back_url ?? null,
      collector_id: 987654321,
      application_id: 1234567890,
      status: "authorized",
      reason: body.reason ?? plan?.reason ?? "",
      external_reference: typeof body.external_reference === "string" ? body.external_reference : null,
      date_created: mpDate(created),
      last_modified: mpDate(created),
      init_point: "https://www.mercadopago.com.br/subscriptions/checkout?preapproval_id=fake",
      auto_recurring: autoRecurring,
      next_payment_date: mpDate(next),
      payment_method_id: card.number.startsWith("4") ? "visa" : "master",
      card_id: deps.nextId(),
    }
    preapprovals.set(preapproval.id, preapproval)
    cards.set(preapproval.id, card)
    if (firstAt !== null) charge(preapproval, firstAt, firstAmount)
    return { status: 201, body: preapproval }
  }

  const update = (preapproval: FakePreapproval, body: Json): Answer => {
    if (preapproval.status === "cancelled")
      return badRequest("You can not modify a cancelled preapproval", "invalid_status")
    if (body.status !== undefined && !["paused", "cancelled", "authorized"].includes(String(body.status)))
      return badRequest("Invalid status", 4008)
    if (body.card_token_id !== undefined) {
      const card = deps.spendToken(body.card_token_id)
      if (!card) return badRequest("Card token not found: invalid card_token_id", 2006)
      cards.set(preapproval.id, card)
    }
    if (typeof body.status === "string") preapproval.status = body.status
    preapproval.last_modified = mpDate(deps.now())
    return { status: 200, body: preapproval }
  }

  const route = (method: string, path: string, query: URLSearchParams, body: Json): Answer | null => {
    if (method === "POST" && path === "/preapproval") return create(body)
    if (method === "POST" && path === "/preapproval_plan") return createPlan(body)
    if (method === "GET" && path === "/preapproval_plan/search") {
      const status = query.get("status")
      const q = query.get("q")?.toLowerCase() ?? null
      const all = [...plans.values()].filter(
        (p) => (status === null || p.status === status) && (q === null || p.reason.toLowerCase().includes(q)),
      )
      const offset = Number(query.get("offset") ?? 0)
      const limit = Number(query.get("limit") ?? 30)
      const results = all.slice(offset, offset + limit)
      return { status: 200, body: { paging: { total: all.length, offset, limit }, results } }
    }
    const plan = /^\/preapproval_plan\/([^/]+)$/.exec(path)
    if (method === "GET" && plan) {
      const found = plans.get(plan[1] as string)
      return found
        ? { status: 200, body: found }
        : { status: 404, body: apiError(404, "Preapproval plan not found", "not_found", []) }
    }
    const one = /^\/preapproval\/([^/]+)$/.exec(path)
    if (one) {
      const preapproval = preapprovals.get(one[1] as string)
      if (!preapproval) return { status: 404, body: apiError(404, "Preapproval not found", "not_found", []) }
      if (method === "GET") return { status: 200, body: preapproval }
      if (method === "PUT") return update(preapproval, body)
    }
    if (method === "GET" && path === "/authorized_payments/search") {
      const of = query.get("preapproval_id")
      const all = [...invoices.values()].filter((i) => of === null || i.preapproval_id === of)
      const offset = Number(query.get("offset") ?? 0)
      const limit = Number(query.get("limit") ?? 30)
      // Oldest first, as a search engine may answer: the adapter must not rely on the order.
      const results = all.sort((a, b) => a.id - b.id).slice(offset, offset + limit)
      return { status: 200, body: { paging: { total: all.length, offset, limit }, results } }
    }
    const invoice = /^\/authorized_payments\/([^/]+)$/.exec(path)
    if (method === "GET" && invoice) {
      if (!/^\d+$/.test(invoice[1] ?? "")) return badRequest("Invalid id", 2070)
      const found = invoices.get(Number(invoice[1]))
      return found
        ? { status: 200, body: found }
        : { status: 404, body: apiError(404, "Authorized payment not found", "not_found", []) }
    }
    return null
  }

  return {
    route,
    preapproval: (id: string) => preapprovals.get(id),
    /** Mercado Pago's scheduler charges the next cycle of an authorized preapproval, on its due date. */
    renew(id: string): FakeInvoice {
      const preapproval = preapprovals.get(id)
      if (preapproval?.status !== "authorized") throw new Error(`preapproval ${id} is not authorized`)
      // The scheduler charges on the preapproval's next payment date, then moves it a cycle on.
      const due = Date.parse(String(preapproval.next_payment_date))
      const { frequency, frequency_type } = preapproval.auto_recurring
      const next =
        frequency_type === "days" ? due + frequency * 86_400_000 : sameDayMonthsAfter(due, frequency)
      preapproval.next_payment_date = mpDate(next)
      return charge(preapproval, due)
    },
    /** Mercado Pago's scheduler retries a refused charge with the preapproval's current card. */
    retry(invoiceId: string): FakeInvoice {
      const invoice = invoices.get(Number(invoiceId))
      if (invoice?.payment.status !== "rejected") throw new Error(`charge ${invoiceId} is not refused`)
      const outcome = holderOutcome(cards.get(invoice.preapproval_id)?.holder ?? "")
      const at = mpDate(deps.now())
      Object.assign(invoice, {
        retry_attempt: invoice.retry_attempt + 1,
        debit_date: at,
        last_modified: at,
        status: outcome.status === "rejected" ? "recycling" : "processed",
        payment: { id: deps.nextId(), status: outcome.status, status_detail: outcome.detail },
      })
      return invoice
    },
  }
}
