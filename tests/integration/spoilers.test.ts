import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { getMyCollection } from "../../application/community/getMyCollection"
import { getShelf } from "../../application/community/getShelf"
import { getTradeTarget } from "../../application/community/getTradeTarget"
import { markForTrade } from "../../application/community/markForTrade"
import { getMySubscriptions } from "../../application/subscriptions/getMySubscriptions"
import { subscribe } from "../../application/subscriptions/subscribe"
import { saoPauloInstant } from "../../domain/calendar"
import { afterPaymentStore } from "../support/afterPayment"
import { customer, runtimeTargets } from "../support/appRuntimes"
import { asViewer } from "../support/storeRuntime"

// Nothing of an unrevealed character reaches anyone but staff, its buyer included, on the real adapters: a
// collector who bought October's piece on the 7th shows a mystery on her public shelf and in 'Minha Coleção'
// until noon on the 15th, and the character from then on.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

const OCTOBER_7 = saoPauloInstant({ year: 2026, month: 10, day: 7 }, 10)
const REVEAL = saoPauloInstant({ year: 2026, month: 10, day: 15 }, 12)

describe.each(targets)("spoilers on $name", (target) => {
  const store = afterPaymentStore(target, embedded, OCTOBER_7)
  const ana = customer("ana", "Ana Souza")
  const bia = customer("bia", "Bia Costa")
  let character = { name: "", image_url: "", rarity: "" }

  beforeAll(async () => {
    await store.setUp([ana, bia])
    character = await store.db
      .selectFrom("collection_products")
      .select(["name", "image_url", "rarity"])
      .where("id", "=", store.products[0] ?? "")
      .executeTakeFirstOrThrow()
  }, 60_000)
  afterAll(() => store.runtime.dispose())

  it("a bought piece is a mystery on the public shelf and in 'Minha Coleção' until the reveal", async () => {
    const order = await store.paidOrder(ana)
    await store.waitFor(async () => {
      const pieces = await store.db
        .selectFrom("collector_pieces")
        .select("id")
        .where("order_id", "=", order.id)
        .execute()
      return pieces.length === 1
    })
    const untilReveal = (await store.runtime.runPromise(asViewer(null, "10.0.0.1", getShelf(ana.id)))) ?? null
    expect(untilReveal?.entries).toEqual([
      expect.objectContaining({ name: "Personagem misterioso de outubro/2026", rarity: null }),
    ])
    const mine = await store.as(ana, getMyCollection())
    for (const seen of [untilReveal, mine]) {
      const text = JSON.stringify(seen)
      expect(text).not.toContain(character.name)
      expect(text).not.toContain(character.image_url)
    }

    // Offered for trade, the piece is a mystery to another collector too.
    const [piece] = await store.db
      .selectFrom("collector_pieces")
      .select("id")
      .where("order_id", "=", order.id)
      .execute()
    await store.as(ana, markForTrade({ pieceId: piece?.id ?? "", forTrade: true }))
    const target = await store.as(bia, getTradeTarget(piece?.id ?? ""))
    expect(target.target).toMatchObject({ name: "Personagem misterioso de outubro/2026", rarity: null })
    expect(JSON.stringify(target)).not.toContain(character.name)

    const shift = REVEAL - OCTOBER_7
    const revealed = await store.runtime.runPromise(asViewer(null, "10.0.0.1", getShelf(ana.id), shift))
    expect(revealed?.entries).toEqual([
      expect.objectContaining({
        name: character.name,
        imageUrl: character.image_url,
        rarity: character.rarity,
      }),
    ])
  }, 90_000)

  it("a subscription's month shipped before the reveal is a mystery on /assinatura", async () => {
    const collectionId = (
      await store.db
        .selectFrom("collection_products")
        .select("collection_id")
        .where("id", "=", store.products[0] ?? "")
        .executeTakeFirstOrThrow()
    ).collection_id
    const token = await store.cardToken(bia)
    const answer = await store.as(
      bia,
      subscribe({
        collectionId,
        planId: "monthly-plan",
        idempotencyKey: "spoiler-sub-000000001",
        cpf: store.cpfOf(bia),
        addressId: store.addressOf(bia),
        card: { token: token.id, paymentMethodId: token.payment_method_id, issuerId: null },
      }),
    )
    expect(answer.status).toBe("active")
    // October's shipment order is made at once (the 7th), with the character's real name stored for staff.
    await store.waitFor(async () => {
      const orders = await store.db
        .selectFrom("orders")
        .select("id")
        .where("user_id", "=", bia.id)
        .where("kind", "=", "subscription")
        .execute()
      return orders.length === 1
    })
    const mine = await store.as(bia, getMySubscriptions())
    const text = JSON.stringify(mine)
    expect(text).not.toContain(character.name)
    expect(text).not.toContain(character.image_url)
    expect(text).toContain("Personagem misterioso de outubro/2026")
  }, 90_000)
})
