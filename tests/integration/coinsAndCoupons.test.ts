import { randomUUID } from "node:crypto"
import { Effect, Exit } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { takeBackOrderHandler } from "../../application/community/takeBackOrder"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import { priceCheckout } from "../../application/orders/priceCheckout"
import { CoinWallet } from "../../application/ports/CoinWallet"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import { domainEvent, type RecordedEvent } from "../../domain/events"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addCollectors, asViewer, clockNow, fillCarts, runtimeDb, seedStore } from "../support/storeRuntime"

// The same coins, or a once-per-customer coupon, asked for by concurrent checkouts of one customer.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

const BUYERS = 3
const RACERS = 6
const CPF = "123.456.789-09"

describe.each(targets)("coins and coupon rules under concurrency on $name", (target) => {
  const { runtime } = testRuntime(target, embedded, { dispatcher: { idlePollMs: 50 } })
  let db: Kysely<Database>
  let addresses = new Map<string, string>()
  const viewer = (i: number) => customer(`coin-buyer-${i}`, `Colecionador ${i}`)
  type Services = Effect.Services<ReturnType<typeof placeOrder>>
  const as = <A, E>(i: number, effect: Effect.Effect<A, E, Services>) =>
    runtime.runPromiseExit(asViewer(viewer(i), `10.1.0.${i}`, effect))
  const order = (i: number, over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
    addressId: addresses.get(viewer(i).id) ?? "",
    shippingOptionId: null,
    couponCode: null,
    idempotencyKey: randomUUID(),
    cpf: CPF,
    payment: { method: "pix" },
    ...over,
  })
  /** Coins written straight into the ledger, as a finished mission leaves them, so a test sets its balance. */
  const grantCoins = (userId: string, reference: string, coins: number) =>
    db
      .insertInto("points_ledger")
      .values({
        user_id: userId,
        kind: "mission",
        reference,
        points: 0,
        coins,
        description: "Moedas de teste",
        occurred_at: new Date(),
      })
      .execute()
  const n = async (query: ReturnType<typeof sql<{ n: number }>>) => (await query.execute(db)).rows[0]?.n ?? -1

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    const [product] = await seedStore(db, await clockNow(runtime))
    // Its buyers share a CPF on purpose (the coupon rule); the per-collector limit is tested elsewhere.
    await db.updateTable("collection_products").set({ collector_limit: null }).execute()
    const users = Array.from({ length: BUYERS }, (_, i) => viewer(i))
    addresses = await addCollectors(db, users, (u) => `${u.name} Souza`)
    await fillCarts(
      db,
      users.map((u) => u.id),
      product,
    )
  }, 60_000)
  afterAll(async () => {
    await runtime?.dispose()
  })

  it("of concurrent checkouts spending the same coins, exactly one succeeds; the ranking's coins follow", async () => {
    const buyer = viewer(0).id
    // The most this cart may use, then a balance that covers one such order and not two.
    await grantCoins(buyer, "test:grant", 1_000_000)
    const priced = await as(0, priceCheckout(order(0)))
    if (!Exit.isSuccess(priced)) throw new Error("could not price the cart")
    const most = priced.value.coins.max
    expect(most).toBeGreaterThan(1)
    const balance = most + Math.floor(most / 2)
    await db
      .updateTable("points_ledger")
      .set({ coins: balance })
      .where("reference", "=", "test:grant")
      .execute()
    await db
      .insertInto("collector_stats")
      .values({ user_id: buyer, coins: balance, updated_at: new Date() })
      .execute()

    const exits = await Promise.all(
      Array.from({ length: RACERS }, () => as(0, placeOrder(order(0, { coins: most })))),
    )
    expect(exits.filter(Exit.isSuccess)).toHaveLength(1)
    const left = balance - most
    expect(
      await n(sql`select coalesce(sum(coins), 0)::int as n from points_ledger where user_id = ${buyer}`),
    ).toBe(left)
    expect(await n(sql`select coins::int as n from collector_stats where user_id = ${buyer}`)).toBe(left)
    expect(
      await n(sql`select count(*)::int as n from orders where user_id = ${buyer} and coins_used = ${most}`),
    ).toBe(1)

    // The order's end (as the fulfilment module tells it) gives the coins back once, however often it is handled.
    const spent = await db
      .selectFrom("orders")
      .select("id")
      .where("user_id", "=", buyer)
      .where("coins_used", "=", most)
      .executeTakeFirstOrThrow()
    const refunded: RecordedEvent = {
      ...domainEvent("OrderReleased", spent.id, {
        orderId: spent.id,
        userId: buyer,
        end: "refunded",
        pieceBack: true,
      }),
      id: randomUUID(),
      occurredAt: await clockNow(runtime),
    }
    for (let i = 0; i < 2; i++)
      expect(
        Exit.isSuccess(
          await runtime.runPromiseExit(
            UnitOfWork.use((uow) => uow.atomically(takeBackOrderHandler.handle(refunded))),
          ),
        ),
      ).toBe(true)
    expect(
      await n(
        sql`select count(*)::int as n from points_ledger where user_id = ${buyer} and kind = 'coin_return'`,
      ),
    ).toBe(1)
    expect(await n(sql`select coins::int as n from collector_stats where user_id = ${buyer}`)).toBe(balance)
  }, 120_000)

  it("the wallet alone: two units of work spending the same coins at once, one is refused", async () => {
    const buyer = viewer(1).id
    await grantCoins(buyer, "test:wallet", 100)
    const spend = (k: number) =>
      runtime.runPromise(
        Effect.gen(function* () {
          const wallet = yield* CoinWallet
          return yield* (yield* UnitOfWork).atomically(
            Effect.gen(function* () {
              const spent = yield* wallet.spend({
                userId: buyer,
                kind: "coin_redemption",
                reference: `test:race-${k}`,
                points: 0,
                coins: -80,
                description: "Teste",
                occurredAt: Date.now(),
              })
              // Holds the transaction open, so the other one reads the balance while this one is undecided.
              yield* Effect.sleep("150 millis")
              return spent
            }),
          )
        }),
      )
    const results = await Promise.all([spend(1), spend(2)])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(
      await n(sql`select coalesce(sum(coins), 0)::int as n from points_ledger where user_id = ${buyer}`),
    ).toBe(20)
  })

  it("of concurrent checkouts using a once-per-customer coupon, by two accounts with one CPF, exactly one succeeds", async () => {
    await db
      .insertInto("coupons")
      .values({
        code: "UNICO",
        type: "percentage",
        value: 10,
        once_per_customer: true,
        valid_from: new Date((await clockNow(runtime)) - 60_000),
      })
      .execute()
    const exits = await Promise.all(
      Array.from({ length: RACERS }, (_, k) => {
        const i = 1 + (k % 2)
        return as(i, placeOrder(order(i, { couponCode: "unico" })))
      }),
    )
    expect(exits.filter(Exit.isSuccess)).toHaveLength(1)
    const refusals = exits.flatMap((e) => (Exit.isFailure(e) ? [JSON.stringify(e.cause)] : []))
    for (const refusal of refusals) expect(refusal).toContain("Você já usou este cupom.")
    expect(await n(sql`select count(*)::int as n from coupon_customer_uses`)).toBe(1)
    expect(await n(sql`select count(*)::int as n from orders where coupon_code = 'UNICO'`)).toBe(1)
    expect(await n(sql`select total_uses::int as n from coupons where code = 'UNICO'`)).toBe(1)
  }, 120_000)
})
