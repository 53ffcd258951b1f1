import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { admin, fulfilmentWorld } from "../../tests/fakes/fulfilmentWorld"
import { ana, bruno } from "../../tests/fakes/ordersWorld"
import { TRACKING_LIMIT, trackOrder } from "./trackOrder"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

async function shipped() {
  const w = fulfilmentWorld({ now: NOV_10 })
  const order = await w.paidOrder()
  await w.shipAndMaybeDeliver(
    order.id,
    { carrier: "Correios", service: "SEDEX", trackingCode: "AA123456789BR" },
    false,
  )
  return { w, order }
}

describe("/rastrear", () => {
  it("finds an order by our code or the carrier's, in any case, with the customer masked for a stranger", async () => {
    const { w, order } = await shipped()
    const byOurs = await w.ok(trackOrder(order.trackingCode.toLowerCase()), null)
    const byCarrier = await w.ok(trackOrder(" aa123456789br "), bruno)
    expect(byCarrier).toEqual(byOurs)
    expect(byOurs).toMatchObject({
      code: order.trackingCode,
      status: "shipped",
      statusLabel: "Postado",
      order: { number: order.number, total: null },
      customer: { masked: true, name: "A** S****", email: "a***@e***.com", city: "São Paulo", state: "SP" },
      shipping: {
        company: "Correios",
        service: "SEDEX",
        carrierCode: "AA123456789BR",
        trackingUrl: "https://rastreamento.correios.com.br/app/index.php?objetos=AA123456789BR",
      },
    })
    expect(byOurs.timeline.find((s) => s.state === "current")?.label).toBe("Postado")
    expect(JSON.stringify(byOurs)).not.toMatch(/Ana Souza|ana@example|Paulista|529\.?982/)
  })

  it("shows the owner and administrators the customer unmasked", async () => {
    const { w, order } = await shipped()
    for (const viewer of [ana, admin])
      expect((await w.ok(trackOrder(order.trackingCode), viewer)).customer).toMatchObject({
        masked: false,
        name: "Ana Souza",
        email: "ana@example.com",
      })
  })

  it("asks for a code, says when none matches, and limits lookups per address", async () => {
    const { w } = await shipped()
    expect(await w.fails(trackOrder("   "), null)).toMatchObject({ _tag: "TrackingCodeRequired" })
    expect(await w.fails(trackOrder("ZZZZZZ-ZZZZZZ"), null)).toMatchObject({ _tag: "TrackingCodeNotFound" })
    for (let i = 1; i < TRACKING_LIMIT.max; i++) await w.run(trackOrder(`XX${i}`), null)
    expect(await w.fails(trackOrder("AA123456789BR"), null)).toMatchObject({
      _tag: "TooManyRequests",
      message: TRACKING_LIMIT.message,
    })
  })
})
