import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import type { RecordedEvent } from "../../domain/events"
import { admin, fulfilmentWorld } from "../../tests/fakes/fulfilmentWorld"
import { ana, bruno } from "../../tests/fakes/ordersWorld"
import { unavailable } from "../../tests/fakes/scriptedGateway"
import { cancelOrder } from "./cancelOrder"
import { issueCertificatesHandler } from "./certificateHandlers"
import { getCertificate } from "./getCertificate"
import { refundThroughGatewayHandler } from "./refundThroughGateway"
import { releaseEndedOrderHandler } from "./releaseEndedOrder"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)

type World = ReturnType<typeof fulfilmentWorld>
const lastEvent = (w: World, type: string): RecordedEvent => {
  const event = [...w.events].reverse().find((e) => e.type === type)
  if (!event) throw new Error(`no ${type}`)
  return { ...event, id: `evt-${w.events.indexOf(event)}`, occurredAt: w.now() } as RecordedEvent
}

describe("refunds through the payment gateway", () => {
  it("gives the money back once, however often the event is delivered, and marks the order refunded", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    await w.ok(cancelOrder({ orderId: order.id, actionKey: w.key() }), admin)
    const requested = lastEvent(w, "RefundRequested")
    await w.ok(refundThroughGatewayHandler.handle(requested))
    await w.ok(refundThroughGatewayHandler.handle(requested))
    const paidWith = w.db.attempt(w.db.order(order.id)?.paidAttemptId ?? "")?.gatewayPaymentId
    expect(w.gateway.refunds()).toEqual([
      [paidWith, order.totals.total, `refund-${(requested.payload as { refundId: string }).refundId}`],
    ])
    expect(w.f.fulfilment(order.id)).toMatchObject({ status: "refunded" })
    expect(w.eventTypes().filter((t) => t === "OrderRefunded")).toHaveLength(1)
    expect(w.events.at(-1)).toMatchObject({
      type: "OrderRefunded",
      payload: { full: true, amount: order.totals.total },
    })
  })

  it("retries while the gateway is unreachable, and records a refusal as a failed refund", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    await w.ok(cancelOrder({ orderId: order.id, actionKey: w.key() }), admin)
    const requested = lastEvent(w, "RefundRequested")
    w.gateway.fail("refund", unavailable())
    expect(await w.fails(refundThroughGatewayHandler.handle(requested))).toMatchObject({
      _tag: "GatewayUnavailable",
    })
    expect(w.f.fulfilment(order.id)?.refunds[0]?.status).toBe("pending")
    const { GatewayRefused } = await import("../ports/PaymentGateway")
    w.gateway.fail("refund", new GatewayRefused({ reason: "refund window closed", cardData: false }))
    await w.ok(refundThroughGatewayHandler.handle(requested))
    expect(w.f.fulfilment(order.id)?.refunds[0]?.status).toBe("failed")
    expect(w.eventTypes().at(-1)).toBe("RefundFailed")
  })
})

describe("certificates of authenticity", () => {
  it("are issued once per paid numbered unit, shown publicly with initials only, and revoked on cancellation", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    const order = await w.paidOrder()
    const approved = lastEvent(w, "PaymentApproved")
    await w.ok(issueCertificatesHandler.handle(approved))
    await w.ok(issueCertificatesHandler.handle(approved))
    const [certificate] = w.f.certificates()
    expect(w.f.certificates()).toHaveLength(1)
    const code = certificate?.code ?? ""
    const page = await w.ok(getCertificate(code.toLowerCase().replace(/-/g, "")), null)
    expect(page).toMatchObject({
      code,
      productName: order.lines[0]?.name,
      edition: "1/500",
      issuedOn: "10/11/2026",
      ownerInitials: "A. S.",
      valid: true,
      path: `/certificado/${code}`,
    })
    expect(JSON.stringify(page)).not.toContain("Ana")
    // Anyone holding the link sees it; the owner's account is not needed.
    expect((await w.ok(getCertificate(code), bruno)).valid).toBe(true)
    await w.ok(cancelOrder({ orderId: order.id, actionKey: w.key() }), admin)
    await w.ok(releaseEndedOrderHandler.handle(lastEvent(w, "OrderReleased")))
    expect((await w.ok(getCertificate(code), ana)).valid).toBe(false)
  })

  it("answers an unknown or malformed code with 'not found'", async () => {
    const w = fulfilmentWorld({ now: NOV_10 })
    expect(await w.fails(getCertificate("AAAAA-BBBBB-CCCCC-DDDDD"), null)).toMatchObject({
      _tag: "CertificateNotFound",
    })
    expect(await w.fails(getCertificate("<script>"), null)).toMatchObject({ _tag: "CertificateNotFound" })
  })
})
