// The SDK's published request and response types are the wire contract (a field Mercado Pago does not take fails
// to compile); types only, so nothing of the SDK runs or ships. Requests do not go through its client: its API
// address is a fixed constant (no local fake or proxy can stand in), and per-call options are merged into the
// shared config, so an idempotency key given to one call leaks into later writes (see http.ts).
import type { Items } from "mercadopago/dist/clients/commonTypes"
import type { PaymentResponse } from "mercadopago/dist/clients/payment/commonTypes"
import type { PaymentCreateRequest } from "mercadopago/dist/clients/payment/create/types"
import type { CreateRefundBody } from "mercadopago/dist/clients/paymentRefund/create/types"
import type { PreferenceRequest as MercadoPagoPreference } from "mercadopago/dist/clients/preference/commonTypes"
import { z } from "zod"
import type {
  GatewayPayment,
  PaymentRequest,
  PreferenceRequest,
} from "../../application/ports/PaymentGateway"
import { type Cents, parseReaisToCents } from "../../domain/money"
import { paymentStatusFromGateway } from "../../domain/orders/payment"
import type { PaymentItem } from "../../domain/orders/paymentItems"
import { type InstallmentOption, installmentMessage } from "../../domain/pricing/installments"
import type { ApiError } from "./http"

/** Centavos to the decimal reais Mercado Pago wants: 12345 → 123.45 (k/100 prints as exactly that decimal). */
export const toReais = (cents: Cents) => cents / 100

/**
 * An instant in the `yyyy-MM-dd'T'HH:mm:ss.SSS-03:00` form Mercado Pago documents for `date_of_expiration`
 * (Brazil has had no daylight saving time since 2019, so São Paulo is always UTC-3).
 */
export function toMercadoPagoDate(epochMs: number): string {
  return `${new Date(epochMs - 3 * 3_600_000).toISOString().slice(0, 23)}-03:00`
}

const dateMs = (value: string | null | undefined) => {
  if (!value) return null
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}

/**
 * The `notification_url` Mercado Pago takes: https only (it refuses `http://localhost`, so a store on a developer's
 * machine sends none and relies on reconciliation), and with `source_news=webhooks`, so only the signed Webhooks
 * come, never the unsigned IPN pings the store must refuse and Mercado Pago would retry every 15 minutes.
 * Undefined leaves the field out of the JSON.
 */
export function notificationUrlFor(url: string): string | undefined {
  if (!url.startsWith("https://")) return undefined
  const withSource = new URL(url)
  withSource.searchParams.set("source_news", "webhooks")
  return withSource.toString()
}

/** An item as Mercado Pago's `items` (Checkout Pro) and `additional_info.items` (payments) take it. */
const itemOf = (item: PaymentItem): Items => ({
  id: item.id,
  title: item.title,
  ...(item.description ? { description: item.description } : {}),
  category_id: item.categoryId,
  quantity: item.quantity,
  unit_price: toReais(item.unitPrice),
})

/**
 * `POST /v1/payments`. Besides what the payment needs, what Mercado Pago's documentation recommends for its
 * approval: the items and the payer's name in `additional_info` (its risk analysis reads them) and the store's
 * name for the card statement.
 */
export function paymentBody(request: PaymentRequest): PaymentCreateRequest {
  const { payer, card } = request
  const base = {
    transaction_amount: toReais(request.amount),
    description: request.description,
    external_reference: request.orderId,
    notification_url: notificationUrlFor(request.notificationUrl),
    metadata: { attempt_id: request.attemptId },
    statement_descriptor: request.statementDescriptor,
    additional_info: {
      items: request.items.map(itemOf),
      payer: { first_name: payer.firstName, last_name: payer.lastName },
    },
    payer: {
      email: payer.email,
      first_name: payer.firstName,
      last_name: payer.lastName,
      identification: { type: "CPF", number: payer.cpf },
    },
  } satisfies PaymentCreateRequest
  switch (request.method) {
    case "card":
      return {
        ...base,
        token: card?.token,
        installments: card?.installments ?? 1,
        payment_method_id: card?.paymentMethodId,
        // Mercado Pago's issuer ids are numbers; MercadoPago.js hands them over as digits.
        ...(card?.issuerId && /^\d+$/.test(card.issuerId) ? { issuer_id: Number(card.issuerId) } : {}),
      }
    case "pix":
      return {
        ...base,
        payment_method_id: "pix",
        ...(request.expiresAt ? { date_of_expiration: toMercadoPagoDate(request.expiresAt) } : {}),
      }
    case "boleto":
      return {
        ...base,
        payment_method_id: "bolbradesco",
        ...(request.expiresAt ? { date_of_expiration: toMercadoPagoDate(request.expiresAt) } : {}),
        payer: {
          ...base.payer,
          address: {
            zip_code: payer.address.zipCode,
            street_name: payer.address.street,
            street_number: payer.address.number,
            neighborhood: payer.address.neighborhood,
            city: payer.address.city,
            federal_unit: payer.address.state,
          },
        },
      }
  }
}

/**
 * `PUT /v1/payments/{id}`: stops a pending PIX or boleto. The SDK's `Payment.cancel` sends this very body but
 * publishes no type for it (its update type leaves `status` out), so it is held to the payment's own field.
 */
export const cancelBody = { status: "cancelled" } as const satisfies Pick<PaymentResponse, "status">

/** `POST /v1/payments/{id}/refunds`: all that is left (`{}`) or part of it, in reais. */
export const refundBody = (amount: Cents | null): CreateRefundBody =>
  amount === null ? {} : { amount: toReais(amount) }

/** `POST /checkout/preferences`: items that add up to the order's total, a page that closes at its deadline. */
export function preferenceBody(request: PreferenceRequest): MercadoPagoPreference {
  const lines = request.items.map((item) => ({ ...itemOf(item), currency_id: "BRL" }))
  const total = request.items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0) + request.extraCharge
  // Checkout Pro takes no negative price: a discount larger than the shipping folds the order into one line.
  const items: Items[] =
    request.extraCharge < 0
      ? [
          {
            id: request.orderId,
            title: `Pedido ${request.orderId}`,
            quantity: 1,
            currency_id: "BRL",
            unit_price: toReais(total),
          },
        ]
      : request.extraCharge > 0
        ? [
            ...lines,
            {
              id: "frete",
              title: "Frete",
              quantity: 1,
              currency_id: "BRL",
              unit_price: toReais(request.extraCharge),
            },
          ]
        : lines
  return {
    items,
    payer: { email: request.payerEmail },
    back_urls: { success: request.backUrl, pending: request.backUrl, failure: request.backUrl },
    auto_return: "approved",
    external_reference: request.orderId,
    notification_url: notificationUrlFor(request.notificationUrl),
    metadata: { attempt_id: request.attemptId },
    statement_descriptor: request.statementDescriptor,
    // `expires` alone limits nothing: the page takes payments until `expiration_date_to`, the order's deadline, so a
    // card is not paid on it after the order released its numbered units (what still arrives is a late payment).
    // `date_of_expiration` bounds the cash methods (boleto) it offers.
    expires: true,
    expiration_date_to: toMercadoPagoDate(request.expiresAt),
    date_of_expiration: toMercadoPagoDate(request.expiresAt),
  }
}

const money = z.union([z.number(), z.string()])
const optionalText = z.string().nullish()

// Loose on purpose: Mercado Pago adds fields and leaves many out depending on the method. Every field read here
// is one of the SDK's `PaymentResponse` (wire.types.test.ts holds it to that).
export const PaymentSchema = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  status_detail: optionalText,
  external_reference: optionalText,
  metadata: z.record(z.string(), z.unknown()).nullish(),
  transaction_amount: money,
  installments: z.number().int().nullish(),
  payment_method_id: optionalText,
  payment_type_id: optionalText,
  card: z.object({ last_four_digits: optionalText }).partial().nullish(),
  date_approved: optionalText,
  date_created: optionalText,
  date_of_expiration: optionalText,
  point_of_interaction: z
    .object({
      transaction_data: z
        .object({ qr_code: optionalText, qr_code_base64: optionalText, ticket_url: optionalText })
        .partial()
        .nullish(),
    })
    .partial()
    .nullish(),
  transaction_details: z
    .object({
      external_resource_url: optionalText,
      digitable_line: optionalText,
      barcode: z.object({ content: optionalText }).partial().nullish(),
    })
    .partial()
    .nullish(),
})

/** A Mercado Pago payment as the port describes it; null when the body is not one we can trust. */
export function parsePayment(body: unknown): (GatewayPayment & { readonly createdAt: number | null }) | null {
  const parsed = PaymentSchema.safeParse(body)
  if (!parsed.success) return null
  const p = parsed.data
  const status = paymentStatusFromGateway(p.status)
  const amount = parseReaisToCents(p.transaction_amount)
  if (status === null || amount === null) return null
  const attempt = p.metadata?.attempt_id
  const expiresAt = dateMs(p.date_of_expiration)
  const pixData = p.point_of_interaction?.transaction_data
  const details = p.transaction_details
  const boletoLine = details?.digitable_line
  return {
    id: String(p.id),
    orderId: p.external_reference ?? "",
    attemptId: typeof attempt === "string" ? attempt : null,
    status,
    statusDetail: p.status_detail ?? null,
    amount,
    installments: p.installments ?? 1,
    paymentMethodId: p.payment_method_id ?? "",
    cardLastFour: p.card?.last_four_digits ?? null,
    approvedAt: dateMs(p.date_approved),
    createdAt: dateMs(p.date_created),
    pix: pixData?.qr_code
      ? {
          qrCode: pixData.qr_code,
          qrCodeBase64: pixData.qr_code_base64 ?? "",
          ticketUrl: pixData.ticket_url ?? null,
          expiresAt,
        }
      : null,
    boleto: boletoLine
      ? {
          digitableLine: boletoLine,
          barcode: details?.barcode?.content ?? "",
          url: details?.external_resource_url ?? "",
          dueAt: expiresAt,
        }
      : null,
  }
}

const SearchSchema = z.object({ results: z.array(z.unknown()) })

/** The payments of a search, newest first; an unreadable entry is left out rather than sinking the rest. */
export function parseSearch(body: unknown): GatewayPayment[] | null {
  const parsed = SearchSchema.safeParse(body)
  if (!parsed.success) return null
  const payments = parsed.data.results.flatMap((r) => {
    const p = parsePayment(r)
    return p ? [p] : []
  })
  return payments
    .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))
    .map(({ createdAt: _, ...payment }) => payment)
}

const PayerCostSchema = z.object({
  installments: z.number().int().positive(),
  installment_rate: z.number().nullish(),
  installment_amount: money,
  total_amount: money,
  recommended_message: optionalText,
})
const InstallmentsSchema = z.array(z.object({ payer_costs: z.array(z.unknown()).nullish() }).loose())

export function parseInstallments(body: unknown): InstallmentOption[] | null {
  const parsed = InstallmentsSchema.safeParse(body)
  if (!parsed.success) return null
  const costs = parsed.data.find((entry) => (entry.payer_costs?.length ?? 0) > 0)?.payer_costs ?? []
  return costs.flatMap((raw) => {
    const cost = PayerCostSchema.safeParse(raw)
    if (!cost.success) return []
    const installmentAmount = parseReaisToCents(cost.data.installment_amount)
    const totalAmount = parseReaisToCents(cost.data.total_amount)
    if (installmentAmount === null || totalAmount === null) return []
    const rate = cost.data.installment_rate ?? 0
    const n = cost.data.installments
    return [
      {
        installments: n,
        installmentAmount,
        totalAmount,
        rate,
        message:
          cost.data.recommended_message?.trim() ||
          installmentMessage(n, installmentAmount, totalAmount, rate),
      },
    ]
  })
}

// Fields of the SDK's `PreferenceResponse` (wire.types.test.ts). The installments table has no SDK type.
export const PreferenceSchema = z.object({ id: z.string(), init_point: z.string() })

export function parsePreference(body: unknown) {
  const parsed = PreferenceSchema.safeParse(body)
  return parsed.success ? { id: parsed.data.id, redirectUrl: parsed.data.init_point } : null
}

// Cause codes that concern the card or its token: 2006/2062/3003 (token not found / invalid), 3xxx (card
// data: number, expiry, security code, holder, brand), E2xx/E3xx (card fields), 205-224 (card fields missing),
// 316/324/325/326 (holder name, document, month, year). Mercado Pago's list is not published in full
// (unconfirmed), so any cause that names the card or its token counts too.
const CARD_CODE = /^(2006|2062|3\d{3}|E\d{3}|20[5-9]|21[0-4]|22[0-4]|316|32[4-6])$/i
const CARD_WORDS = /card|token|cart[aã]o|security.?code|expiration|bin\b/i

/** Whether a refusal of a payment is about the card data ("Dados do cartão inválidos"). */
export function concernsCard(error: ApiError): boolean {
  if (error.causes.some((c) => CARD_CODE.test(c.code) || CARD_WORDS.test(c.description))) return true
  return error.causes.length === 0 && CARD_WORDS.test(error.message)
}

export function describeApiError(status: number, error: ApiError): string {
  const causes = error.causes.map((c) => `${c.code}${c.description ? ` ${c.description}` : ""}`).join("; ")
  return `HTTP ${status}${error.message ? `: ${error.message}` : ""}${causes ? ` (${causes})` : ""}`
}
