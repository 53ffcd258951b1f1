import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db } from "../../adapters/db/DatabaseService"
import { loadConfig } from "../../server/config"
import { createAppRuntime } from "../../server/runtime"
import { startSmtp } from "../fakes/fakeSmtp"
import { apiApp } from "../support/apiApp"
import { testTarget } from "../support/databases"
import { storeClockEnv } from "../support/storeClock"

const DAY = 86_400_000

// The store's clock is the real time in production; a demo's (STORE_CLOCK_START) may run months ahead of the
// database's. An event's age and its retries must be measured on one clock, the store's, or the reset link is
// dropped as 'expired before it could be sent' and a retry never falls due.
describe.each([
  { clock: "on the real clock", env: {} },
  { clock: "with the store's clock 60 days ahead of the database's", env: { ahead: 60 * DAY } },
])("e-mail through the outbox, $clock", ({ env }) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let runtime: ReturnType<typeof createAppRuntime>
  let app: Awaited<ReturnType<typeof apiApp>>

  beforeAll(async () => {
    smtp = await startSmtp({ refuseFirst: 2 })
    const config = loadConfig({
      DATA_DIR: ":memory:",
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      SEED_DEMO_DATA: "false",
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      ...(env.ahead ? storeClockEnv(Date.now() + env.ahead) : {}),
    })
    runtime = createAppRuntime(config, {
      database: await testTarget(config),
      dispatcher: { retry: { baseDelayMs: 20, maxDelayMs: 100, maxAttempts: 6 }, idlePollMs: 50 },
    })
    app = await apiApp(runtime, config)
    const { db } = await runtime.runPromise(Db.use((s) => Effect.succeed(s)))
    await db
      .insertInto("auth_user")
      .values({
        id: "u-bia",
        name: "Bia",
        email: "bia@example.com",
        emailVerified: true,
        role: null,
        appRole: null,
      })
      .execute()
  })
  afterAll(async () => {
    await runtime?.dispose()
    await smtp?.close()
  })

  it("delivers the reset e-mail exactly once although the SMTP server refuses the first attempts", async () => {
    const response = await app.request("/api/auth/request-password-reset", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ email: "bia@example.com", redirectTo: "/auth/reset-password" }),
    })
    expect(response.status).toBe(200)
    await expect.poll(() => smtp.received.length, { timeout: 10_000, interval: 20 }).toBe(1)
    expect(smtp.refused()).toBe(2)
    const message = smtp.received[0]?.raw
    expect(message).toContain("bia@example.com")
    expect(message).toMatch(/reset-password/)

    const { db } = await runtime.runPromise(Db.use((s) => Effect.succeed(s)))
    // The relay accepted it a moment before the log records so.
    await expect
      .poll(async () => (await db.selectFrom("sent_emails").select("status").execute())[0]?.status)
      .toBe("sent")
    const log = await db.selectFrom("sent_emails").selectAll().execute()
    expect(log).toEqual([
      expect.objectContaining({
        template: "password-reset",
        recipient: "bia@example.com",
        status: "sent",
        attempts: 3,
      }),
    ])
    expect(log[0]!.provider_message_id).toMatch(/@/)
    // The log never holds the link: only who, which template and how it went.
    expect(JSON.stringify(log)).not.toMatch(/token|http/)
    // Nor does the outbox hold it in clear.
    await expect
      .poll(async () => (await db.selectFrom("outbox_events").select("status").execute())[0]?.status)
      .toBe("done")
    const events = await db.selectFrom("outbox_events").select(["type", "payload", "status"]).execute()
    expect(events).toEqual([expect.objectContaining({ type: "PasswordResetRequested", status: "done" })])
    expect(JSON.stringify(events[0]!.payload)).not.toMatch(/http|reset-password/)

    // Nothing is sent again later.
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.received).toHaveLength(1)
  })
})
