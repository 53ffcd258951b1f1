import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { certificatesFor } from "../../domain/fulfilment/certificate"
import { admin, type FulfilmentWorld, fulfilmentWorld } from "../../tests/fakes/fulfilmentWorld"
import { ana, bruno } from "../../tests/fakes/ordersWorld"
import { CertificateRegistry } from "../ports/CertificateRegistry"
import { ClientAddress } from "../ports/ClientAddress"
import { advanceOrder } from "./advanceOrder"
import { CERTIFICATE_LIMIT, lookupCertificate } from "./lookupCertificate"
import { shipOrder } from "./shipOrder"
import { TRACKING_LIMIT, trackOrder } from "./trackOrder"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

async function shipped(w: FulfilmentWorld) {
  const order = await w.paidOrder()
  for (const step of ["start_production", "mark_produced"] as const)
    await w.ok(advanceOrder({ orderId: order.id, actionKey: w.key(), step }), admin)
  await w.ok(
    shipOrder({
      orderId: order.id,
      actionKey: w.key(),
      carrier: "Correios",
      service: "SEDEX",
      trackingCode: "AA123456789BR",
    }),
    admin,
  )
  return order
}

/** Each lookup from its own address, so the limit is not what a test meets. */
let address = 0
const from = <A, E, R>(effect: Effect.Effect<A, E, R>, ip = `10.0.0.${++address}`) =>
  Effect.provideService(effect, ClientAddress, ip)

describe("/rastrear's lookup", () => {
  it("finds the order by our code or the carrier's, in any case, masked for a visitor", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await shipped(w)
    const ours = await w.ok(from(trackOrder(` ${order.trackingCode.toLowerCase()} `)), null)
    const theirs = await w.ok(from(trackOrder("aa123456789br")), null)
    expect(theirs).toEqual(ours)
    expect(ours.order.number).toBe(order.number)
    expect(ours.customer).toMatchObject({ masked: true, city: "São Paulo", state: "SP" })
    expect(ours.customer.name).not.toContain("Souza")
    expect(ours.customer.email).not.toBe(ana.email)
    expect(ours.order.total).toBeNull()
    expect(ours.shipping).toMatchObject({
      company: "Correios",
      service: "SEDEX",
      carrierCode: "AA123456789BR",
      trackingUrl: expect.stringContaining("AA123456789BR"),
    })
    expect(ours.timeline.find((s) => s.key === "shipped")).toMatchObject({ state: "current" })
  })

  it("masks the customer for another customer too, and shows the owner everything", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await shipped(w)
    expect((await w.ok(from(trackOrder(order.trackingCode)), bruno)).customer.masked).toBe(true)
    const mine = await w.ok(from(trackOrder(order.trackingCode)), ana)
    expect(mine.customer).toMatchObject({ masked: false, name: order.address.name, email: ana.email })
    expect(mine.order.total).toBe(order.totals.total)
  })

  it("says the code is required or unknown, in the spec's words", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    await shipped(w)
    expect((await w.fails(from(trackOrder("   ")), null))._tag).toBe("TrackingCodeRequired")
    expect((await w.fails(from(trackOrder("ZZ999999999BR")), null))._tag).toBe("TrackingCodeNotFound")
  })

  it("counts lookups per client address, so codes cannot be tried one after another", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await shipped(w)
    for (let i = 0; i < TRACKING_LIMIT.max; i++)
      await w.fails(from(trackOrder(`XX${String(i).padStart(9, "0")}BR`), "10.9.9.9"), null)
    expect(await w.fails(from(trackOrder(order.trackingCode), "10.9.9.9"), null)).toMatchObject({
      _tag: "TooManyRequests",
      message: TRACKING_LIMIT.message,
    })
    // Another address is not held back.
    expect((await w.ok(from(trackOrder(order.trackingCode), "10.9.9.10"), null)).code).toBe(
      order.trackingCode,
    )
  })
})

describe("the certificate lookup", () => {
  it("shows the piece, its number in the edition, the date and the owner's initials only", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    const [certificate] = certificatesFor(
      w.db.order(order.id)!,
      "Ana Maria de Souza",
      ["ABCDE-FGHJK-MNPQR-STVWX"],
      NOV_10,
    )
    await w.ok(Effect.flatMap(CertificateRegistry, (r) => r.issue([certificate!])))
    const view = await w.ok(from(lookupCertificate("abcde fghjk mnpqr stvwx")), null)
    expect(view).toMatchObject({
      code: "ABCDE-FGHJK-MNPQR-STVWX",
      productName: order.lines[0]?.name,
      collectionName: "Anime",
      edition: `${order.lines[0]?.serials[0]}/500`,
      issuedOn: "10/11/2026",
      ownerInitials: "A. S.",
      valid: true,
      path: "/certificado/ABCDE-FGHJK-MNPQR-STVWX",
    })
    expect(JSON.stringify(view)).not.toMatch(/Souza|Maria|ana@/)
    expect((await w.fails(from(lookupCertificate("ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ")), null))._tag).toBe(
      "CertificateNotFound",
    )
    expect((await w.fails(from(lookupCertificate("not a code")), null))._tag).toBe("CertificateNotFound")
  })

  it("is rate-limited per client address", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    for (let i = 0; i < CERTIFICATE_LIMIT.max; i++)
      await w.fails(from(lookupCertificate("ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ"), "10.8.8.8"), null)
    expect((await w.fails(from(lookupCertificate("ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ"), "10.8.8.8"), null))._tag).toBe(
      "TooManyRequests",
    )
  })
})
