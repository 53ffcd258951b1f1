import { randomUUID } from "node:crypto"
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { type FakeCardToken, fakePreapprovals } from "./fakePreapprovals"
import {
  apiError,
  cardBrand,
  fakeInstallments,
  holderOutcome,
  mpDate,
  refusedItems,
  refusedNotificationUrl,
  refusedStatementDescriptor,
  TINY_PNG_BASE64,
} from "./fixtures"

/** What every endpoint does: answer, fail with a 5xx, ask us to slow down, or never answer. */
export type FakeMercadoPagoBehaviour = "ok" | "500" | "429" | "timeout"

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly headers: IncomingHttpHeaders
  readonly body: unknown
}

type Json = Record<string, unknown>
type Answer = { status: number; body: unknown }

interface FakePayment extends Json {
  id: number
  status: string
  status_detail: string
  external_reference: string | null
  transaction_amount: number
  date_created: string
  refunds: Json[]
}

export type PreferencePayment =
  | { readonly ok: true; readonly payment: Json }
  | { readonly ok: false; readonly reason: "not_found" | "expired" }

export interface FakeMercadoPago {
  /** Point the adapter here (instead of https://api.mercadopago.com). */
  readonly baseUrl: string
  readonly accessToken: string
  behaviour: FakeMercadoPagoBehaviour
  readonly requests: readonly RecordedRequest[]
  /** A single-use card token, as MercadoPago.js makes one in the browser; the holder name sets the outcome. */
  cardToken(holderName: string, cardNumber?: string): Promise<string>
  /** The buyer paid the PIX/boleto (or the review approved the card): pending → approved. */
  approve(id: string): void
  /**
   * The buyer pays on a preference's Checkout Pro page: an approved payment, unless the page closed at its
   * `expiration_date_to` (Mercado Pago then takes nothing).
   */
  payPreference(id: string): PreferencePayment
  payment(id: string): FakePayment | undefined
  /** Mercado Pago's scheduler: charges the next cycle of a preapproval, or retries a refused charge. */
  readonly subscriptions: Pick<ReturnType<typeof fakePreapprovals>, "renew" | "retry" | "preapproval">
  close(): Promise<void>
}

/**
 * A local stand-in for Mercado Pago's REST API (payments, search, cancel, refunds, installments, Checkout Pro,
 * card tokens), faithful to its wire formats, idempotency keys and error shapes, with switches to fail.
 */
export async function startFakeMercadoPago(
  options: { accessToken?: string; now?: () => number } = {},
): Promise<FakeMercadoPago> {
  const accessToken = options.accessToken ?? `TEST-fake-${randomUUID()}`
  const now = options.now ?? (() => Date.now())
  const state = { behaviour: "ok" as FakeMercadoPagoBehaviour }
  const requests: RecordedRequest[] = []
  const payments = new Map<number, FakePayment>()
  const preferences = new Map<string, Json>()
  const tokens = new Map<string, FakeCardToken>()
  // Mercado Pago remembers the answer to a key and gives it again to a retry.
  const idempotent = new Map<string, { status: number; body: unknown }>()
  let nextId = 1_320_000_001
  let baseUrl = ""
  const subscriptions = fakePreapprovals({
    now,
    nextId: () => nextId++,
    spendToken: (id) => {
      const token = typeof id === "string" ? tokens.get(id) : undefined
      if (!token || token.used) return null
      token.used = true
      return token
    },
  })

  const createPayment = (body: Json): { status: number; body: unknown } => {
    const amount = body.transaction_amount
    if (typeof amount !== "number" || !(amount > 0))
      return {
        status: 400,
        body: apiError(400, "Invalid transaction_amount", "bad_request", [
          { code: 4037, description: "Invalid transaction_amount" },
        ]),
      }
    const methodId = body.payment_method_id
    if (typeof methodId !== "string" || !methodId)
      return {
        status: 400,
        body: apiError(400, "payment_method_id is required", "bad_request", [
          { code: 4020, description: "payment_method_id attribute can't be null" },
        ]),
      }
    const additional = (body.additional_info ?? {}) as Json
    const refusal =
      refusedItems(additional.items, "additional_info.items", false) ?? refusedStatementDescriptor(body)
    if (refusal) return refusal
    const payer = (body.payer ?? {}) as Json
    const created = now()
    const base: FakePayment = {
      id: nextId++,
      status: "pending",
      status_detail: "pending_waiting_transfer",
      external_reference: typeof body.external_reference === "string" ? body.external_reference : null,
      transaction_amount: amount,
      description: body.description ?? null,
      payment_method_id: methodId,
      payment_type_id: "account_money",
      installments: 1,
      currency_id: "BRL",
      live_mode: false,
      metadata: body.metadata ?? {},
      notification_url: body.notification_url ?? null,
      statement_descriptor: body.statement_descriptor ?? null,
      additional_info: body.additional_info ?? {},
      payer: { email: payer.email, identification: payer.identification },
      date_created: mpDate(created),
      date_last_updated: mpDate(created),
      date_approved: null,
      date_of_expiration: null,
      card: {},
      point_of_interaction: {},
      transaction_details: { total_paid_amount: amount, installment_amount: amount },
      refunds: [],
    }
    if (methodId === "pix") {
      // Documented: a PIX `date_of_expiration` lies between 30 minutes and 30 days after the request (default 24 h).
      if (body.date_of_expiration !== undefined && !pixExpiryInWindow(body.date_of_expiration, created))
        return {
          status: 400,
          body: apiError(400, "Invalid date_of_expiration", "bad_request", []),
        }
      const expires =
        typeof body.date_of_expiration === "string" ? body.date_of_expiration : mpDate(created + 86_400_000)
      Object.assign(base, {
        payment_type_id: "bank_transfer",
        date_of_expiration: expires,
        point_of_interaction: {
          type: "PIX",
          transaction_data: {
            qr_code: `00020126580014br.gov.bcb.pix0136fake-${base.id}5204000053039865802BR5909Fake Loja6009Sao Paulo62070503***6304ABCD`,
            qr_code_base64: TINY_PNG_BASE64,
            ticket_url: `https://www.mercadopago.com.br/payments/${base.id}/ticket?caller_id=1&hash=${randomUUID()}`,
          },
        },
      })
    } else if (methodId === "bolbradesco") {
      const address = (payer.address ?? {}) as Json
      const identification = (payer.identification ?? {}) as Json
      const missing = [
        ["payer.first_name", payer.first_name],
        ["payer.last_name", payer.last_name],
        ["payer.identification.number", identification.number],
        ["payer.address.zip_code", address.zip_code],
        ["payer.address.street_name", address.street_name],
        ["payer.address.street_number", address.street_number],
        ["payer.address.neighborhood", address.neighborhood],
        ["payer.address.city", address.city],
        ["payer.address.federal_unit", address.federal_unit],
      ].find(([, v]) => typeof v !== "string" || v === "")
      if (missing)
        return {
          status: 400,
          body: apiError(400, `${missing[0]} is required`, "bad_request", [
            { code: 4050, description: `${missing[0]} is required` },
          ]),
        }
      Object.assign(base, {
        payment_type_id: "ticket",
        status_detail: "pending_waiting_payment",
        date_of_expiration:
          typeof body.date_of_expiration === "string"
            ? body.date_of_expiration
            : mpDate(created + 3 * 86_400_000),
        transaction_details: {
          total_paid_amount: amount,
          external_resource_url: `https://www.mercadopago.com.br/payments/${base.id}/ticket?caller_id=1`,
          digitable_line: "23793381286000782713695000063305975520000370000",
          barcode: { content: "23799755200003700003381260007827139500006330" },
        },
      })
    } else {
      const token = typeof body.token === "string" ? tokens.get(body.token) : undefined
      if (!token || token.used)
        return {
          status: 400,
          body: apiError(400, "Card Token not found", "bad_request", [
            { code: 2006, description: "Card Token not found" },
          ]),
        }
      if (cardBrand(token.number) !== methodId)
        return {
          status: 400,
          body: apiError(400, "The payment_method_id does not match the card's", "bad_request", [
            { code: 3034, description: "Invalid card_number_validation" },
          ]),
        }
      const installments = typeof body.installments === "number" ? body.installments : 1
      if (!Number.isInteger(installments) || installments < 1 || installments > 12)
        return {
          status: 400,
          body: apiError(400, "Invalid installments", "bad_request", [
            { code: 4039, description: "installments attribute must be valid" },
          ]),
        }
      token.used = true
      const outcome = holderOutcome(token.holder)
      Object.assign(base, {
        status: outcome.status,
        status_detail: outcome.detail,
        payment_type_id: "credit_card",
        installments,
        issuer_id: body.issuer_id ?? null,
        date_approved: outcome.status === "approved" ? mpDate(created) : null,
        card: { first_six_digits: token.number.slice(0, 6), last_four_digits: token.number.slice(-4) },
      })
    }
    payments.set(base.id, base)
    return { status: 201, body: base }
  }

  const refund = (payment: FakePayment, body: Json): { status: number; body: unknown } => {
    if (payment.status !== "approved")
      return {
        status: 400,
        body: apiError(400, "Payment not refundable", "bad_request", [
          { code: 2063, description: "The action requested is not valid for the current payment state" },
        ]),
      }
    const refunded = payment.refunds.reduce((s, r) => s + Math.round((r.amount as number) * 100), 0)
    const left = Math.round(payment.transaction_amount * 100) - refunded
    const cents = typeof body.amount === "number" ? Math.round(body.amount * 100) : left
    if (cents <= 0 || cents > left)
      return {
        status: 400,
        body: apiError(400, "Invalid refund amount", "bad_request", [
          { code: 2085, description: "amount exceeds the refundable amount" },
        ]),
      }
    const record = {
      id: nextId++,
      payment_id: payment.id,
      amount: cents / 100,
      status: "approved",
      date_created: mpDate(now()),
    }
    payment.refunds.push(record)
    if (cents === left) Object.assign(payment, { status: "refunded", status_detail: "refunded" })
    else payment.status_detail = "partially_refunded"
    return { status: 201, body: record }
  }

  const route = (
    method: string,
    path: string,
    query: URLSearchParams,
    headers: IncomingHttpHeaders,
    body: Json,
  ) => {
    if (method === "POST" && path === "/v1/card_tokens") {
      const card = body as { card_number?: string; cardholder?: { name?: string } }
      const number = String(card.card_number ?? "")
      if (!cardBrand(number))
        return {
          status: 400,
          body: apiError(400, "invalid card_number", "bad_request", [
            { code: "E301", description: "invalid card number" },
          ]),
        }
      const id = randomUUID().replaceAll("-", "")
      tokens.set(id, { holder: card.cardholder?.name ?? "", number, used: false })
      return {
        status: 201,
        body: {
          id,
          first_six_digits: number.slice(0, 6),
          last_four_digits: number.slice(-4),
          status: "active",
        },
      }
    }
    if (headers.authorization !== `Bearer ${accessToken}`)
      return {
        status: 401,
        body: apiError(401, "invalid access token", "unauthorized", [
          { code: 2000, description: "invalid access token" },
        ]),
      }
    const key = typeof headers["x-idempotency-key"] === "string" ? headers["x-idempotency-key"] : null
    const withKey = (scope: string, run: () => { status: number; body: unknown }) => {
      if (!key)
        return {
          status: 400,
          body: apiError(400, "X-Idempotency-Key is required", "bad_request", [
            { code: 4292, description: "Header X-Idempotency-Key can't be null" },
          ]),
        }
      const remembered = idempotent.get(`${scope}:${key}`)
      if (remembered) return remembered
      const answer = run()
      idempotent.set(`${scope}:${key}`, answer)
      return answer
    }

    const badNotificationUrl = method === "POST" ? refusedNotificationUrl(body) : null
    if (badNotificationUrl) return badNotificationUrl
    if (method === "POST" && path === "/v1/payments") return withKey("payments", () => createPayment(body))
    // The key is optional on preapprovals and their plans; when given, a retry gets the first answer back.
    if (method === "POST" && (path === "/preapproval" || path === "/preapproval_plan") && key)
      return withKey(path, () => subscriptions.route(method, path, query, body) as Answer)
    const subscription = subscriptions.route(method, path, query, body)
    if (subscription) return subscription
    if (method === "GET" && path === "/v1/payments/search") {
      const ref = query.get("external_reference")
      const results = [...payments.values()]
        .filter((p) => ref === null || p.external_reference === ref)
        .sort((a, b) => (query.get("criteria") === "asc" ? a.id - b.id : b.id - a.id))
      return { status: 200, body: { paging: { total: results.length, limit: 30, offset: 0 }, results } }
    }
    if (method === "GET" && path === "/v1/payment_methods/installments") {
      const amount = Number(query.get("amount"))
      const bin = query.get("bin")
      const brand = bin ? cardBrand(bin) : query.get("payment_method_id")
      if (!(amount > 0)) return { status: 400, body: apiError(400, "amount is required", "bad_request", []) }
      if (!brand) return { status: 404, body: apiError(404, "bin not found", "not_found", []) }
      return { status: 200, body: fakeInstallments(brand, amount) }
    }
    if (method === "POST" && path === "/checkout/preferences") {
      const refusal = refusedItems(body.items, "items", true) ?? refusedStatementDescriptor(body)
      if (refusal) return refusal
      const id = `1234567-${randomUUID()}`
      const preference = {
        ...body,
        id,
        init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
        sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
      }
      preferences.set(id, preference)
      return { status: 201, body: preference }
    }
    const match = /^\/v1\/payments\/([^/]+)(\/refunds)?$/.exec(path)
    if (match) {
      const payment = payments.get(Number(match[1]))
      if (!/^\d+$/.test(match[1] ?? ""))
        return {
          status: 400,
          body: apiError(400, "Invalid payment id", "bad_request", [
            { code: 2070, description: "invalid id" },
          ]),
        }
      if (!payment)
        return {
          status: 404,
          body: apiError(404, "Payment not found", "not_found", [
            { code: 2000, description: "Payment not found" },
          ]),
        }
      if (method === "GET" && !match[2]) return { status: 200, body: payment }
      if (method === "PUT" && !match[2]) {
        if (body.status !== "cancelled")
          return {
            status: 400,
            body: apiError(400, "Invalid status", "bad_request", [
              { code: 4008, description: "invalid status" },
            ]),
          }
        if (!["pending", "in_process", "authorized"].includes(payment.status))
          return {
            status: 400,
            body: apiError(400, "Invalid operation: payment can't be cancelled", "bad_request", [
              { code: 2063, description: "The action requested is not valid for the current payment state" },
            ]),
          }
        Object.assign(payment, {
          status: "cancelled",
          status_detail: "by_collector",
          date_last_updated: mpDate(now()),
        })
        return { status: 200, body: payment }
      }
      if (method === "POST" && match[2]) return withKey(`refunds:${payment.id}`, () => refund(payment, body))
    }
    return { status: 404, body: apiError(404, "resource not found", "not_found", []) }
  }

  const send = (res: ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" })
    res.end(JSON.stringify(payload))
  }

  const approve = (id: string) => {
    const payment = payments.get(Number(id))
    if (!payment || !["pending", "in_process"].includes(payment.status))
      throw new Error(`payment ${id} is not pending`)
    Object.assign(payment, { status: "approved", status_detail: "accredited", date_approved: mpDate(now()) })
  }

  const payPreference = (id: string): PreferencePayment => {
    const preference = preferences.get(id)
    if (!preference) return { ok: false, reason: "not_found" }
    const closesAt =
      preference.expires === true && typeof preference.expiration_date_to === "string"
        ? Date.parse(preference.expiration_date_to)
        : Number.POSITIVE_INFINITY
    const at = now()
    if (at >= closesAt) return { ok: false, reason: "expired" }
    const items = preference.items as { quantity: number; unit_price: number }[]
    const cents = items.reduce((sum, i) => sum + Math.round(i.unit_price * 100) * i.quantity, 0)
    const payment: FakePayment = {
      id: nextId++,
      status: "approved",
      status_detail: "accredited",
      external_reference:
        typeof preference.external_reference === "string" ? preference.external_reference : null,
      transaction_amount: cents / 100,
      payment_method_id: "account_money",
      payment_type_id: "account_money",
      installments: 1,
      currency_id: "BRL",
      metadata: preference.metadata ?? {},
      statement_descriptor: preference.statement_descriptor ?? null,
      date_created: mpDate(at),
      date_last_updated: mpDate(at),
      date_approved: mpDate(at),
      card: {},
      refunds: [],
    }
    payments.set(payment.id, payment)
    return { ok: true, payment }
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake")
      const text = Buffer.concat(chunks).toString("utf8")
      let body: unknown = null
      try {
        body = text ? JSON.parse(text) : null
      } catch {
        return send(res, 400, apiError(400, "Invalid JSON", "bad_request", []))
      }
      const method = req.method ?? "GET"
      requests.push({ method, path: url.pathname, query: url.searchParams, headers: req.headers, body })
      const control = /^\/__control\/payments\/(\d+)\/approve$/.exec(url.pathname)
      if (control && method === "POST") {
        try {
          approve(control[1] as string)
          return send(res, 200, payments.get(Number(control[1])))
        } catch (error) {
          return send(res, 409, { message: String(error) })
        }
      }
      const paid = /^\/__control\/preferences\/([^/]+)\/pay$/.exec(url.pathname)
      if (paid && method === "POST") {
        const result = payPreference(decodeURIComponent(paid[1] as string))
        if (result.ok) return send(res, 201, result.payment)
        return send(res, result.reason === "expired" ? 409 : 404, { message: result.reason })
      }
      switch (state.behaviour) {
        case "500":
          return send(res, 500, apiError(500, "Internal server error", "internal_error", []))
        case "429":
          return send(res, 429, apiError(429, "Too many requests", "too_many_requests", []))
        case "timeout":
          return // never answers; close() drops the connection
      }
      const answer = route(method, url.pathname, url.searchParams, req.headers, (body ?? {}) as Json)
      send(res, answer.status, answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    baseUrl,
    accessToken,
    get behaviour() {
      return state.behaviour
    },
    set behaviour(value) {
      state.behaviour = value
    },
    requests,
    async cardToken(holderName, cardNumber = "5031433215406351") {
      const response = await fetch(`${baseUrl}/v1/card_tokens?public_key=TEST-public`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          card_number: cardNumber,
          security_code: "123",
          expiration_month: 11,
          expiration_year: 2030,
          cardholder: { name: holderName, identification: { type: "CPF", number: "12345678909" } },
        }),
      })
      const token = (await response.json()) as { id: string }
      return token.id
    },
    approve,
    payPreference,
    subscriptions,
    payment: (id) => payments.get(Number(id)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

const PIX_MIN_MS = 30 * 60_000
const PIX_MAX_MS = 30 * 86_400_000

/** Whether a PIX `date_of_expiration` (ISO 8601 with its offset) falls in the window Mercado Pago documents. */
function pixExpiryInWindow(value: unknown, receivedAt: number): boolean {
  const at = typeof value === "string" ? Date.parse(value) : Number.NaN
  return Number.isFinite(at) && at - receivedAt >= PIX_MIN_MS && at - receivedAt <= PIX_MAX_MS
}
