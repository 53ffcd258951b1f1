import { randomUUID } from "node:crypto"
import { Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import { editionLimitMessage } from "../../domain/editions/editionLimit"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { validCpf } from "../support/cpf"
import { addCollectors, asViewer, clockNow, fillCarts, runtimeDb, seedStore } from "../support/storeRuntime"

// Fair access to a numbered edition under concurrent checkouts, on the real adapters.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

const COLLECTORS = 50
const EMPTY_CART = PAYMENT_MESSAGES.emptyCart
/** Collectors 0 and 1, 2 and 3, … 18 and 19 are one person with two accounts: they share a CPF. */
const SHARED_PAIRS = 10
const cpfOf = (i: number) => validCpf(i < 2 * SHARED_PAIRS ? Math.floor(i / 2) : i)
/** Distinct people among the collectors. */
const PEOPLE = SHARED_PAIRS + (COLLECTORS - 2 * SHARED_PAIRS)

describe.each(targets)("edition limits on $name", (target) => {
  const { runtime } = testRuntime(target, embedded, { dispatcher: { idlePollMs: 50 } })
  let db: Kysely<Database>
  let product: string
  let addresses = new Map<string, string>()
  const viewer = (i: number) => customer(`collector-${i}`, `Colecionador ${i}`)
  const attempt = (i: number) => {
    const input: PlaceOrderInput = {
      addressId: addresses.get(`collector-${i}`) ?? "",
      shippingOptionId: null,
      couponCode: null,
      idempotencyKey: randomUUID(),
      cpf: cpfOf(i),
      payment: { method: "pix" },
    }
    return runtime.runPromiseExit(asViewer(viewer(i), `10.1.0.${i}`, placeOrder(input)))
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
  /** A fresh edition of `size` units, no orders yet, and the edition in every collector's cart again. */
  const edition = async (size: number) => {
    await db.deleteFrom("cart_items").execute()
    await fillCarts(
      db,
      Array.from({ length: COLLECTORS }, (_, i) => viewer(i).id),
      product,
    )
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
    db = await runtimeDb(runtime)
    ;[product] = await seedStore(db, await clockNow(runtime))
    addresses = await addCollectors(
      db,
      Array.from({ length: COLLECTORS }, (_, i) => viewer(i)),
    )
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
    const expected = (reason: string | undefined) =>
      reason === editionLimitMessage(1, 1) ||
      reason === EMPTY_CART ||
      /esgotad|restam apenas/i.test(reason ?? "")
    expect([...reasons(exits)].filter((reason) => !expected(reason))).toEqual([])
  }, 120_000)

  it("gives one unit per person when the limit, not the edition, runs out", async () => {
    await edition(500)
    const exits = await race()
    // Twenty accounts are ten people: a second account gets the limit's answer; so does a double click, or it
    // finds the cart the first click's order emptied.
    expect(exits.filter(Exit.isSuccess)).toHaveLength(PEOPLE)
    expect(editionLimitMessage(1, 1)).toSatisfy((m: string) => reasons(exits).has(m))
    for (const reason of reasons(exits)) expect([editionLimitMessage(1, 1), EMPTY_CART]).toContain(reason)
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
