import { afterAll, beforeAll, describe } from "vitest"
import { mercadoPagoGateway } from "../../adapters/mercadopago/MercadoPagoGateway"
import { type FakeMercadoPago, startFakeMercadoPago } from "../fakes/mercadopago/fakeMercadoPago"
import { type GatewayHarness, paymentGatewayContract } from "./paymentGateway.contract"

let fake: FakeMercadoPago
let harness: GatewayHarness
const clock = { skew: 0 }

beforeAll(async () => {
  fake = await startFakeMercadoPago({ now: () => Date.now() + clock.skew })
  harness = {
    gateway: mercadoPagoGateway({
      accessToken: fake.accessToken,
      publicKey: "TEST-public-key",
      baseUrl: fake.baseUrl,
      // Ten concurrent calls on a busy 2-core CI (the browser lane runs beside) took over 500 ms once: the
      // contract is about answers, not speed; the adapter's own tests time out a silent gateway on purpose.
      timeoutMs: 5_000,
    }),
    cardToken: (holder) => fake.cardToken(holder),
    pay: async (id) => fake.approve(id),
    outage: () => {
      fake.behaviour = "500"
      return () => {
        fake.behaviour = "ok"
      }
    },
    payPreference: async (id) => {
      const result = fake.payPreference(id)
      if (result.ok) return "paid"
      if (result.reason === "expired") return "expired"
      throw new Error(`no preference ${id}`)
    },
    later: (ms) => {
      clock.skew += ms
      return () => {
        clock.skew -= ms
      }
    },
  }
})
afterAll(() => fake.close())

describe("PaymentGateway contract: Mercado Pago adapter against the local fake", () => {
  paymentGatewayContract(() => harness)
})
