import { Effect } from "effect"
import { limitRequests } from "../abuse"
import { getCertificate } from "./getCertificate"

/** Generous for collectors showing pieces around; a code is 100 random bits, so this only curbs scraping. */
export const CERTIFICATE_LIMIT = {
  bucket: "certificate",
  max: 60,
  windowMs: 10 * 60_000,
  message: "Muitas consultas de certificados. Aguarde alguns minutos e tente novamente.",
} as const

/** The public certificate page's lookup, counted per client address. */
export const lookupCertificate = Effect.fn("Fulfilment.lookupCertificate")(function* (code: string) {
  yield* limitRequests(CERTIFICATE_LIMIT)
  return yield* getCertificate(code)
})
