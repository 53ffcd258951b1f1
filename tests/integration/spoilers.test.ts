import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { getAdminOrder } from "../../application/adminOrders/getAdminOrder"
import { getMyCollection } from "../../application/community/getMyCollection"
import { getShelf } from "../../application/community/getShelf"
import { getTradeTarget } from "../../application/community/getTradeTarget"
import { markForTrade } from "../../application/community/markForTrade"
import { getCertificate } from "../../application/fulfilment/getCertificate"
import { getMyOrder } from "../../application/fulfilment/getMyOrder"
import { trackOrder } from "../../application/fulfilment/trackOrder"
import { notifyCharacterReveals } from "../../application/notifications/notifyCharacterReveals"
import { listMyOrders, paymentView } from "../../application/orders/views"
import { CollectorFacts } from "../../application/ports/CollectorFacts"
import { getMySubscriptions } from "../../application/subscriptions/getMySubscriptions"
import { subscribe } from "../../application/subscriptions/subscribe"
import { listMyOrdersForSupport } from "../../application/support/listMyOrdersForSupport"
import { saoPauloInstant } from "../../domain/calendar"
import { admin, afterPaymentStore } from "../support/afterPayment"
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
  const caio = customer("caio", "Caio Lima")
  let character = { name: "", image_url: "", rarity: "" }

  beforeAll(async () => {
    await store.setUp([ana, bia, caio])
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

  it("a legendary piece counts for achievements and missions only from its reveal", async () => {
    await store.db
      .updateTable("collection_products")
      .set({ rarity: "legendary" })
      .where("id", "=", store.products[0] ?? "")
      .execute()
    const legendary = (at: number) =>
      store.runtime.runPromise(
        CollectorFacts.use((facts) => facts.measure(ana.id, "legendary", { start: null, end: null }, at)),
      )
    // Her October piece (the first test's) would unlock 'Lendário' on her public profile: not before noon.
    expect(await legendary(OCTOBER_7)).toBe(0)
    expect(await legendary(REVEAL)).toBe(1)

    // The reveal's job unlocks it for her at noon, without waiting for her next purchase.
    const unlocked = async () =>
      (await store.runtime.runPromise(CollectorFacts.use((facts) => facts.unlocked(ana.id)))).map(
        (a) => a.code,
      )
    expect(await unlocked()).not.toContain("overview_legendary")
    await store.runtime.runPromise(
      asViewer(null, "10.0.0.1", notifyCharacterReveals(), REVEAL - OCTOBER_7 + 60_000),
    )
    // Through the reveal's event: the community's handler refreshes each holder.
    await store.settled(store.products[0] ?? "")
    expect(await unlocked()).toContain("overview_legendary")
  })

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

  it("an order records the character for staff; its buyer and the public read the mystery until the reveal", async () => {
    const order = await store.paidOrder(caio)
    await store.settled(order.id)
    const mystery = "Personagem misterioso de outubro/2026"
    const [line] = await store.db
      .selectFrom("order_lines")
      .select(["name", "image_url"])
      .where("order_id", "=", order.id)
      .execute()
    expect(line).toEqual({ name: character.name, image_url: character.image_url })
    const [certificate] = await store.db
      .selectFrom("certificates")
      .select("code")
      .where("order_id", "=", order.id)
      .execute()
    const mails = await store.db
      .selectFrom("dev_mailbox")
      .select(["subject", "html", "text"])
      .where("recipient", "=", caio.email)
      .execute()
    expect(mails.length).toBeGreaterThan(0)
    const seen = {
      placed: order,
      payment: await store.as(caio, paymentView(order.id)),
      page: await store.as(caio, getMyOrder(order.id)),
      list: await store.as(caio, listMyOrders()),
      support: await store.as(caio, listMyOrdersForSupport()),
      tracking: await store.runtime.runPromise(asViewer(null, "10.0.0.2", trackOrder(order.trackingCode))),
      certificate: await store.runtime.runPromise(
        asViewer(null, "10.0.0.2", getCertificate(certificate?.code ?? "")),
      ),
      mails,
    }
    for (const [surface, view] of Object.entries(seen)) {
      const text = JSON.stringify(view)
      expect(text, surface).not.toContain(character.name)
      expect(text, surface).not.toContain(character.image_url)
    }
    expect(seen.list[0]?.firstItemName).toMatch(new RegExp(`^${mystery}, Coleção .+, nº \\d+/50$`))
    expect(seen.support[0]?.label).toBe(seen.list[0]?.firstItemName)
    expect(seen.certificate.productName).toBe(mystery)
    expect(seen.page.lines[0]?.name).toBe(mystery)

    // Staff produce and pack it: the order as they read it names the character.
    const staff = await store.as(admin, getAdminOrder(order.id))
    expect(staff.lines[0]?.name).toBe(character.name)

    // From noon on the 15th, the same reads name it.
    const shift = REVEAL - OCTOBER_7
    const page = await store.runtime.runPromise(asViewer(caio, "10.1.1.1", getMyOrder(order.id), shift))
    expect(page.lines[0]).toMatchObject({ name: character.name, imageUrl: character.image_url })
    const publicCertificate = await store.runtime.runPromise(
      asViewer(null, "10.0.0.2", getCertificate(certificate?.code ?? ""), shift),
    )
    expect(publicCertificate.productName).toBe(character.name)
  }, 90_000)
})
