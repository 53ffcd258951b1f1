import { Effect } from "effect"
import { z } from "zod"
import {
  type QuoteRequest,
  type ShippingQuoteSourceShape,
  ShippingSourceFailed,
} from "../../application/ports/ShippingQuoteSource"
import type { Cents } from "../../domain/money"
import type { ShippingOption } from "../../domain/shipping/shipping"

export interface MelhorEnvioOptions {
  /** e.g. "https://melhorenvio.com.br/api/v2" or the sandbox; a trailing slash is accepted. */
  readonly baseUrl: string
  readonly token: string
  /** Required by Melhor Envio: "<App name> (<contact e-mail>)". */
  readonly userAgent: string
  readonly timeoutMs?: number
  readonly fetch?: typeof globalThis.fetch
}

const SOURCE = "Melhor Envio"
export const MELHOR_ENVIO_PROVIDER = "Melhor Envio"

// Every field is optional or loose: one odd service must not sink the others (see parseServices).
const amount = z.union([z.string(), z.number()])
const days = z.union([z.number(), z.string()])
const ServiceSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  price: amount.nullish(),
  custom_price: amount.nullish(),
  delivery_time: days.nullish(),
  custom_delivery_time: days.nullish(),
  delivery_range: z.object({ min: days.nullish(), max: days.nullish() }).nullish(),
  company: z.object({ name: z.string() }).nullish(),
  error: z.unknown().optional(),
})
type Service = z.infer<typeof ServiceSchema>

/** "25.65" or 25.65 → 2565, from the decimal digits (no float arithmetic); a third decimal rounds half up. */
export function reaisToCents(value: string | number): Cents | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim()
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text)
  if (!match) return null
  const fraction = (match[2] ?? "").padEnd(3, "0")
  const cents = Number(match[1]) * 100 + Number(fraction.slice(0, 2)) + (Number(fraction[2]) >= 5 ? 1 : 0)
  return Number.isSafeInteger(cents) ? cents : null
}

function toDays(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const n = typeof value === "number" ? value : Number(value.trim())
  return Number.isInteger(n) && n >= 0 ? n : null
}

function toOption(service: Service): ShippingOption | null {
  if (service.error !== undefined && service.error !== null && service.error !== "") return null
  const rawPrice = service.custom_price ?? service.price
  const price = rawPrice === null || rawPrice === undefined ? null : reaisToCents(rawPrice)
  if (price === null) return null
  const time =
    toDays(service.custom_delivery_time) ??
    toDays(service.delivery_time) ??
    toDays(service.delivery_range?.max)
  if (time === null) return null
  const company = service.company?.name.trim()
  return {
    id: `me-${service.id}`,
    name: company ? `${company} ${service.name}` : service.name,
    price,
    days: time,
    provider: MELHOR_ENVIO_PROVIDER,
  }
}

/** The body must be an array; services that cannot serve the route (or are unreadable) are left out. */
export function parseServices(body: unknown): ShippingOption[] | null {
  if (!Array.isArray(body)) return null
  return body.flatMap((item) => {
    const parsed = ServiceSchema.safeParse(item)
    const option = parsed.success ? toOption(parsed.data) : null
    return option ? [option] : []
  })
}

function requestBody(request: QuoteRequest) {
  const { parcel } = request
  return {
    from: { postal_code: request.originCep },
    to: { postal_code: request.destinationCep },
    products: [
      {
        id: "parcel",
        width: parcel.widthCm,
        height: parcel.heightCm,
        length: parcel.lengthCm,
        weight: parcel.weightKg,
        insurance_value: request.insuranceValue / 100,
        quantity: 1,
      },
    ],
  }
}

type Outcome = { ok: true; body: unknown } | { ok: false; reason: string }

function describeError(error: unknown, timeoutMs: number): string {
  const e = error as { name?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } }
  if (e?.name === "TimeoutError") return `timeout after ${timeoutMs} ms`
  if (e?.name === "AbortError") return "request aborted"
  const code = typeof e?.cause?.code === "string" ? e.cause.code : null
  const message = typeof e?.message === "string" ? e.message : String(error)
  return `network error: ${code ?? message}`
}

/** The Melhor Envio API message of an error answer (e.g. 401 "Unauthenticated."), if there is one. */
function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown }
    return typeof body?.message === "string" ? `: ${body.message.slice(0, 120)}` : ""
  } catch {
    return ""
  }
}

export function melhorEnvioSource(options: MelhorEnvioOptions): ShippingQuoteSourceShape {
  const { token, userAgent, timeoutMs = 4000 } = options
  const fetchImpl = options.fetch ?? globalThis.fetch
  const url = `${options.baseUrl.replace(/\/+$/, "")}/me/shipment/calculate`
  // Whatever goes wrong, the token must not reach a log line.
  const redact = (reason: string) => (token.length >= 4 ? reason.split(token).join("***") : reason)
  const fail = (reason: string) => new ShippingSourceFailed({ source: SOURCE, reason: redact(reason) })

  const call = async (request: QuoteRequest, interrupt: AbortSignal): Promise<Outcome> => {
    const signal = AbortSignal.any([interrupt, AbortSignal.timeout(timeoutMs)])
    try {
      const response = await fetchImpl(url, {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Content-Type": "application/json",
          Authorization: `Bearer ${token}`,
          "User-Agent": userAgent,
        },
        body: JSON.stringify(requestBody(request)),
        signal,
      })
      const text = await response.text()
      if (!response.ok) return { ok: false, reason: `HTTP ${response.status}${errorMessage(text)}` }
      try {
        return { ok: true, body: JSON.parse(text) }
      } catch {
        return { ok: false, reason: "malformed JSON in the response" }
      }
    } catch (error) {
      return { ok: false, reason: describeError(error, timeoutMs) }
    }
  }

  return {
    name: SOURCE,
    quote: (request) =>
      Effect.promise((signal) => call(request, signal)).pipe(
        Effect.flatMap((outcome) => {
          if (!outcome.ok) return Effect.fail(fail(outcome.reason))
          const services = parseServices(outcome.body)
          return services ? Effect.succeed(services) : Effect.fail(fail("unexpected response body"))
        }),
      ),
  }
}
