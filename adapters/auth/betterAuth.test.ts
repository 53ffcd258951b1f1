import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SealedLink } from "../../domain/accountEvents"
import type { DomainEvent } from "../../domain/events"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { createAuth, handleAuthRequest } from "./betterAuth"

const databases = await testDatabases()
const BASE = "http://localhost:3000"

describe.each(databases)("auth events on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await migrated(database)
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  const authWith = (recordEvent: (event: DomainEvent) => Promise<void>) =>
    createAuth({
      db: handle.db,
      secret: "x".repeat(32),
      publicUrl: BASE,
      appName: "Legendarium",
      recordEvent,
      sealLink: (url) => `selado:${url.length}` as SealedLink,
    })
  const signUp = (auth: ReturnType<typeof authWith>, email: string) =>
    handleAuthRequest(
      auth,
      new Request(`${BASE}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: BASE },
        body: JSON.stringify({ name: "Ana Souza", email, password: "Segura123" }),
      }),
    )

  it("records the registration and the confirmation request, with the link sealed", async () => {
    const events: DomainEvent[] = []
    const response = await signUp(
      authWith(async (e) => void events.push(e)),
      "ana@example.com",
    )
    expect(response.status).toBe(200)
    // better-auth runs its "after create" hook once the sign-up is done, so the request comes first.
    expect(events.map((e) => e.type).sort()).toEqual(["EmailVerificationRequested", "UserRegistered"])
    const request = events.find((e) => e.type === "EmailVerificationRequested")!
    expect(request.type === "EmailVerificationRequested" && request.payload.link).toMatch(/^selado:\d+$/)
    expect(JSON.stringify(events)).not.toContain("token")
  })

  it("answers 503, not a silent 200, when the e-mail cannot be queued", async () => {
    const response = await signUp(
      authWith(async () => {
        throw new Error("banco fora do ar")
      }),
      "bia@example.com",
    )
    expect(response.status).toBe(503)
    expect(((await response.json()) as { message: string }).message).toBe(
      "Não foi possível concluir agora. Tente novamente em instantes.",
    )
  })
})
