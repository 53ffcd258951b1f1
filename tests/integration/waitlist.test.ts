import { randomUUID } from "node:crypto"
import { type Effect, Exit } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { expireOrders } from "../../application/orders/expireOrders"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import { AccountData } from "../../application/ports/AccountData"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { endLapsedOffers } from "../../application/waitlist/endLapsedOffers"
import { joinWaitlist } from "../../application/waitlist/joinWaitlist"
import { domainEvent } from "../../domain/events"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addCollectors, asViewer, clockNow, fillCarts, runtimeDb, seedStore } from "../support/storeRuntime"

// Units freed at once go to different collectors, each exactly once, under the product's lock.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const BUYERS = 3
const WAITERS = 5
/** Joins the line only at the end, when an account ahead of them is deleted. */
const LATE = "late-waiter"

describe.each(targets)("waitlists on $name", (target) => {
  const { runtime } = testRuntime(target, embedded, { dispatcher: { idlePollMs: 50 } })
  let db: Kysely<Database>
  let product: string
  let addresses = new Map<string, string>()
  const users = [
    ...Array.from({ length: BUYERS }, (_, i) => `buyer-${i}`),
    ...Array.from({ length: WAITERS }, (_, i) => `waiter-${i}`),
    LATE,
  ]
  const viewer = (id: string) => customer(id, `Colecionador ${id}`)
  const as = <A, E, R>(id: string | null, effect: Effect.Effect<A, E, R>, shiftMs = 0) =>
    runtime.runPromiseExit(
      asViewer(
        id ? viewer(id) : null,
        `10.1.0.${users.indexOf(id ?? "") + 1}`,
        effect,
        shiftMs,
      ) as Effect.Effect<A, E, never>,
    )
  const order = (id: string): PlaceOrderInput => ({
    addressId: addresses.get(id) ?? "",
    shippingOptionId: null,
    couponCode: null,
    idempotencyKey: randomUUID(),
    cpf: "123.456.789-09",
    payment: { method: "pix" },
  })
  const units = () =>
    db
      .selectFrom("collection_products")
      .select(["edition_reserved", "edition_sold", "edition_offered"])
      .where("id", "=", product)
      .executeTakeFirstOrThrow()
  const entries = () =>
    db
      .selectFrom("waitlist_entries")
      .select(["user_id", "status", "order_id"])
      .where("product_id", "=", product)
      .orderBy("joined_at")
      .execute()
  const offerEvents = async () =>
    (
      await sql<{ user_id: string }>`select payload->>'userId' as user_id from outbox_events
        where type = 'WaitlistOfferMade' order by user_id`.execute(db)
    ).rows.map((r) => r.user_id)
  const putInCart = (id: string) => fillCarts(db, [id], product)

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    ;[product] = await seedStore(db, await clockNow(runtime))
    await db
      .updateTable("collection_products")
      // Every buyer here types one CPF: the per-collector limit is not what this test is about.
      .set({ edition_size: BUYERS, collector_limit: null })
      .where("id", "=", product)
      .execute()
    addresses = await addCollectors(
      db,
      users.map((id) => viewer(id)),
      () => "Colecionador Silva",
    )
  }, 60_000)
  afterAll(async () => {
    await runtime?.dispose()
  })

  it("refuses a waitlist while units are left, and offers 3 units freed at once to the first 3 in line", async () => {
    const early = await as("waiter-0", joinWaitlist(product))
    expect(JSON.stringify(Exit.isFailure(early) && early.cause)).toContain("ainda tem unidades disponíveis")

    for (const id of users.slice(0, BUYERS)) await putInCart(id)
    const placed = await Promise.all(users.slice(0, BUYERS).map((id) => as(id, placeOrder(order(id)))))
    expect(placed.filter(Exit.isFailure).map((e) => String(e.cause))).toEqual([])
    expect(await units()).toEqual({ edition_reserved: 3, edition_sold: 0, edition_offered: 0 })

    // In line one after the other (the order of joining is the order of offers).
    for (let i = 0; i < WAITERS; i++) {
      const joined = await as(`waiter-${i}`, joinWaitlist(product), i)
      expect(Exit.isSuccess(joined)).toBe(true)
    }
    const twice = await as("waiter-0", joinWaitlist(product))
    expect(JSON.stringify(Exit.isFailure(twice) && twice.cause)).toContain("já está na lista")

    // Three expiry runs at once past the PIX deadline: each order expires once, in its own transaction.
    const runs = await Promise.all(Array.from({ length: 3 }, () => as(null, expireOrders(), 31 * MINUTE)))
    expect(runs.every(Exit.isSuccess)).toBe(true)
    expect(await units()).toEqual({ edition_reserved: 0, edition_sold: 0, edition_offered: 3 })
    const line = await entries()
    expect(line.filter((e) => e.status === "offered").map((e) => e.user_id)).toEqual([
      "waiter-0",
      "waiter-1",
      "waiter-2",
    ])
    expect(line.filter((e) => e.status === "waiting").map((e) => e.user_id)).toEqual(["waiter-3", "waiter-4"])
    expect(await offerEvents()).toEqual(["waiter-0", "waiter-1", "waiter-2"])

    // Held units are nobody else's: a waiter without an offer cannot buy one.
    await putInCart("waiter-3")
    const refused = await as("waiter-3", placeOrder(order("waiter-3")))
    expect(JSON.stringify(Exit.isFailure(refused) && refused.cause)).toContain(
      "Esgotado. Remova o item do carrinho para continuar.",
    )
    // The holder can, and their entry becomes purchased with the order.
    await putInCart("waiter-0")
    const bought = await as("waiter-0", placeOrder(order("waiter-0")))
    expect(Exit.isSuccess(bought)).toBe(true)
    expect(await units()).toEqual({ edition_reserved: 1, edition_sold: 0, edition_offered: 2 })
    const after = await entries()
    expect(after.find((e) => e.user_id === "waiter-0")).toMatchObject({
      status: "purchased",
      order_id: Exit.isSuccess(bought) ? bought.value.id : "",
    })
  }, 60_000)

  it("gives a lapsed offer's unit to the next in line, once however many runs", async () => {
    const runs = await Promise.all(Array.from({ length: 3 }, () => as(null, endLapsedOffers(), 49 * HOUR)))
    expect(runs.every(Exit.isSuccess)).toBe(true)
    const line = await entries()
    expect(line.map((e) => [e.user_id, e.status])).toEqual([
      ["waiter-0", "purchased"],
      ["waiter-1", "expired"],
      ["waiter-2", "expired"],
      ["waiter-3", "offered"],
      ["waiter-4", "offered"],
    ])
    expect(await units()).toEqual({ edition_reserved: 1, edition_sold: 0, edition_offered: 2 })
    expect(await offerEvents()).toEqual(["waiter-0", "waiter-1", "waiter-2", "waiter-3", "waiter-4"])
  }, 60_000)

  it("exports a collector's waitlists; a deleted account's held unit goes to the next in line", async () => {
    const exported = await runtime.runPromise(AccountData.use((a) => a.exportFor("waiter-3")))
    expect(exported?.waitlists.map((w) => w.status)).toEqual(["offered"])
    expect(Exit.isSuccess(await as(LATE, joinWaitlist(product), 50 * HOUR))).toBe(true)

    // The account goes as better-auth deletes it (its row, then its event); the event's handler does the rest.
    await db.deleteFrom("auth_user").where("id", "=", "waiter-3").execute()
    await runtime.runPromise(
      EventOutbox.use((outbox) =>
        outbox.record([domainEvent("AccountDeleted", "waiter-3", { userId: "waiter-3" })]),
      ),
    )
    await expect
      .poll(async () => (await entries()).map((e) => e.user_id), { timeout: 10_000 })
      .not.toContain("waiter-3")
    expect((await entries()).find((e) => e.user_id === LATE)?.status).toBe("offered")
    expect(await units()).toEqual({ edition_reserved: 1, edition_sold: 0, edition_offered: 2 })
    expect((await offerEvents()).filter((id) => id === LATE)).toHaveLength(1)
  }, 60_000)
})
