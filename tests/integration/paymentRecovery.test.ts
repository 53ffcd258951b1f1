import { randomUUID } from "node:crypto"
import { type Effect, Exit } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { type PlaceOrderInput, placeOrder } from "../../application/orders/placeOrder"
import {
  recoverInterruptedPayments,
  UNANSWERED_CLAIM_MS,
} from "../../application/orders/recoverInterruptedPayments"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { killedAtPayment, withGateway } from "../support/gatewayOverride"
import { addCollectors, asViewer, clockNow, fillCarts, runtimeDb, seedStore } from "../support/storeRuntime"

// A store killed between committing an order and calling the gateway, then started again on the same database.
const { targets, embedded, dispose } = await runtimeTargets(5)
afterAll(dispose)

describe.each(targets)("payment recovery after a crash on $name", (target) => {
  const { runtime } = testRuntime(target, embedded, { workers: false })
  let db: Kysely<Database>
  let product: string
  let addresses = new Map<string, string>()
  const buyers = [customer("lost-card", "Carla"), customer("made-pix", "Paulo")]
  const searched: string[] = []

  beforeAll(async () => {
    db = await runtimeDb(runtime)
    ;[product] = await seedStore(db, await clockNow(runtime))
    // Both buyers type the same CPF: this is about payments, not per-collector limits.
    await db.updateTable("collection_products").set({ collector_limit: null }).execute()
    addresses = await addCollectors(db, buyers)
    await fillCarts(
      db,
      buyers.map((b) => b.id),
      product,
    )
  }, 60_000)
  afterAll(() => runtime.dispose())

  const input = (i: number, payment: PlaceOrderInput["payment"], key = randomUUID()): PlaceOrderInput => ({
    addressId: addresses.get(buyers[i]?.id ?? "") ?? "",
    shippingOptionId: null,
    couponCode: null,
    idempotencyKey: key,
    cpf: "123.456.789-09",
    payment,
  })
  const card = {
    method: "card" as const,
    card: { token: "tok-unused", installments: 1, paymentMethodId: "visa", issuerId: null },
  }

  /** The restarted store's gateway, recording what it is asked. */
  const recorded = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    withGateway(effect, (gateway) => ({
      paymentsForOrder: (orderId) => {
        searched.push(orderId)
        return gateway.paymentsForOrder(orderId)
      },
    }))
  const attemptOf = (orderId: string) =>
    db.selectFrom("payment_attempts").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow()
  const orderOf = (userId: string) =>
    db.selectFrom("orders").select(["id", "status"]).where("user_id", "=", userId).executeTakeFirstOrThrow()

  it("finds the interrupted checkouts at start: the card is offered again, the PIX made is applied", async () => {
    const cardKey = randomUUID()
    const lost = await runtime.runPromiseExit(
      asViewer(buyers[0] ?? null, "10.0.0.1", killedAtPayment(placeOrder(input(0, card, cardKey)), false)),
    )
    const made = await runtime.runPromiseExit(
      asViewer(buyers[1] ?? null, "10.0.0.2", killedAtPayment(placeOrder(input(1, { method: "pix" })), true)),
    )
    expect(Exit.isFailure(lost) && Exit.isFailure(made)).toBe(true)
    const lostOrder = await orderOf("lost-card")
    const madeOrder = await orderOf("made-pix")
    expect(await attemptOf(lostOrder.id)).toMatchObject({ status: "new", gateway_payment_id: null })
    expect((await attemptOf(lostOrder.id)).submitted_at).not.toBeNull()

    // The store starts again once the dead claims can no longer be in flight anywhere.
    const started = performance.now()
    const outcome = await runtime.runPromise(
      asViewer(null, "127.0.0.1", recorded(recoverInterruptedPayments()), UNANSWERED_CLAIM_MS + 1_000),
    )
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(outcome).toEqual({ found: 2, applied: 1, interrupted: 1 })
    expect(searched.sort()).toEqual([lostOrder.id, madeOrder.id].sort())

    // Never reached the gateway: offered again, units still held, no refusal anywhere.
    expect((await orderOf("lost-card")).status).toBe("awaiting_payment")
    expect(await attemptOf(lostOrder.id)).toMatchObject({
      status: "interrupted",
      status_detail: "not_submitted",
    })
    const events = await db
      .selectFrom("outbox_events")
      .select("type")
      .where("aggregate_id", "=", lostOrder.id)
      .orderBy("id")
      .execute()
    expect(events.map((e) => e.type)).toEqual(["OrderPlaced", "PaymentInterrupted"])
    // Reached it: found by the attempt's key and applied, one payment only.
    expect(await attemptOf(madeOrder.id)).toMatchObject({ status: "pending" })
    const payments = await db
      .selectFrom("sandbox_payments")
      .select("order_id")
      .where("order_id", "in", [lostOrder.id, madeOrder.id])
      .execute()
    expect(payments.map((p) => p.order_id)).toEqual([madeOrder.id])

    // The customer retries with the same key: the order, offering to pay again, not a wait.
    const view = await runtime.runPromise(
      asViewer(
        buyers[0] ?? null,
        "10.0.0.1",
        placeOrder(input(0, card, cardKey)),
        UNANSWERED_CLAIM_MS + 2_000,
      ),
    )
    expect(view).toMatchObject({
      id: lostOrder.id,
      status: "awaiting_payment",
      canRetry: true,
      payment: { status: "interrupted", message: PAYMENT_MESSAGES.interrupted },
    })
  }, 60_000)
})
