import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type PaymentChoice, placeOrder } from "../../application/orders/placeOrder"
import type { PaymentRequest, PreferenceRequest } from "../../application/ports/PaymentGateway"
import { saoPauloInstant } from "../../domain/calendar"
import { afterPaymentStore } from "../support/afterPayment"
import { customer, runtimeTargets } from "../support/appRuntimes"
import { withGateway } from "../support/gatewayOverride"

// Mercado Pago keeps what it is told for good: a collector paying for October's unrevealed piece sends it the
// collection and the month, never the character's name, whichever way she pays.
const { targets, embedded, dispose } = await runtimeTargets(10)
afterAll(dispose)

const OCTOBER_7 = saoPauloInstant({ year: 2026, month: 10, day: 7 }, 10)

describe.each(targets)("what the gateway is told on $name", (target) => {
  const store = afterPaymentStore(target, embedded, OCTOBER_7)
  const ana = customer("ana", "Ana Souza")
  let character = ""
  let collection = ""

  beforeAll(async () => {
    await store.setUp([ana])
    const row = await store.db
      .selectFrom("collection_products")
      .innerJoin("legendarium_collections", "legendarium_collections.id", "collection_products.collection_id")
      .select(["collection_products.name as character", "legendarium_collections.name as collection"])
      .where("collection_products.id", "=", store.products[0] ?? "")
      .executeTakeFirstOrThrow()
    character = row.character
    collection = row.collection.replace(/^Coleção\s+/i, "")
  }, 60_000)
  afterAll(() => store.runtime.dispose())

  /** Ana checks her cart out with `payment`; what the gateway was asked, recorded on the way. */
  async function checkout(payment: PaymentChoice) {
    const sent: (PaymentRequest | PreferenceRequest)[] = []
    await store.db.deleteFrom("cart_items").where("user_id", "=", ana.id).execute()
    await store.db
      .insertInto("cart_items")
      .values({ user_id: ana.id, product_id: store.products[0] ?? "", quantity: 1 })
      .execute()
    await store.as(
      ana,
      withGateway(
        placeOrder({
          addressId: store.addressOf(ana),
          shippingOptionId: null,
          couponCode: null,
          idempotencyKey: store.key(),
          cpf: store.cpfOf(ana),
          payment,
        }),
        (gateway) => ({
          createPayment: (request) =>
            Effect.andThen(
              Effect.sync(() => sent.push(request)),
              gateway.createPayment(request),
            ),
          createPreference: (request) =>
            Effect.andThen(
              Effect.sync(() => sent.push(request)),
              gateway.createPreference(request),
            ),
        }),
      ),
    )
    expect(sent).toHaveLength(1)
    return sent[0] as PaymentRequest & PreferenceRequest
  }

  it("sends the collection and the month of an unrevealed character, by card, PIX or Checkout Pro", async () => {
    expect(character).not.toBe("")
    const token = await store.cardToken(ana)
    const card = await checkout({
      method: "card",
      card: { token: token.id, installments: 1, paymentMethodId: token.payment_method_id, issuerId: null },
    })
    const pix = await checkout({ method: "pix" })
    const pro = await checkout({ method: "checkout_pro" })
    for (const request of [card, pix, pro]) {
      expect(JSON.stringify(request)).not.toContain(character)
      expect(request.items[0]).toMatchObject({
        id: store.products[0],
        title: `Coleção ${collection} — Outubro de 2026`,
        categoryId: "art",
        quantity: 1,
      })
      expect(request.statementDescriptor).toBe("LEGENDARIUM")
    }
    expect(card.description).toMatch(new RegExp(`^Coleção ${collection} — Outubro de 2026 \\(pedido .+\\)$`))
  }, 90_000)
})
