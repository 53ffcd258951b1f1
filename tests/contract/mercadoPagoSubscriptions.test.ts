import { afterAll, beforeAll, describe } from "vitest"
import { mercadoPagoSubscriptions } from "../../adapters/mercadopago/MercadoPagoSubscriptions"
import { type FakeMercadoPago, startFakeMercadoPago } from "../fakes/mercadopago/fakeMercadoPago"
import { type SubscriptionHarness, subscriptionGatewayContract } from "./subscriptionGateway.contract"

let fake: FakeMercadoPago
let harness: SubscriptionHarness

beforeAll(async () => {
  fake = await startFakeMercadoPago()
  harness = {
    gateway: mercadoPagoSubscriptions({
      accessToken: fake.accessToken,
      baseUrl: fake.baseUrl,
      timeoutMs: 500,
    }),
    cardToken: (holder) => fake.cardToken(holder),
    renew: async (id) => {
      fake.subscriptions.renew(id)
    },
    knowsCardDigits: false,
    outage: () => {
      fake.behaviour = "500"
      return () => {
        fake.behaviour = "ok"
      }
    },
  }
})
afterAll(() => fake.close())

describe("SubscriptionGateway contract: Mercado Pago adapter against the local fake", () => {
  subscriptionGatewayContract(() => harness)
})
