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
      // Ten concurrent calls on a busy 2-core CI (the browser lane runs beside) took over 500 ms once: the
      // contract is about answers, not speed; the adapter's own tests time out a silent gateway on purpose.
      timeoutMs: 5_000,
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
