import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { fulfilmentWorld } from "../../tests/fakes/fulfilmentWorld"
import { ClientAddress } from "../ports/ClientAddress"
import { CERTIFICATE_LIMIT, lookupCertificate } from "./lookupCertificate"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
const from = <A, E, R>(ip: string, effect: Effect.Effect<A, E, R>) =>
  Effect.provideService(effect, ClientAddress, ip)

// What the page shows (initials only, the edition, revoked or not) is getCertificate's, tested with the
// certificate handlers; this is the public procedure's limit on top of it.
describe("the public certificate lookup", () => {
  it("counts lookups per client address: codes cannot be scraped, another address is not held back", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const unknown = "ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ"
    for (let i = 0; i < CERTIFICATE_LIMIT.max; i++)
      expect((await w.fails(from("10.8.8.8", lookupCertificate(unknown)), null))._tag).toBe(
        "CertificateNotFound",
      )
    expect(await w.fails(from("10.8.8.8", lookupCertificate(unknown)), null)).toMatchObject({
      _tag: "TooManyRequests",
      message: CERTIFICATE_LIMIT.message,
    })
    expect((await w.fails(from("10.8.8.9", lookupCertificate(unknown)), null))._tag).toBe(
      "CertificateNotFound",
    )
  })
})
