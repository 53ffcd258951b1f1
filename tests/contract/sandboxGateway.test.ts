import { afterAll, beforeAll, describe } from "vitest"
import type { DatabaseHandle } from "../../adapters/db/connect"
import { sandboxRoutes } from "../../adapters/sandbox-gateway/routes"
import { type SandboxBank, sandboxBank } from "../../adapters/sandbox-gateway/SandboxBank"
import { sandboxGateway } from "../../adapters/sandbox-gateway/SandboxGateway"
import { migrated, type TestDatabase, testDatabases } from "../support/databases"
import { type GatewayHarness, paymentGatewayContract } from "./paymentGateway.contract"

const databases = await testDatabases()
const ORIGIN = "http://loja.test"

describe.each(databases)("PaymentGateway contract: sandbox gateway on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let bank: SandboxBank
  let harness: GatewayHarness
  const clock = { skew: 0 }

  beforeAll(async () => {
    handle = await migrated(database)
    bank = sandboxBank(handle.db, {
      now: () => Date.now() + clock.skew,
      publicUrl: ORIGIN,
      webhookSecret: "sandbox-webhook-secret",
      notify: async () => ({ status: 200 }),
      notifyRetryDelaysMs: [],
    })
    // Cards and payments go through the sandbox's HTTP routes, as the browser and the developer use them.
    const routes = sandboxRoutes({
      bank,
      sameOrigin: (r) => r.headers.get("origin") === ORIGIN,
      owns: async () => true,
    })
    harness = {
      gateway: sandboxGateway(bank),
      cardToken: async (holder) => {
        const response = await routes.request("/card-tokens", {
          method: "POST",
          headers: { origin: ORIGIN, "content-type": "application/json" },
          body: JSON.stringify({
            cardNumber: "5031 4332 1540 6351",
            cardholderName: holder,
            cardExpirationMonth: "11",
            cardExpirationYear: "2030",
            securityCode: "123",
            identificationType: "CPF",
            identificationNumber: "123.456.789-09",
          }),
        })
        if (response.status !== 201) throw new Error(`tokenizer answered ${response.status}`)
        return ((await response.json()) as { id: string }).id
      },
      pay: async (id) => {
        const response = await routes.request(`/pagamentos/${id}/simular-pagamento`, {
          method: "POST",
          headers: { origin: ORIGIN },
        })
        if (response.status !== 303) throw new Error(`simulation answered ${response.status}`)
      },
      outage: null,
      payPreference: async (id) => {
        const response = await routes.request(`/checkout/${id}/pagar`, {
          method: "POST",
          headers: { origin: ORIGIN },
        })
        if (response.status === 303) return "paid"
        if (response.status === 410) return "expired"
        throw new Error(`the Checkout Pro page answered ${response.status}`)
      },
      later: (ms) => {
        clock.skew += ms
        return () => {
          clock.skew -= ms
        }
      },
    }
  })
  afterAll(async () => {
    await bank?.notificationsIdle()
    await handle?.close()
    await database.dispose()
  })

  paymentGatewayContract(() => harness)
})
