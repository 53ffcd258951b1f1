import { describe, expect, it } from "vitest"
import { saoPauloInstant } from "../../domain/calendar"
import { editionLimitMessage } from "../../domain/editions/editionLimit"
import { WAITLIST_MESSAGES } from "../../domain/editions/waitlistLine"
import { domainEvent } from "../../domain/events"
import { inMemoryFulfilment } from "../../tests/fakes/inMemoryFulfilment"
import { ana, bruno, MINUTE, shopWithCart } from "../../tests/fakes/ordersWorld"
import { releaseEndedOrderHandler } from "../fulfilment/releaseEndedOrder"
import { expireOrders } from "../orders/expireOrders"
import { placeOrder } from "../orders/placeOrder"
import { endLapsedOffers } from "./endLapsedOffers"
import { joinWaitlist } from "./joinWaitlist"
import { leaveWaitlist } from "./leaveWaitlist"
import { myWaitlists } from "./myWaitlists"
import { waitlistStatus } from "./waitlistStatus"

const NOV_10 = saoPauloInstant({ year: 2026, month: 11, day: 10 }, 10)
const HOUR = 60 * MINUTE
const carla = { ...bruno, id: "u-carla", email: "carla@example.com", name: "Carla" }

/** An edition of one unit, taken by Ana's PIX: sold out to everyone else. */
async function soldOut() {
  const w = shopWithCart({ now: NOV_10, size: 1, script: [{ status: "pending" }, { status: "pending" }] })
  await w.ok(placeOrder(w.input({ payment: { method: "pix" } })))
  return w
}

describe("waitlist", () => {
  it("joins a sold-out edition once, and never one with units left", async () => {
    const open = shopWithCart({ now: NOV_10, size: 5 })
    expect(await open.fails(joinWaitlist(open.product.id), bruno)).toMatchObject({
      message: WAITLIST_MESSAGES.notSoldOut,
    })
    const w = await soldOut()
    expect(await w.ok(joinWaitlist(w.product.id), bruno)).toEqual({ status: "waiting", position: 1 })
    expect(await w.fails(joinWaitlist(w.product.id), bruno)).toMatchObject({
      message: WAITLIST_MESSAGES.alreadyIn,
    })
    expect(await w.fails(joinWaitlist(w.product.id), null)).toMatchObject({ _tag: "NotSignedIn" })
    w.advance(MINUTE)
    expect(await w.ok(joinWaitlist(w.product.id), carla)).toEqual({ status: "waiting", position: 2 })
    expect(await w.ok(waitlistStatus(w.product.id), null)).toEqual({
      numbered: true,
      soldOut: true,
      atLimit: null,
      signedIn: false,
      place: { status: "none" },
    })
  })

  it("lists one entry per edition in /perfil after leaving and joining again", async () => {
    const w = await soldOut()
    await w.ok(joinWaitlist(w.product.id), bruno)
    await w.ok(leaveWaitlist(w.product.id), bruno)
    w.advance(MINUTE)
    await w.ok(joinWaitlist(w.product.id), bruno)
    expect(await w.ok(myWaitlists(), bruno)).toEqual([
      expect.objectContaining({ productId: w.product.id, status: "waiting", position: 1 }),
    ])
  })

  it("keeps out a collector who already has the edition's limit in their orders, and says why", async () => {
    const w = await soldOut()
    w.db.setLimit(w.product.id, 1)
    // Ana's PIX for the only unit waits to be paid: an offer she could not buy would only hold a unit back.
    expect(await w.fails(joinWaitlist(w.product.id))).toMatchObject({ message: editionLimitMessage(1, 1) })
    expect((await w.ok(waitlistStatus(w.product.id))).atLimit).toBe(editionLimitMessage(1, 1))
    expect((await w.ok(waitlistStatus(w.product.id), bruno)).atLimit).toBeNull()
  })

  it("offers the unit of an expired PIX to the first in line, then to the next when the window lapses", async () => {
    const w = await soldOut()
    await w.ok(joinWaitlist(w.product.id), bruno)
    w.advance(MINUTE)
    await w.ok(joinWaitlist(w.product.id), carla)
    w.advance(31 * MINUTE)
    await w.ok(expireOrders())
    expect(w.db.stock(w.product.id)).toMatchObject({ reserved: 0, offered: 1 })
    const offered = w.events.filter((e) => e.type === "WaitlistOfferMade")
    expect(offered.map((e) => e.payload)).toEqual([
      expect.objectContaining({ userId: bruno.id, offerExpiresAt: w.now() + 48 * HOUR }),
    ])
    expect((await w.ok(waitlistStatus(w.product.id), bruno)).place).toEqual({
      status: "offered",
      offerExpiresAt: w.now() + 48 * HOUR,
    })
    // Nobody else may buy the held unit, however they try.
    expect(await w.fails(placeOrder(w.input({ idempotencyKey: "key-2" })), ana)).toMatchObject({
      _tag: "CheckoutRefused",
    })

    w.advance(48 * HOUR)
    expect(await w.ok(endLapsedOffers())).toEqual({ editions: 1, offered: 1 })
    expect((await w.ok(myWaitlists(), bruno)).map((e) => e.status)).toEqual(["expired"])
    expect((await w.ok(waitlistStatus(w.product.id), carla)).place.status).toBe("offered")
    // Carla leaves: nobody is waiting, so the unit goes back to the public.
    await w.ok(leaveWaitlist(w.product.id), carla)
    expect(w.db.stock(w.product.id)).toMatchObject({ reserved: 0, offered: 0 })
    expect(await w.fails(leaveWaitlist(w.product.id), carla)).toMatchObject({
      message: WAITLIST_MESSAGES.notInLine,
    })
  })

  it("lets the holder buy the held unit: the entry becomes purchased with the order", async () => {
    const w = await soldOut()
    await w.ok(joinWaitlist(w.product.id), bruno)
    w.advance(31 * MINUTE)
    await w.ok(expireOrders())
    w.db.setCart(bruno.id, [{ productId: w.product.id, quantity: 1 }])
    const address = w.db.addAddress(bruno.id, w.address)
    const order = await w.ok(
      placeOrder(w.input({ addressId: address.id, idempotencyKey: "bruno-1", payment: { method: "pix" } })),
      bruno,
    )
    expect(w.db.stock(w.product.id)).toMatchObject({ reserved: 1, offered: 0 })
    expect(w.db.waitlist()).toEqual([
      expect.objectContaining({ userId: bruno.id, status: "purchased", orderId: order.id }),
    ])
  })

  it("gives a cancelled paid order's unit to the first in line, once, and its serial to the next buyer", async () => {
    const f = inMemoryFulfilment({ [ana.id]: { email: ana.email, name: "Ana Souza" } })
    const w = shopWithCart({
      now: NOV_10,
      size: 1,
      script: [{ status: "approved" }],
      others: [f.participant],
      extra: f.layerFor,
    })
    const paid = await w.ok(placeOrder(w.input()))
    expect(w.db.stock(w.product.id)).toMatchObject({ reserved: 0, sold: 1 })
    await w.ok(joinWaitlist(w.product.id), bruno)
    const cancelled = {
      ...domainEvent("OrderReleased", paid.id, {
        orderId: paid.id,
        userId: ana.id,
        end: "cancelled",
        pieceBack: true,
      }),
      id: "e-1",
      occurredAt: w.now(),
    } as const
    await w.ok(releaseEndedOrderHandler.handle(cancelled))
    expect(w.db.stock(w.product.id)).toMatchObject({ sold: 0, offered: 1, returned: [1] })
    expect(w.events.filter((e) => e.type === "WaitlistOfferMade").map((e) => e.payload)).toEqual([
      expect.objectContaining({ userId: bruno.id }),
    ])
    expect((await w.ok(waitlistStatus(w.product.id), bruno)).place.status).toBe("offered")
  })
})
