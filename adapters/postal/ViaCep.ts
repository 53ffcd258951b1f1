import { Effect, Layer } from "effect"
import { z } from "zod"
import { type CepLookup, PostalCodeLookup } from "../../application/ports/PostalCodeLookup"
import { isUF, ufFromCep } from "../../domain/shipping/postal"

export interface ViaCepOptions {
  readonly baseUrl?: string
  readonly timeoutMs?: number
  readonly fetch?: typeof globalThis.fetch
}

type PostalCodeLookupShape = PostalCodeLookup["Service"]

const NOT_FOUND: CepLookup = { kind: "not_found" }
const UNAVAILABLE: CepLookup = { kind: "unavailable" }

const AddressSchema = z.object({
  uf: z.string(),
  localidade: z.string().nullish(),
  logradouro: z.string().nullish(),
  bairro: z.string().nullish(),
})

/** Reads a 200 answer: `erro` ("true" today, boolean true before) means an unknown CEP. */
export function parseViaCepBody(body: unknown): CepLookup {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return UNAVAILABLE
  const erro = (body as { erro?: unknown }).erro
  if (erro === true || erro === "true") return NOT_FOUND
  const parsed = AddressSchema.safeParse(body)
  if (!parsed.success || !isUF(parsed.data.uf)) return UNAVAILABLE
  const { uf, localidade, logradouro, bairro } = parsed.data
  return { kind: "found", uf, city: localidade ?? "", street: logradouro ?? "", district: bairro ?? "" }
}

/** ViaCEP address lookup; never fails: anything but a clear answer is "unavailable". */
export function viaCepLookup(options: ViaCepOptions = {}): PostalCodeLookupShape {
  const { timeoutMs = 3000 } = options
  const baseUrl = (options.baseUrl ?? "https://viacep.com.br/ws").replace(/\/+$/, "")
  const fetchImpl = options.fetch ?? globalThis.fetch

  const call = async (cep: string, interrupt: AbortSignal): Promise<CepLookup> => {
    try {
      const response = await fetchImpl(`${baseUrl}/${cep}/json/`, {
        headers: { Accept: "application/json" },
        signal: AbortSignal.any([interrupt, AbortSignal.timeout(timeoutMs)]),
      })
      if (response.status === 400) return NOT_FOUND
      if (!response.ok) return UNAVAILABLE
      return parseViaCepBody(await response.json())
    } catch {
      return UNAVAILABLE
    }
  }

  return PostalCodeLookup.of({
    lookup: (cep8) => {
      const cep = cep8.replace("-", "")
      // ViaCEP answers 400 to anything but 8 digits; no need to ask.
      if (!/^\d{8}$/.test(cep)) return Effect.succeed(NOT_FOUND)
      return Effect.promise((signal) => call(cep, signal))
    },
  })
}

/** The state from the Correios CEP ranges, with no address; for when ViaCEP is disabled or down. */
export function offlineCepLookup(): PostalCodeLookupShape {
  return PostalCodeLookup.of({
    lookup: (cep8) => {
      const uf = ufFromCep(cep8)
      return Effect.succeed<CepLookup>(
        uf ? { kind: "found", uf, city: "", street: "", district: "" } : NOT_FOUND,
      )
    },
  })
}

/** Asks `primary` and, only when it is unavailable, answers from `fallback`. */
export function withFallback(primary: PostalCodeLookupShape, fallback: PostalCodeLookupShape) {
  return PostalCodeLookup.of({
    lookup: (cep8) =>
      primary
        .lookup(cep8)
        .pipe(
          Effect.flatMap((result) =>
            result.kind === "unavailable" ? fallback.lookup(cep8) : Effect.succeed(result),
          ),
        ),
  })
}

/** ViaCEP alone: callers see "unavailable" when it is down. */
export const ViaCepLookupLayer = (options: ViaCepOptions = {}) =>
  Layer.succeed(PostalCodeLookup, viaCepLookup(options))

/** No network at all: the state from the CEP ranges. */
export const OfflineCepLookupLayer = Layer.succeed(PostalCodeLookup, offlineCepLookup())

/** ViaCEP, falling back to the CEP ranges when it is unavailable; `null` (ViaCEP disabled) is offline only. */
export const PostalCodeLookupLayer = (viaCep: ViaCepOptions | null) =>
  Layer.succeed(
    PostalCodeLookup,
    viaCep ? withFallback(viaCepLookup(viaCep), offlineCepLookup()) : offlineCepLookup(),
  )
