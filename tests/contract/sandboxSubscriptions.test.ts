import { Effect } from "effect"
import { afterAll, beforeAll, describe } from "vitest"
import type { DatabaseHandle } from "../../adapters/db/connect"
import { sandboxRoutes } from "../../adapters/sandbox-gateway/routes"
import { sandboxBank } from "../../adapters/sandbox-gateway/SandboxBank"
import { sandboxSubscriptionGateway } from "../../adapters/sandbox-gateway/SandboxSubscriptionGateway"
import {
  type SandboxSubscriptions,
  sandboxSubscriptions,
} from "../../adapters/sandbox-gateway/SandboxSubscriptions"
import { migrated, type TestDatabase, testDatabases } from "../support/databases"
import { type SubscriptionHarness, subscriptionGatewayContract } from "./subscriptionGateway.contract"

const databases = await testDatabases()
const ORIGIN = "http://loja.test"
const HOUR = 3_600_000

describe.each(databases)(
  "SubscriptionGateway contract: sandbox gateway on $name",
  (database: TestDatabase) => {
    let handle: DatabaseHandle
    let subscriptions: SandboxSubscriptions
    let harness: SubscriptionHarness
    // The sandbox's own clock: a renewal moves it to the next billing day, as time would.
    let now = Date.now()

    beforeAll(async () => {
      handle = await migrated(database)
      const options = {
        publicUrl: ORIGIN,
        webhookSecret: "sandbox-webhook-secret",
        notify: async () => ({ status: 200 }),
        notifyRetryDelaysMs: [],
        now: () => now,
      }
      subscriptions = sandboxSubscriptions(handle.db, options)
      // Cards are tokenised through the sandbox's HTTP route, as the browser does at checkout.
      const routes = sandboxRoutes({
        bank: sandboxBank(handle.db, options),
        sameOrigin: (r) => r.headers.get("origin") === ORIGIN,
        owns: async () => true,
      })
      harness = {
        gateway: sandboxSubscriptionGateway(subscriptions),
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
        renew: async (id) => {
          const preapproval = await Effect.runPromise(subscriptions.getPreapproval(id))
          now = (preapproval.nextChargeAt ?? now) + HOUR
          await Effect.runPromise(subscriptions.chargeDue(now))
        },
        knowsCardDigits: true,
        outage: null,
      }
    })
    afterAll(async () => {
      await subscriptions?.notificationsIdle()
      await handle?.close()
      await database.dispose()
    })

    subscriptionGatewayContract(() => harness)
  },
)
