import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { listHeldEditions } from "../../application/account/listHeldEditions"
import { markForTrade } from "../../application/community/markForTrade"
import { offerTrade } from "../../application/community/offerTrade"
import { previewSubscription } from "../../application/subscriptions/previewSubscription"
import { subscribe } from "../../application/subscriptions/subscribe"
import { saoPauloInstant } from "../../domain/calendar"
import { afterPaymentStore } from "../support/afterPayment"
import { customer, runtimeTargets } from "../support/appRuntimes"

// One numbered piece per collector through every path, on the real adapters: a collector who bought the
// month's piece and then subscribes is not sold that piece again by the subscription's first month; the
// dialog's preview says so before the charge, and the charge covers the next month instead.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

// The 7th: a payment covers its own month (before the 15th), whose character is on sale to everyone.
const SEVENTH_OF_OCTOBER = saoPauloInstant({ year: 2026, month: 10, day: 7 }, 10)

describe.each(targets)("one numbered piece per collector on $name", (target) => {
  const store = afterPaymentStore(target, embedded, SEVENTH_OF_OCTOBER)
  const { as, waitFor, paidOrder } = store
  const ana = customer("ana", "Ana Souza")
  const bia = customer("bia", "Bia Costa")
  let product = ""
  let collectionId = ""

  beforeAll(async () => {
    await store.setUp([ana, bia], 2)
    product = store.products[0] ?? ""
    await store.db
      .updateTable("collection_products")
      .set({ collector_limit: 1 })
      .where("id", "in", store.products)
      .execute()
    collectionId = (
      await store.db
        .selectFrom("collection_products")
        .select("collection_id")
        .where("id", "=", product)
        .executeTakeFirstOrThrow()
    ).collection_id
  }, 60_000)
  afterAll(() => store.runtime.dispose())

  it("a subscription after buying the month's piece starts with the next month, said before the charge", async () => {
    const before = await as(ana, previewSubscription(collectionId))
    expect(before.note).toBe("Seu primeiro personagem é o de outubro/2026.")
    expect(before.delivery?.id).toBe(store.addressOf(ana))

    expect(await as(ana, listHeldEditions())).toEqual([])
    await paidOrder(ana, product)
    // Her buy buttons now say she has it (account.heldEditions).
    expect(await as(ana, listHeldEditions())).toEqual([product])
    const preview = await as(ana, previewSubscription(collectionId))
    expect(preview).toMatchObject({
      firstMonth: "2026-11",
      note: "Você já tem o personagem de outubro/2026: sua assinatura começa com o de novembro/2026.",
    })

    const token = await store.cardToken(ana)
    const answer = await as(
      ana,
      subscribe({
        collectionId,
        planId: "monthly-plan",
        idempotencyKey: "one-piece-0000000001",
        cpf: store.cpfOf(ana),
        addressId: store.addressOf(ana),
        card: { token: token.id, paymentMethodId: token.payment_method_id, issuerId: null },
      }),
    )
    expect(answer.status).toBe("active")
    await waitFor(async () => {
      const months = await store.db
        .selectFrom("plan_months")
        .select("month")
        .where("source_id", "=", answer.subscriptionId)
        .execute()
      return months.length === 1
    })
    expect(
      await store.db
        .selectFrom("plan_months")
        .select("month")
        .where("source_id", "=", answer.subscriptionId)
        .execute(),
    ).toEqual([{ month: "2026-11" }])
    // October's edition sold one unit, to the purchase; no month order repeats it.
    const sold = await store.db
      .selectFrom("collection_products")
      .select("edition_sold")
      .where("id", "=", product)
      .executeTakeFirstOrThrow()
    expect(sold.edition_sold).toBe(1)
    const monthOrders = await store.db
      .selectFrom("orders")
      .select("id")
      .where("user_id", "=", ana.id)
      .where("kind", "=", "subscription")
      .execute()
    expect(monthOrders).toEqual([])
    // The parcels go where the dialog said.
    const settings = await store.db
      .selectFrom("plan_settings")
      .select("address_id")
      .where("source_id", "=", answer.subscriptionId)
      .executeTakeFirst()
    expect(settings?.address_id).toBe(store.addressOf(ana))
  }, 90_000)

  it("a trade that would give a collector a second unit of a limited edition is refused", async () => {
    const other = store.products[1] ?? ""
    // Ana holds the month's piece (bought above); Bia offers hers for trade, and Ana offers another piece for it.
    const biaOrder = await paidOrder(bia, product)
    const anaOrder = await paidOrder(ana, other)
    const piece = async (orderId: string) =>
      (
        await store.db
          .selectFrom("collector_pieces")
          .select("id")
          .where("order_id", "=", orderId)
          .executeTakeFirst()
      )?.id ?? ""
    // The pieces come with the payments' events: both must be in place.
    await waitFor(async () => (await piece(biaOrder.id)) !== "" && (await piece(anaOrder.id)) !== "")
    const wanted = await piece(biaOrder.id)
    await as(bia, markForTrade({ pieceId: wanted, forTrade: true }))
    const anaOther = (
      await store.db
        .selectFrom("collector_pieces")
        .select("id")
        .where("user_id", "=", ana.id)
        .where("product_id", "=", other)
        .executeTakeFirstOrThrow()
    ).id
    const exit = await store.runExit(
      ana,
      offerTrade({ fromPieceId: anaOther, toPieceId: wanted, message: "" }),
    )
    expect(exit._tag).toBe("Failure")
    expect(JSON.stringify(exit)).toContain(
      "Você já tem este personagem no limite por colecionador desta edição",
    )
    expect(await store.db.selectFrom("trades").select("id").execute()).toEqual([])
  }, 90_000)
})
