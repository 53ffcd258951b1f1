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

interface FakeInvoice extends Json {
  id: number
  preapproval_id: string
  retry_attempt: number
  payment: { id: number; status: string; status_detail: string }
}

const badRequest = (message: string, code: number | string) =>
  ({ status: 400, body: apiError(400, message, "bad_request", [{ code, description: message }]) }) as Answer

/** The first day of the month `months` after the one of `ms`, at midnight in Brazil's offset. */
const firstOfMonthAfter = (ms: number, months: number) => {
  const local = new Date(ms - 3 * 3_600_000)
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + months, 1) + 3 * 3_600_000
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
  const preapprovals = new Map<string, FakePreapproval>()
  const invoices = new Map<number, FakeInvoice>()
  const cards = new Map<string, FakeCardToken>()

  const charge = (preapproval: FakePreapproval, debitAt: number): FakeInvoice => {
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
      transaction_amount: preapproval.auto_recurring.transaction_amount,
      debit_date: mpDate(debitAt),
      retry_attempt: 0,
      status: outcome.status === "rejected" ? "recycling" : "processed",
      payment: { id: deps.nextId(), status: outcome.status, status_detail: outcome.detail },
    }
    invoices.set(id, invoice)
    return invoice
  }

  const create = (body: Json): Answer => {
    const recurring = (body.auto_recurring ?? {}) as Json
    const amount = recurring.transaction_amount
    if (typeof amount !== "number" || !(amount > 0))
      return badRequest("auto_recurring.transaction_amount must be positive", 4037)
    if (recurring.frequency_type !== "months" && recurring.frequency_type !== "days")
      return badRequest("auto_recurring.frequency_type is invalid", 4020)
    if (!Number.isInteger(recurring.frequency) || (recurring.frequency as number) < 1)
      return badRequest("auto_recurring.frequency is invalid", 4020)
    if (recurring.currency_id !== "BRL") return badRequest("auto_recurring.currency_id is invalid", 4020)
    if (typeof body.payer_email !== "string" || !body.payer_email.includes("@"))
      return badRequest("payer_email must be a valid email", 4020)
    const card = deps.spendToken(body.card_token_id)
    if (!card) return badRequest("Card token not found: invalid card_token_id", 2006)
    const created = deps.now()
    const preapproval: FakePreapproval = {
      id: randomBytes(16).toString("hex"),
      payer_id: 123456789,
      payer_email: body.payer_email,
      back_url: body.back_url ?? null,
      collector_id: 987654321,
      application_id: 1234567890,
      status: "authorized",
      reason: body.reason ?? "",
      external_reference: typeof body.external_reference === "string" ? body.external_reference : null,
      date_created: mpDate(created),
      last_modified: mpDate(created),
      init_point: "https://www.mercadopago.com.br/subscriptions/checkout?preapproval_id=fake",
      auto_recurring: {
        frequency: recurring.frequency as number,
        frequency_type: recurring.frequency_type as string,
        transaction_amount: amount,
        currency_id: "BRL",
        billing_day: recurring.billing_day ?? null,
        billing_day_proportional: recurring.billing_day_proportional ?? false,
      },
      next_payment_date: mpDate(firstOfMonthAfter(created, recurring.frequency as number)),
      payment_method_id: card.number.startsWith("4") ? "visa" : "master",
      card_id: deps.nextId(),
      notification_url: body.notification_url ?? null,
    }
    preapprovals.set(preapproval.id, preapproval)
    cards.set(preapproval.id, card)
    charge(preapproval, created)
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
    /** Mercado Pago's scheduler charges the next cycle of an authorized preapproval. */
    renew(id: string): FakeInvoice {
      const preapproval = preapprovals.get(id)
      if (preapproval?.status !== "authorized") throw new Error(`preapproval ${id} is not authorized`)
      return charge(preapproval, deps.now())
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
