/** What came back from one call to Mercado Pago, before any meaning is given to it. */
export type ApiResult =
  | { readonly kind: "ok"; readonly status: number; readonly body: unknown }
  | { readonly kind: "error"; readonly status: number; readonly error: ApiError }
  | { readonly kind: "unreachable"; readonly reason: string }

/** Mercado Pago's error body `{ message, error, status, cause: [{ code, description }] }`, read leniently. */
export interface ApiError {
  readonly message: string
  readonly error: string
  readonly causes: readonly { readonly code: string; readonly description: string }[]
}

export interface HttpOptions {
  readonly baseUrl: string
  readonly accessToken: string
  readonly timeoutMs: number
  readonly fetch: typeof globalThis.fetch
}

export interface CallOptions {
  readonly body?: unknown
  readonly idempotencyKey?: string
  /** Further request headers (Mercado Pago's device session id). */
  readonly headers?: Readonly<Record<string, string>>
  /** Values to scrub from any failure text besides the access token (card tokens). */
  readonly secrets?: readonly (string | null | undefined)[]
}

const text = (value: unknown, max = 200) => (typeof value === "string" ? value.slice(0, max) : "")

export function readApiError(body: unknown): ApiError {
  const b = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>
  const rawCauses = Array.isArray(b.cause) ? b.cause : b.cause && typeof b.cause === "object" ? [b.cause] : []
  return {
    message: text(b.message),
    error: text(b.error),
    causes: rawCauses.flatMap((c) => {
      if (typeof c !== "object" || c === null) return []
      const cause = c as Record<string, unknown>
      const code = typeof cause.code === "number" ? String(cause.code) : text(cause.code, 40)
      return [{ code, description: text(cause.description) }]
    }),
  }
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const e = error as { name?: unknown; message?: unknown; cause?: { code?: unknown } }
  if (e?.name === "TimeoutError") return `timeout after ${timeoutMs} ms`
  if (e?.name === "AbortError") return "request aborted"
  const code = typeof e?.cause?.code === "string" ? e.cause.code : null
  return `network error: ${code ?? (typeof e?.message === "string" ? e.message : String(error))}`
}

/**
 * Calls the REST API with global fetch. Not the `mercadopago` SDK: its base URL is a fixed constant (no local
 * fake, no proxy) and per-call options are merged into the shared config, so an idempotency key given to one
 * call leaks into later writes. No retries here: the caller decides, with the same idempotency key.
 */
export function mercadoPagoHttp(options: HttpOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "")
  const scrub = (message: string, secrets: readonly (string | null | undefined)[] = []) => {
    let out = message
    for (const secret of [options.accessToken, ...secrets])
      if (secret && secret.length >= 4) out = out.split(secret).join("***")
    return out
  }

  return {
    scrub,
    async call(method: string, path: string, call: CallOptions, interrupt: AbortSignal): Promise<ApiResult> {
      const headers: Record<string, string> = {
        ...call.headers,
        Accept: "application/json",
        Authorization: `Bearer ${options.accessToken}`,
      }
      if (call.body !== undefined) headers["Content-Type"] = "application/json"
      if (call.idempotencyKey) headers["X-Idempotency-Key"] = call.idempotencyKey
      try {
        const response = await options.fetch(`${baseUrl}${path}`, {
          method,
          headers,
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: AbortSignal.any([interrupt, AbortSignal.timeout(options.timeoutMs)]),
        })
        const raw = await response.text()
        let body: unknown = null
        try {
          body = raw ? JSON.parse(raw) : null
        } catch {
          if (response.ok) return { kind: "unreachable", reason: `malformed JSON from ${method} ${path}` }
        }
        if (response.ok) return { kind: "ok", status: response.status, body }
        const error = readApiError(body)
        return {
          kind: "error",
          status: response.status,
          error: {
            message: scrub(error.message, call.secrets),
            error: error.error,
            causes: error.causes.map((c) => ({
              code: c.code,
              description: scrub(c.description, call.secrets),
            })),
          },
        }
      } catch (error) {
        return { kind: "unreachable", reason: scrub(describeFailure(error, options.timeoutMs), call.secrets) }
      }
    },
  }
}

export type MercadoPagoHttp = ReturnType<typeof mercadoPagoHttp>
