import type { Effect } from "effect"
import type { Kysely } from "kysely"
import type { Database } from "../../adapters/db/schema"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import type { Viewer } from "../../application/ports/CurrentUser"
import { subscribe } from "../../application/subscriptions/subscribe"
import { apiApp } from "./apiApp"
import { type RuntimeTarget, type runtimeTargets, testRuntime } from "./appRuntimes"
import { validCpf } from "./cpf"
import { STORE_DAY } from "./storeClock"
import { addCollectors, asViewer, clockNow, runtimeDb, seedStore } from "./storeRuntime"

type Embedded = Awaited<ReturnType<typeof runtimeTargets>>["embedded"]

export const admin: Viewer = {
  id: "adm",
  email: "adm@example.com",
  name: "Admin",
  role: "admin",
  emailVerified: true,
}

/**
 * A store on one target with the sandbox gateway and the event dispatcher running: collectors pay by card
 * (sandbox, APRO) and everything after payment happens as in production, events included. `setUp` in a
 * `beforeAll`; the products on sale have editions of 50 and no per-collector limit unless a test sets one.
 */
export function afterPaymentStore(target: RuntimeTarget, embedded: Embedded, storeInstant = STORE_DAY) {
  const { config, runtime } = testRuntime(target, embedded, { dispatcher: { idlePollMs: 50 } }, storeInstant)
  let app: Awaited<ReturnType<typeof apiApp>>
  let db: Kysely<Database>
  let products: string[] = []
  const addresses = new Map<string, string>()
  const cpfs = new Map<string, string>()
  let keys = 0

  const key = () => `integration-key-${String(++keys).padStart(4, "0")}`
  const as = <A, E, R>(viewer: Viewer, effect: Effect.Effect<A, E, R>) =>
    runtime.runPromise(asViewer(viewer, "10.1.1.1", effect) as Effect.Effect<A, E, never>)
  const runExit = <A, E, R>(viewer: Viewer, effect: Effect.Effect<A, E, R>) =>
    runtime.runPromiseExit(asViewer(viewer, "10.1.1.1", effect) as Effect.Effect<A, E, never>)

  const waitFor = async (check: () => Promise<boolean>, ms = 20_000) => {
    const until = Date.now() + ms
    while (Date.now() < until) {
      if (await check()) return
      await new Promise((r) => setTimeout(r, 100))
    }
    throw new Error("condition not reached in time")
  }

  /** Waits until the dispatcher has nothing pending about the aggregate (an order, a trade). */
  const settled = (aggregateId: string) =>
    waitFor(async () => {
      const pending = await db
        .selectFrom("outbox_events")
        .select("id")
        .where("aggregate_id", "=", aggregateId)
        .where("status", "=", "pending")
        .execute()
      return pending.length === 0
    })

  const mails = async (subjectPart: string) =>
    (await db.selectFrom("dev_mailbox").select("subject").execute()).filter((m) =>
      m.subject.includes(subjectPart),
    )

  /** A sandbox card token the gateway approves (holder APRO), with the collector's CPF. */
  const cardToken = async (viewer: Viewer) =>
    (await (
      await app.request("/sandbox/card-tokens", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify({
          cardNumber: "5031 4332 1540 6351",
          cardholderName: "APRO",
          cardExpirationMonth: "11",
          cardExpirationYear: "30",
          securityCode: "123",
          identificationType: "CPF",
          identificationNumber: cpfs.get(viewer.id) ?? "",
        }),
      })
    ).json()) as { id: string; payment_method_id: string }

  /** The collector checks out by card (the cart, or a prepaid plan): paid at once. */
  async function paidByCard(viewer: Viewer, plan?: PlaceOrderInput["plan"]) {
    const token = await cardToken(viewer)
    const order = await as(
      viewer,
      placeOrder({
        ...(plan ? { plan } : {}),
        addressId: addresses.get(viewer.id) ?? "",
        shippingOptionId: plan ? "plan" : null,
        couponCode: null,
        idempotencyKey: key(),
        cpf: cpfs.get(viewer.id) ?? "",
        payment: {
          method: "card",
          card: {
            token: token.id,
            installments: 1,
            paymentMethodId: token.payment_method_id,
            issuerId: null,
          },
        },
      }),
    )
    if (order.status !== "paid") throw new Error(`the sandbox did not approve: ${order.status}`)
    return order
  }

  /** The collector pays one unit of the product (the first on sale by default) by card: paid at once. */
  async function paidOrder(viewer: Viewer, product = products[0] ?? "") {
    await db.deleteFrom("cart_items").where("user_id", "=", viewer.id).execute()
    await db
      .insertInto("cart_items")
      .values({ user_id: viewer.id, product_id: product, quantity: 1 })
      .execute()
    return paidByCard(viewer)
  }

  /** The collector buys a prepaid plan of the collection by card: paid at once. */
  const paidPlan = (viewer: Viewer, collectionId: string, planId = "quarterly") =>
    paidByCard(viewer, { collectionId, planId })

  /** The collector subscribes to a recurring plan of the collection by card; the sandbox charges at once. */
  async function subscribed(viewer: Viewer, collectionId: string, planId = "monthly-plan") {
    const token = await cardToken(viewer)
    return as(
      viewer,
      subscribe({
        collectionId,
        planId,
        idempotencyKey: key(),
        cpf: cpfs.get(viewer.id) ?? "",
        addressId: addresses.get(viewer.id) ?? "",
        card: { token: token.id, paymentMethodId: token.payment_method_id, issuerId: null },
      }),
    )
  }

  /** Creates the app, seeds `productCount` products on sale and signs the collectors (and the admin) up. */
  async function setUp(collectors: readonly Viewer[], productCount = 1) {
    app = await apiApp(runtime, config)
    db = await runtimeDb(runtime)
    products = await seedStore(db, await clockNow(runtime), productCount)
    await db
      .updateTable("collection_products")
      .set({ edition_size: 50, collector_limit: null })
      .where("id", "in", products)
      .execute()
    const ids = await addCollectors(db, [...collectors, admin])
    collectors.forEach((c, i) => {
      addresses.set(c.id, ids.get(c.id) ?? "")
      cpfs.set(c.id, validCpf(i + 1))
    })
  }

  return {
    config,
    runtime,
    setUp,
    paidOrder,
    paidPlan,
    subscribed,
    cardToken,
    addressOf: (viewer: Viewer) => addresses.get(viewer.id) ?? "",
    cpfOf: (viewer: Viewer) => cpfs.get(viewer.id) ?? "",
    key,
    as,
    runExit,
    waitFor,
    settled,
    mails,
    get db() {
      return db
    },
    get products() {
      return products
    },
  }
}
