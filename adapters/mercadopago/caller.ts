import { Effect } from "effect"
import { GatewayUnavailable } from "../../application/ports/PaymentGateway"
import { type ApiResult, type CallOptions, mercadoPagoHttp } from "./http"
import { describeApiError } from "./wire"

export interface MercadoPagoConnection {
  readonly accessToken: string
  /** "https://api.mercadopago.com", or a local fake in tests. */
  readonly baseUrl: string
  readonly timeoutMs?: number
  readonly fetch?: typeof globalThis.fetch
}

/**
 * How long one call may take before it counts as unanswered. A claimed payment attempt is taken for lost only
 * well after this (UNANSWERED_CLAIM_MS), so a call still in flight is never settled behind its back.
 */
export const MERCADO_PAGO_TIMEOUT_MS = 10_000

export type Outcome = Extract<ApiResult, { kind: "ok" | "error" }>
export type ApiFailure = Extract<ApiResult, { kind: "error" }>

/** A server that did not answer, answered 5xx or asked us to slow down: nothing is known to have happened. */
const unavailableOf = (result: ApiResult): GatewayUnavailable | null => {
  if (result.kind === "unreachable") return new GatewayUnavailable({ reason: result.reason })
  if (result.kind === "error" && (result.status >= 500 || result.status === 429))
    return new GatewayUnavailable({ reason: describeApiError(result.status, result.error) })
  // A rejected access token is our configuration, not the buyer's fault; nothing was created either.
  if (result.kind === "error" && (result.status === 401 || result.status === 403))
    return new GatewayUnavailable({ reason: describeApiError(result.status, result.error) })
  return null
}

export const unreadable = (what: string) => new GatewayUnavailable({ reason: `unreadable ${what} response` })

export const apiFailure = (result: ApiFailure) => describeApiError(result.status, result.error)

/**
 * One call to Mercado Pago's REST API as an Effect, shared by the payment and subscription adapters:
 * transport failures, 5xx, 429 and a refused access token are already `GatewayUnavailable`.
 */
export function mercadoPagoCaller(options: MercadoPagoConnection) {
  const http = mercadoPagoHttp({
    baseUrl: options.baseUrl,
    accessToken: options.accessToken,
    timeoutMs: options.timeoutMs ?? MERCADO_PAGO_TIMEOUT_MS,
    fetch: options.fetch ?? globalThis.fetch,
  })
  return (method: string, path: string, callOptions: CallOptions = {}) =>
    Effect.promise((signal) => http.call(method, path, callOptions, signal)).pipe(
      Effect.flatMap((result): Effect.Effect<Outcome, GatewayUnavailable> => {
        const unavailable = unavailableOf(result)
        return unavailable ? Effect.fail(unavailable) : Effect.succeed(result as Outcome)
      }),
    )
}
