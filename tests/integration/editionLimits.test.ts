import { randomUUID } from "node:crypto"
import { Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../../adapters/db/DatabaseService"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { seedDemoShippingTable } from "../../adapters/shipping/demoShippingTable"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { CurrentUser } from "../../application/ports/CurrentUser"
import { editionLimitMessage } from "../../domain/conventions/editionLimit"
import { loadConfig } from "../../server/config"
import { createLogger } from "../../server/logger"
import { createAppRuntime } from "../../server/runtime"
import { validCpf } from "../support/cpf"
import { freshPostgres, postgresServerUrl, testTarget } from "../support/databases"

// Issue 15: fair access to a numbered edition under concurrent checkouts, on the real adapters.
const serverUrl = await postgresServerUrl()
const targets: { name: string; env: Record<string, string> }[] = [
  { name: "pglite", env: { DATA_DIR: ":memory:" } },
]
const postgres = serverUrl ? await freshPostgres(serverUrl) : null
if (postgres && postgres.target.kind === "postgres")
  targets.push({ name: "postgresql", env: { DATABASE_URL: postgres.target.url, DB_POOL_SIZE: "10" } })
afterAll(() => postgres?.dispose())

const COLLECTORS = 50
/** Collectors 0 and 1, 2 and 3, … 18 and 19 are one person with two accounts: they share a CPF. */
const SHARED_PAIRS = 10
const cpfOf = (i: number) => validCpf(i < 2 * SHARED_PAIRS ? Math.floor(i / 2) : i)
/** Distinct people among the collectors. */
const PEOPLE = SHARED_PAIRS + (COLLECTORS - 2 * SHARED_PAIRS)

describe.each(targets)("edition limits on $name", ({ env }) => {
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
  const viewer = (i: number) => ({
    id: `collector-${i}`,
    email: `collector-${i}@example.com`,
    name: `Colecionador ${i}`,
    role: "user" as const,
    emailVerified: true,
  })
  const attempt = (i: number) => {
    const input: PlaceOrderInput = {
      addressId: addresses.get(`collector-${i}`) ?? "",
      shippingOptionId: null,
      couponCode: null,
      idempotencyKey: randomUUID(),
      cpf: cpfOf(i),
      payment: { method: "pix" },
    }
    return runtime.runPromiseExit(
      placeOrder(input).pipe(
        Effect.provideService(CurrentUser, { viewer: viewer(i) }),
        Effect.provideService(ClientAddress, `10.1.0.${i}`),
      ),
    )
  }
  /** Every collector tries once, every third one twice at the same moment; all at once. */
  const race = () =>
    Promise.all(
      Array.from({ length: COLLECTORS }, (_, i) =>
        i % 3 === 0 ? [attempt(i), attempt(i)] : [attempt(i)],
      ).flat(),
    )
  const holdings = () =>
    db
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .select(["o.user_id", "o.cpf", "l.quantity"])
      .where("l.product_id", "=", product)
      .where("o.status", "=", "awaiting_payment")
      .execute()
  const edition = async (size: number) => {
    await db.deleteFrom("order_lines").execute()
    await db.deleteFrom("payment_attempts").execute()
    await db.deleteFrom("orders").execute()
    await db
      .updateTable("collection_products")
      .set({ edition_size: size, edition_reserved: 0, edition_sold: 0, collector_limit: 1 })
      .where("id", "=", product)
      .execute()
  }
  const reasons = (exits: readonly Exit.Exit<unknown, unknown>[]) =>
    new Set(
      exits
        .filter(Exit.isFailure)
        .map((e) => (JSON.stringify(e.cause).match(/"message":"([^"]+)"/) ?? [])[1]),
    )

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
      .executeTakeFirstOrThrow()
    product = buyable.id
    await db
      .insertInto("auth_user")
      .values(Array.from({ length: COLLECTORS }, (_, i) => ({ ...viewer(i), role: null, appRole: null })))
      .execute()
    const rows = await db
      .insertInto("addresses")
      .values(
        Array.from({ length: COLLECTORS }, (_, i) => ({
          user_id: `collector-${i}`,
          name: `Colecionador ${i} Silva`,
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
    await db
      .insertInto("cart_items")
      .values(
        Array.from({ length: COLLECTORS }, (_, i) => ({
          user_id: `collector-${i}`,
          product_id: product,
          quantity: 1,
        })),
      )
      .execute()
  }, 60_000)
  afterAll(async () => {
    await runtime?.dispose()
  })

  it("sells 10 units to exactly 10 of 50 racing collectors, none holding two", async () => {
    await edition(10)
    const exits = await race()
    expect(exits.filter(Exit.isSuccess)).toHaveLength(10)
    const held = await holdings()
    expect(held.map((h) => h.quantity)).toEqual(Array(10).fill(1))
    expect(new Set(held.map((h) => h.user_id)).size).toBe(10)
    expect(new Set(held.map((h) => h.cpf)).size).toBe(10)
    const units = await db
      .selectFrom("collection_products")
      .select(["edition_reserved", "edition_sold"])
      .where("id", "=", product)
      .executeTakeFirstOrThrow()
    expect(units).toEqual({ edition_reserved: 10, edition_sold: 0 })
    for (const reason of reasons(exits))
      expect(reason === editionLimitMessage(1) || /esgotada|restam apenas/.test(reason ?? "")).toBe(true)
  }, 120_000)

  it("gives one unit per person when the limit, not the edition, runs out", async () => {
    await edition(500)
    const exits = await race()
    // Twenty accounts are ten people; a double click or a second account gets the limit's answer.
    expect(exits.filter(Exit.isSuccess)).toHaveLength(PEOPLE)
    expect(reasons(exits)).toEqual(new Set([editionLimitMessage(1)]))
    const held = await holdings()
    expect(held).toHaveLength(PEOPLE)
    expect(new Set(held.map((h) => h.cpf)).size).toBe(PEOPLE)
    const units = await db
      .selectFrom("collection_products")
      .select("edition_reserved")
      .where("id", "=", product)
      .executeTakeFirstOrThrow()
    expect(units.edition_reserved).toBe(PEOPLE)
  }, 120_000)
})
