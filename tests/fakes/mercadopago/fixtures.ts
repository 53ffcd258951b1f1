/** Mercado Pago's error body. */
export const apiError = (
  status: number,
  message: string,
  error: string,
  cause: { code: unknown; description: string }[],
) => ({
  message,
  error,
  status,
  cause: cause.map((c) => ({ ...c, data: null })),
})

/** Dates the way Mercado Pago writes them, in Brazil's offset. */
export const mpDate = (ms: number) => `${new Date(ms - 3 * 3_600_000).toISOString().slice(0, 23)}-03:00`

/** The outcome the test environment gives a card by its holder's name ("APRO Fulano" approves). */
export const holderOutcome = (holder: string) =>
  HOLDER_OUTCOMES[holder.trim().split(/\s+/)[0]?.toUpperCase() ?? ""] ?? (HOLDER_OUTCOMES.OTHE as Outcome)

type Outcome = { status: string; detail: string }

/** Test-environment outcomes by cardholder name (Mercado Pago's list for Brazil). */
export const HOLDER_OUTCOMES: Record<string, { status: string; detail: string }> = {
  APRO: { status: "approved", detail: "accredited" },
  CONT: { status: "in_process", detail: "pending_contingency" },
  OTHE: { status: "rejected", detail: "cc_rejected_other_reason" },
  CALL: { status: "rejected", detail: "cc_rejected_call_for_authorize" },
  FUND: { status: "rejected", detail: "cc_rejected_insufficient_amount" },
  SECU: { status: "rejected", detail: "cc_rejected_bad_filled_security_code" },
  EXPI: { status: "rejected", detail: "cc_rejected_bad_filled_date" },
  FORM: { status: "rejected", detail: "cc_rejected_bad_filled_other" },
}

/** The brand Mercado Pago would detect from a card number or bin. */
export function cardBrand(digits: string): string | null {
  if (/^(5067|4389|4576|5090|6362|6363|6504)/.test(digits)) return "elo"
  if (/^4/.test(digits)) return "visa"
  if (/^(5[1-5]|5031|2[2-7])/.test(digits)) return "master"
  if (/^3[47]/.test(digits)) return "amex"
  return null
}

const brl = (reais: number) =>
  `R$ ${reais.toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/**
 * An installment table like Mercado Pago's answer: decimals in reais, up to 3x with no interest, then 1.99% a
 * month, and `recommended_message` in its own words ("3 parcelas de R$ 33,33 (R$ 100,00)").
 */
export function fakeInstallments(brand: string, amount: number) {
  const payerCosts = Array.from({ length: 12 }, (_, i) => {
    const n = i + 1
    const rate = n <= 3 ? 0 : 1.99
    const r = rate / 100
    const each = rate === 0 ? amount / n : (amount * r * (1 + r) ** n) / ((1 + r) ** n - 1)
    const installmentAmount = Math.round(each * 100) / 100
    const total = rate === 0 ? amount : Math.round(installmentAmount * n * 100) / 100
    return {
      installments: n,
      installment_rate: rate,
      discount_rate: 0,
      labels: rate === 0 ? ["CFT_0,00%|TEA_0,00%"] : [],
      min_allowed_amount: 1,
      max_allowed_amount: 60000,
      installment_amount: installmentAmount,
      total_amount: total,
      recommended_message: `${n} ${n === 1 ? "parcela" : "parcelas"} de ${brl(installmentAmount)} (${brl(total)})`,
    }
  })
  return [
    {
      payment_method_id: brand,
      payment_type_id: "credit_card",
      issuer: { id: "24", name: "Mastercard" },
      processing_mode: "aggregator",
      payer_costs: payerCosts,
    },
  ]
}

/** A 1×1 PNG: the fake's QR image (the adapter passes it on, it does not draw it). */
export const TINY_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg=="

/** Mercado Pago's answer to a `notification_url` it does not take (an http address, `localhost`). */
export function refusedNotificationUrl(
  body: Record<string, unknown>,
): { status: number; body: unknown } | null {
  const url = body.notification_url
  if (url === undefined || (typeof url === "string" && url.startsWith("https://"))) return null
  return {
    status: 400,
    body: apiError(400, "notification_url attribute must be url valid", "bad_request", [
      { code: 4020, description: "notification_url attribute must be url valid" },
    ]),
  }
}

type Refusal = { status: number; body: unknown }

const badRequest = (message: string, code: number): Refusal => ({
  status: 400,
  body: apiError(400, message, "bad_request", [{ code, description: message }]),
})

/**
 * Mercado Pago's answer to items it does not take, in a preference's `items` or a payment's
 * `additional_info.items`: each needs a title, a whole positive quantity and a price (the SDK's `Items` type,
 * Mercado Pago's published contract, requires them; Checkout Pro takes no negative price).
 */
export function refusedItems(items: unknown, field: string, required: boolean): Refusal | null {
  if (items === undefined && !required) return null
  if (!Array.isArray(items) || (required && items.length === 0))
    return badRequest(`${field} is required`, 4011)
  for (const [i, raw] of items.entries()) {
    const item = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>
    if (typeof item.title !== "string" || item.title.trim() === "")
      return badRequest(`${field}[${i}].title is required`, 4011)
    if (typeof item.quantity !== "number" || !Number.isInteger(item.quantity) || item.quantity < 1)
      return badRequest(`${field}[${i}].quantity must be a positive integer`, 4011)
    if (typeof item.unit_price !== "number" || !(item.unit_price >= 0))
      return badRequest(`${field}[${i}].unit_price must be a number`, 4011)
  }
  return null
}

/** Brazil's documented limit for the card-statement text. */
export const STATEMENT_DESCRIPTOR_LIMIT = 13

/**
 * Mercado Pago's answer to a `statement_descriptor` it does not take: over 13 characters (its documented limit
 * in Brazil), or characters other than unaccented letters, digits and spaces (what its examples show and card
 * issuers print; stricter than any refusal confirmed from the API, so the store never depends on more).
 */
export function refusedStatementDescriptor(body: Record<string, unknown>): Refusal | null {
  const text = body.statement_descriptor
  if (text === undefined) return null
  if (typeof text !== "string" || text.length > STATEMENT_DESCRIPTOR_LIMIT || !/^[A-Za-z0-9 ]+$/.test(text))
    return badRequest("statement_descriptor is invalid", 4033)
  return null
}
