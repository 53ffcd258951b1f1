import { randomUUID } from "node:crypto"
import { Cause, Exit } from "effect"
import { type Kysely, sql } from "kysely"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { addToMyCart, removeFromMyCart } from "../../application/cart/cartCommands"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { validCpf } from "../support/cpf"
import { addCollectors, asViewer, clockNow, runtimeDb, seedStore } from "../support/storeRuntime"

// Checkouts whose carts hold the same characters in opposite orders, racing on a real PostgreSQL server (PGlite has
// one connection: nothing races there), while some collectors add a third character from a second tab.
const { targets, embedded, dispose } = await runtimeTargets(20)
afterAll(dispose)
const postgres = targets.find((t) => t.name === "postgresql")

const COLLECTORS = 30
/** Fewer units of each of the two contended characters than collectors who want them: some are refused. */
const EDITION = 24

/**
 * The deadlocks PostgreSQL has counted in the database, read once its other sessions have ended (a session's
 * counts reach the statistics by the time it is gone).
 */
async function deadlocks(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      )
      if (rows[0]?.n === 0) break
      await new Promise((r) => setTimeout(r, 50))
    }
    await client.query("select pg_stat_clear_snapshot()")
    const { rows } = await client.query<{ n: number }>(
      "select deadlocks::int as n from pg_stat_database where datname = current_database()",
    )
    return rows[0]?.n ?? -1
  } finally {
    await client.end()
  }
}

describe.skipIf(!postgres)("checkouts racing on PostgreSQL", () => {
  const { runtime } = testRuntime(postgres ?? targets[0]!, embedded, { dispatcher: { idlePollMs: 50 } })
  let db: Kysely<Database>
  let products: string[] = []
  let addresses = new Map<string, string>()
  const viewer = (i: number) => customer(`racer-${i}`, `Corredor ${i}`)

  /** Even collectors pay by card (approved at once, so the units are numbered in the request), odd ones by PIX. */
  const input = (i: number): PlaceOrderInput => ({
    addressId: addresses.get(viewer(i).id) ?? "",
    shippingOptionId: null,
    couponCode: null,
    idempotencyKey: randomUUID(),
    cpf: validCpf(i),
    payment:
      i % 2 === 0
        ? {
            method: "card",
            card: { token: `tok-race-${i}`, installments: 1, paymentMethodId: "master", issuerId: null },
          }
        : { method: "pix" },
  })

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    products = await seedStore(db, await clockNow(runtime), 3)
    await db
      .updateTable("collection_products")
      .set({ edition_size: EDITION, edition_reserved: 0, edition_sold: 0, collector_limit: null })
      .where("id", "in", products)
      .execute()
    const collectors = Array.from({ length: COLLECTORS }, (_, i) => viewer(i))
    addresses = await addCollectors(db, collectors)
    const [first = "", second = ""] = products
    // Half the carts hold the two characters one way round, half the other (added_at keeps the cart's order).
    await db
      .insertInto("cart_items")
      .values(
        collectors.flatMap((c, i) =>
          (i % 2 === 0 ? [first, second] : [second, first]).map((product_id, k) => ({
            user_id: c.id,
            product_id,
            quantity: 1,
            added_at: new Date(Date.UTC(2026, 0, 1, 0, 0, k)),
          })),
        ),
      )
      .execute()
    await db
      .insertInto("sandbox_card_tokens")
      .values(
        collectors.map((_, i) => ({
          id: `tok-race-${i}`,
          payment_method_id: "master",
          first_six: "503143",
          last_four: "6351",
          holder_name: "APRO",
          expires_at: new Date(Date.UTC(2035, 0, 1)),
        })),
      )
      .execute()
  }, 60_000)
  afterAll(async () => {
    await runtime?.dispose()
  })

  it("places or refuses every order plainly, overselling nothing, with a third character added meanwhile", async () => {
    const third = products[2] ?? ""
    const ip = (i: number) => `10.2.0.${i}`
    /**
     * Every third collector, from a second tab while their checkout runs, adds the third character, takes it out
     * and adds it again: each change rewrites the cart's lines, in the cart's order, as checkouts number units.
     */
    const secondTab = async (i: number) => {
      const exits: Exit.Exit<unknown, unknown>[] = []
      for (const change of [addToMyCart, removeFromMyCart, addToMyCart, removeFromMyCart, addToMyCart])
        exits.push(await runtime.runPromiseExit(asViewer(viewer(i), ip(i), change(third))))
      return exits
    }
    const exits: Exit.Exit<unknown, unknown>[] = (
      await Promise.all(
        Array.from({ length: COLLECTORS }, (_, i) => [
          runtime.runPromiseExit(asViewer(viewer(i), ip(i), placeOrder(input(i)))).then((exit) => [exit]),
          ...(i % 3 === 0 ? [secondTab(i)] : []),
        ]).flat(),
      )
    ).flat()
    // A deadlock reached the customer as a defect (a 500); a refusal is a typed failure with its pt-BR reason.
    const defects = exits.flatMap((e) => (Exit.isFailure(e) && !Cause.hasFails(e.cause) ? [e.cause] : []))
    expect(defects.map((cause) => Cause.pretty(cause))).toEqual([])
    const refusals = exits.flatMap((e) =>
      Exit.isFailure(e) ? [String((Cause.squash(e.cause) as { message?: string }).message)] : [],
    )
    for (const reason of refusals) expect(reason).toMatch(/esgotad|restam apenas/i)
    expect(exits.filter(Exit.isSuccess).length).toBeGreaterThanOrEqual(EDITION)

    // Every unit is accounted for: held by an order awaiting payment or numbered on a paid one, never past the edition.
    const stock = await db
      .selectFrom("collection_products")
      .select(["id", "edition_reserved", "edition_sold"])
      .where("id", "in", products)
      .execute()
    const held = await sql<{ product_id: string; status: string; units: number }>`
      select l.product_id, o.status, sum(l.quantity)::int as units
      from order_lines l join orders o on o.id = l.order_id
      group by l.product_id, o.status`.execute(db)
    const units = (productId: string, status: string) =>
      held.rows.find((r) => r.product_id === productId && r.status === status)?.units ?? 0
    for (const row of stock) {
      expect(row.edition_reserved).toBe(units(row.id, "awaiting_payment"))
      expect(row.edition_sold).toBe(units(row.id, "paid"))
      expect(row.edition_reserved + row.edition_sold).toBeLessThanOrEqual(EDITION)
    }
    const lines = await db.selectFrom("order_lines").select(["product_id", "serials"]).execute()
    for (const product of products) {
      const numbered = lines.filter((l) => l.product_id === product).flatMap((l) => l.serials)
      expect(new Set(numbered).size).toBe(numbered.length)
      expect(numbered.length).toBe(units(product, "paid"))
    }

    // Retries would hide them from the customer: the locks must not deadlock in the first place.
    await runtime.dispose()
    expect(await deadlocks(postgres?.env.DATABASE_URL ?? "")).toBe(0)
  }, 60_000)
})
