import { randomUUID } from "node:crypto"
import { Effect, Exit } from "effect"
import { type Kysely, sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../../adapters/db/DatabaseService"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { seedDemoShippingTable } from "../../adapters/shipping/demoShippingTable"
import { expireOrders } from "../../application/orders/expireOrders"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import { AccountData } from "../../application/ports/AccountData"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { Clock } from "../../application/ports/Clock"
import { CurrentUser } from "../../application/ports/CurrentUser"
import { PersonalData } from "../../application/ports/PersonalData"
import { endLapsedOffers } from "../../application/waitlist/endLapsedOffers"
import { joinWaitlist } from "../../application/waitlist/joinWaitlist"
import { loadConfig } from "../../server/config"
import { createLogger } from "../../server/logger"
import { createAppRuntime } from "../../server/runtime"
import { freshPostgres, postgresServerUrl, testTarget } from "../support/databases"

// Issue 15: units freed at once go to different collectors, each exactly once, under the product's lock.
const serverUrl = await postgresServerUrl()
const targets: { name: string; env: Record<string, string> }[] = [
  { name: "pglite", env: { DATA_DIR: ":memory:" } },
]
const postgres = serverUrl ? await freshPostgres(serverUrl) : null
if (postgres && postgres.target.kind === "postgres")
  targets.push({ name: "postgresql", env: { DATABASE_URL: postgres.target.url, DB_POOL_SIZE: "10" } })
afterAll(() => postgres?.dispose())

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const BUYERS = 3
const WAITERS = 5

describe.each(targets)("waitlists on $name", ({ env }) => {
  const config = loadConfig({
    ...env,
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    SEED_DEMO_DATA: "false",
    VIACEP_ENABLED: "false",
    PUBLIC_URL: "http://localhost:3000",
  })
  let runtime: ReturnType<typeof createAppRuntime>
  let db: Kysely<Database>
  let product: string
  const addresses = new Map<string, string>()
  const users = [
    ...Array.from({ length: BUYERS }, (_, i) => `buyer-${i}`),
    ...Array.from({ length: WAITERS }, (_, i) => `waiter-${i}`),
  ]
  const viewer = (id: string) => ({
    id,
    email: `${id}@example.com`,
    name: `Colecionador ${id}`,
    role: "user" as const,
    emailVerified: true,
  })
  const as = <A, E, R>(id: string | null, effect: Effect.Effect<A, E, R>, shiftMs = 0) =>
    runtime.runPromiseExit(
      effect.pipe(
        Effect.provideService(CurrentUser, { viewer: id ? viewer(id) : null }),
        Effect.provideService(ClientAddress, `10.1.0.${users.indexOf(id ?? "") + 1}`),
        Effect.provideService(Clock, { now: () => Effect.sync(() => Date.now() + shiftMs) }),
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
  const putInCart = (id: string) =>
    db.insertInto("cart_items").values({ user_id: id, product_id: product, quantity: 1 }).execute()

  beforeAll(async () => {
    runtime = createAppRuntime(config, {
      database: await testTarget(config),
      dispatcher: { idlePollMs: 50 },
      logger: createLogger("silent"),
    })
    db = (await runtime.runPromise(Db.use((s) => Effect.succeed(s)))).db
    const now = Date.now()
    await seedDemoCatalog(db, now)
    await seedDemoShippingTable(db)
    const buyable = await db
      .selectFrom("collection_products")
      .select("id")
      .where("reveal_at", "<=", new Date(now))
      .orderBy("reveal_at", "desc")
      .limit(1)
      .executeTakeFirstOrThrow()
    product = buyable.id
    await db
      .updateTable("collection_products")
      // Every buyer here types one CPF: the per-collector limit is not what this test is about.
      .set({ edition_size: BUYERS, collector_limit: null })
      .where("id", "=", product)
      .execute()
    await db
      .insertInto("auth_user")
      .values(users.map((id) => ({ ...viewer(id), role: null, appRole: null })))
      .execute()
    const rows = await db
      .insertInto("addresses")
      .values(
        users.map((id, i) => ({
          user_id: id,
          name: "Colecionador Silva",
          street: "Avenida Paulista",
          number: String(i + 1),
          neighborhood: "Bela Vista",
          city: "São Paulo",
          state: "SP",
          zip_code: "01310200",
          is_default: true,
        })),
      )
      .returning(["id", "user_id"])
      .execute()
    for (const r of rows) addresses.set(r.user_id, r.id)
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
    expect(JSON.stringify(Exit.isFailure(refused) && refused.cause)).toContain("edição esgotada")
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

  it("exports a collector's waitlists, and forgets them with the account, giving a held unit back", async () => {
    const exported = await runtime.runPromise(AccountData.use((a) => a.exportFor("waiter-3")))
    expect(exported?.waitlists.map((w) => w.status)).toEqual(["offered"])
    await runtime.runPromise(PersonalData.use((p) => p.forget("waiter-3")))
    expect((await entries()).map((e) => e.user_id)).not.toContain("waiter-3")
    expect(await units()).toEqual({ edition_reserved: 1, edition_sold: 0, edition_offered: 1 })
  }, 60_000)
})
