import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { confirmTrade } from "../../application/community/confirmTrade"
import { markForTrade } from "../../application/community/markForTrade"
import { offerTrade } from "../../application/community/offerTrade"
import { respondToTrade } from "../../application/community/respondToTrade"
import { advanceOrder } from "../../application/fulfilment/advanceOrder"
import { cancelMyOrder } from "../../application/fulfilment/cancelMyOrder"
import { decideAfterSale } from "../../application/fulfilment/decideAfterSale"
import { openMyAfterSale } from "../../application/fulfilment/openMyAfterSale"
import { receiveOrderReturn } from "../../application/fulfilment/receiveOrderReturn"
import { refundOrder } from "../../application/fulfilment/refundOrder"
import { shipOrder } from "../../application/fulfilment/shipOrder"
import { admin, afterPaymentStore } from "../support/afterPayment"
import { customer, runtimeTargets } from "../support/appRuntimes"
import { clockNow } from "../support/storeRuntime"

// Every way a paid order ends (a full refund, a cancellation, a withdrawal's return) takes the piece back exactly
// once, on the real adapters with the dispatcher running: the certificate is revoked, the unit and its serial go
// back to the edition, the collector's piece and points are undone; and a piece that was traded away comes back
// from its new holder, the trade undone for both sides.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

describe.each(targets)("the end of a paid order on $name", (target) => {
  const store = afterPaymentStore(target, embedded)
  const { as, key, waitFor, settled, paidOrder } = store
  const ana = customer("ana", "Ana Souza")
  const bia = customer("bia", "Bia Costa")
  const caio = customer("caio", "Caio Lima")

  beforeAll(() => store.setUp([ana, bia, caio], 2), 60_000)
  afterAll(() => store.runtime.dispose())

  const edition = (product: string) =>
    store.db
      .selectFrom("collection_products")
      .select(["edition_sold", "edition_returned"])
      .where("id", "=", product)
      .executeTakeFirstOrThrow()
  const serialsOf = async (orderId: string) =>
    (
      await store.db.selectFrom("order_lines").select("serials").where("order_id", "=", orderId).execute()
    ).flatMap((l) => l.serials as number[])
  const certificates = (orderId: string) =>
    store.db
      .selectFrom("certificates")
      .select(["serial", "revoked_at"])
      .where("order_id", "=", orderId)
      .execute()
  const pieces = (orderId: string) =>
    store.db
      .selectFrom("collector_pieces")
      .select(["id", "user_id", "source", "revoked_at"])
      .where("order_id", "=", orderId)
      .execute()
  const ledger = (userId: string, reference: string) =>
    store.db
      .selectFrom("points_ledger")
      .select(["kind", "points", "coins"])
      .where("user_id", "=", userId)
      .where("reference", "=", reference)
      .execute()
  /** A paid order with its certificate and piece in place (the payment's handlers have run). */
  const certifiedOrder = async (viewer = ana, product = store.products[0] ?? "") => {
    const order = await paidOrder(viewer, product)
    await waitFor(
      async () => (await certificates(order.id)).length === 1 && (await pieces(order.id)).length === 1,
    )
    return order
  }
  /**
   * Appends the order's `OrderReleased` again, twice, as a redelivery racing the first delivery would; the order
   * had told its end `told` times before (once, unless this is a second redelivery).
   */
  const releasedAgain = async (orderId: string, told = 1) => {
    const released = await store.db
      .selectFrom("outbox_events")
      .selectAll()
      .where("type", "=", "OrderReleased")
      .where("aggregate_id", "=", orderId)
      .execute()
    expect(released).toHaveLength(told)
    const [event] = released
    if (!event) return
    const now = new Date(await clockNow(store.runtime))
    await store.db
      .insertInto("outbox_events")
      .values(
        [1, 2].map(() => ({
          type: event.type,
          version: event.version,
          aggregate_id: event.aggregate_id,
          payload: JSON.stringify(event.payload),
          occurred_at: event.occurred_at,
          next_attempt_at: now,
        })),
      )
      .execute()
    await settled(orderId)
  }

  /** The piece went back: certificate revoked, serial kept for reissue, unit no longer sold, piece undone. */
  const expectTakenBack = async (orderId: string, product: string, soldBefore: number) => {
    const [serial] = await serialsOf(orderId)
    expect((await certificates(orderId)).map((c) => c.revoked_at !== null)).toEqual([true])
    const after = await edition(product)
    expect(after.edition_sold).toBe(soldBefore - 1)
    expect((after.edition_returned as number[]).filter((s) => s === serial)).toEqual([serial])
    expect((await pieces(orderId)).map((p) => p.revoked_at !== null)).toEqual([true])
    expect(await ledger(ana.id, `purchase:order:${orderId}`)).toEqual([
      { kind: "reversal", points: -100, coins: -10 },
    ])
    return serial
  }

  it("a full refund of an unshipped order takes the piece back once, and its serial goes to the next buyer", async () => {
    const product = store.products[0] ?? ""
    const order = await certifiedOrder()
    const sold = (await edition(product)).edition_sold
    await as(
      admin,
      refundOrder({ orderId: order.id, actionKey: key(), amount: null, note: "Cliente desistiu" }),
    )
    await waitFor(async () => (await certificates(order.id))[0]?.revoked_at != null)
    await settled(order.id)
    await releasedAgain(order.id)
    const serial = await expectTakenBack(order.id, product, sold)

    // The next buyer gets that serial again, certified anew; the old certificate stays revoked.
    const next = await certifiedOrder(bia, product)
    expect(await serialsOf(next.id)).toEqual([serial])
    expect((await certificates(next.id)).map((c) => c.revoked_at)).toEqual([null])
    // The refunded order's end told again, after its serial was sold anew: the new buyer keeps it.
    await releasedAgain(order.id, 3)
    expect(await edition(product)).toMatchObject({ edition_sold: sold, edition_returned: [] })
    expect((await certificates(next.id)).map((c) => c.revoked_at)).toEqual([null])
  }, 90_000)

  it("a cancellation delivered concurrently returns the unit and revokes the certificate once", async () => {
    const product = store.products[0] ?? ""
    const order = await certifiedOrder()
    const sold = (await edition(product)).edition_sold
    await as(ana, cancelMyOrder({ orderId: order.id, actionKey: key() }))
    await releasedAgain(order.id)
    await waitFor(
      async () =>
        (
          await store.db
            .selectFrom("orders")
            .select("fulfilment_status")
            .where("id", "=", order.id)
            .executeTakeFirst()
        )?.fulfilment_status === "refunded",
    )
    await settled(order.id)
    await expectTakenBack(order.id, product, sold)
  }, 90_000)

  it("a withdrawal's parcel received back returns the unit and revokes the certificate once", async () => {
    const product = store.products[0] ?? ""
    const order = await certifiedOrder()
    for (const step of ["start_production", "mark_produced"] as const)
      await as(admin, advanceOrder({ orderId: order.id, actionKey: key(), step }))
    await as(
      admin,
      shipOrder({
        orderId: order.id,
        actionKey: key(),
        carrier: "Correios",
        service: "SEDEX",
        trackingCode: "AA123456789BR",
      }),
    )
    await as(admin, advanceOrder({ orderId: order.id, actionKey: key(), step: "mark_delivered" }))
    await as(
      ana,
      openMyAfterSale({ orderId: order.id, actionKey: key(), kind: "withdrawal", description: "" }),
    )
    const request = await store.db
      .selectFrom("after_sale_requests")
      .select("id")
      .where("order_id", "=", order.id)
      .executeTakeFirstOrThrow()
    await as(
      admin,
      decideAfterSale({
        orderId: order.id,
        actionKey: key(),
        requestId: request.id,
        approve: true,
        note: "",
      }),
    )
    const sold = (await edition(product)).edition_sold
    await as(admin, receiveOrderReturn({ orderId: order.id, actionKey: key(), requestId: request.id }))
    await releasedAgain(order.id)
    await settled(order.id)
    await expectTakenBack(order.id, product, sold)
  }, 90_000)

  it("a cancelled order's traded piece comes back from its holder: the trade is undone for both sides", async () => {
    const [first = "", second = ""] = store.products
    const biaOrder = await certifiedOrder(bia, first)
    const caioOrder = await certifiedOrder(caio, second)
    const [biaPiece] = await pieces(biaOrder.id)
    const [caioPiece] = await pieces(caioOrder.id)
    await as(caio, markForTrade({ pieceId: caioPiece?.id ?? "", forTrade: true }))
    const offered = await as(
      bia,
      offerTrade({ fromPieceId: biaPiece?.id ?? "", toPieceId: caioPiece?.id ?? "", message: "" }),
    )
    await as(caio, respondToTrade({ tradeId: offered.id, answer: "accept" }))
    await as(bia, confirmTrade(offered.id))
    await as(caio, confirmTrade(offered.id))
    expect((await pieces(biaOrder.id))[0]?.user_id).toBe(caio.id)

    // Bia calls her order off: her piece leaves Caio, and Caio has his own piece back.
    await as(bia, cancelMyOrder({ orderId: biaOrder.id, actionKey: key() }))
    await waitFor(async () => (await pieces(biaOrder.id))[0]?.revoked_at != null)
    await settled(biaOrder.id)
    expect(await pieces(biaOrder.id)).toEqual([
      expect.objectContaining({ user_id: caio.id, source: "trade" }),
    ])
    expect(await pieces(caioOrder.id)).toEqual([
      expect.objectContaining({ user_id: caio.id, source: "purchase", revoked_at: null }),
    ])
    const trade = await store.db
      .selectFrom("trades")
      .select(["status", "unwound_at"])
      .where("id", "=", offered.id)
      .executeTakeFirstOrThrow()
    expect(trade.status).toBe("completed")
    expect(trade.unwound_at).not.toBeNull()
    for (const userId of [bia.id, caio.id])
      expect(await ledger(userId, `trade:trade:${offered.id}`)).toEqual([
        { kind: "reversal", points: -30, coins: -3 },
      ])
    const told = await store.db
      .selectFrom("notifications")
      .select("user_id")
      .where("dedupe_key", "=", `trade:${offered.id}:unwound`)
      .orderBy("user_id")
      .execute()
    expect(told.map((n) => n.user_id)).toEqual([bia.id, caio.id])

    // Caio then calls his off: nobody keeps anything of either order.
    await as(caio, cancelMyOrder({ orderId: caioOrder.id, actionKey: key() }))
    await waitFor(async () => (await pieces(caioOrder.id))[0]?.revoked_at != null)
    const held = await store.db
      .selectFrom("collector_pieces")
      .select("id")
      .where("order_id", "in", [biaOrder.id, caioOrder.id])
      .where("revoked_at", "is", null)
      .execute()
    expect(held).toEqual([])
  }, 90_000)
})
