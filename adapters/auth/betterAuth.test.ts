import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SealedLink } from "../../domain/accounts/accountEvents"
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
  // The database is dropped by the last suite of this file, below.
  afterAll(async () => {
    await handle?.close()
  })

  const authWith = (recordEvent: (event: DomainEvent) => Promise<void>) =>
    createAuth({
      db: handle.db,
      secret: "x".repeat(32),
      publicUrl: BASE,
      appName: "Legendarium",
      recordEvent,
      sealLink: (url) => `selado:${url.length}` as SealedLink,
      closeAccount: async () => [],
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

describe.each(databases)("auth rules on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  const events: DomainEvent[] = []
  const closing: string[] = []
  let auth: ReturnType<typeof createAuth>
  beforeAll(async () => {
    handle = await migrated(database)
    auth = createAuth({
      db: handle.db,
      secret: "y".repeat(32),
      publicUrl: BASE,
      appName: "Legendarium",
      recordEvent: async (e) => void events.push(e),
      sealLink: (url) => `selado:${url.length}` as SealedLink,
      closeAccount: async (account) => {
        closing.push(account.email)
        if (account.email.startsWith("falha")) throw new Error("gateway down")
        return [{ label: "Pedido LG-2026-000001", outcome: "cancel_unpaid" }]
      },
    })
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  let address = 0
  const call = async (path: string, body: unknown, cookie?: string) => {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      origin: BASE,
      "x-store-client-ip": `192.0.2.${(address % 200) + 1}`,
    }
    if (cookie) headers.cookie = cookie
    const response = await handleAuthRequest(
      auth,
      new Request(`${BASE}/api/auth${path}`, { method: "POST", headers, body: JSON.stringify(body) }),
    )
    const json = (await response.json().catch(() => null)) as { message?: string } | null
    return { status: response.status, message: json?.message, cookie: response.headers.get("set-cookie") }
  }
  const verifiedAccount = async (email: string, password = "Segura123") => {
    address++
    expect((await call("/sign-up/email", { name: "Cliente", email, password })).status).toBe(200)
    await handle.db.updateTable("auth_user").set({ emailVerified: true }).where("email", "=", email).execute()
  }
  const signIn = async (email: string, password = "Segura123") => {
    const result = await call("/sign-in/email", { email, password })
    return { ...result, cookie: (result.cookie ?? "").split(";")[0] ?? "" }
  }
  const session = async (cookie: string) => {
    const response = await handleAuthRequest(
      auth,
      new Request(`${BASE}/api/auth/get-session`, { headers: { cookie, origin: BASE } }),
    )
    return response.json()
  }

  it("enforces the password rule and the name length on the server, in pt-BR", async () => {
    const weak = await call("/sign-up/email", {
      name: "Ana",
      email: "fraca@example.com",
      password: "12345678",
    })
    expect(weak).toMatchObject({ status: 400, message: "Senha deve ter pelo menos uma letra maiúscula" })
    const long = await call("/sign-up/email", {
      name: "x".repeat(1_000_000),
      email: "longa@example.com",
      password: "Segura123",
    })
    expect(long).toMatchObject({ status: 400, message: "Nome deve ter no máximo 50 caracteres" })
    const stored = await handle.db.selectFrom("auth_user").select("email").execute()
    expect(stored.map((u) => u.email)).not.toContain("fraca@example.com")
  })

  it("answers a sign-up on a taken address like any other, and tells the owner by e-mail", async () => {
    await verifiedAccount("dona@example.com")
    events.length = 0
    const again = await call("/sign-up/email", {
      name: "Outra",
      email: "dona@example.com",
      password: "Segura123",
    })
    expect(again.status).toBe(200)
    expect(events.map((e) => e.type)).toEqual(["SignUpAttemptedOnExistingAccount"])
  })

  it("says better-auth's errors in pt-BR", async () => {
    await verifiedAccount("erro@example.com")
    const wrong = await signIn("erro@example.com", "Errada123")
    expect(wrong).toMatchObject({ status: 401, message: "E-mail ou senha incorretos" })
  })

  it("ends a session at sign-out: the old cookie is refused at once", async () => {
    await verifiedAccount("sai@example.com")
    const { cookie } = await signIn("sai@example.com")
    expect(((await session(cookie)) as { user?: { email: string } } | null)?.user?.email).toBe(
      "sai@example.com",
    )
    expect((await call("/sign-out", {}, cookie)).status).toBe(200)
    expect(await session(cookie)).toBeNull()
  })

  it("renames an account under the registration rule for names, and never changes its role", async () => {
    await verifiedAccount("renomeia@example.com")
    const { cookie } = await signIn("renomeia@example.com")
    expect(await call("/update-user", { name: "A" }, cookie)).toMatchObject({
      status: 400,
      message: "Nome deve ter pelo menos 2 caracteres",
    })
    expect((await call("/update-user", { name: "Ana Souza" }, cookie)).status).toBe(200)
    expect(
      (await call("/update-user", { name: "Ana", role: "admin", appRole: "admin" }, cookie)).status,
    ).toBe(400)
    const user = await handle.db
      .selectFrom("auth_user")
      .select(["name", "role", "appRole"])
      .where("email", "=", "renomeia@example.com")
      .executeTakeFirstOrThrow()
    expect(user).toEqual({ name: "Ana Souza", role: null, appRole: null })
  })

  it("asks for the password to delete an account, however fresh the session", async () => {
    await verifiedAccount("apaga@example.com")
    const { cookie } = await signIn("apaga@example.com")
    expect(await call("/delete-user", {}, cookie)).toMatchObject({
      status: 400,
      message: "Senha é obrigatória",
    })
    const user = await handle.db
      .selectFrom("auth_user")
      .select("id")
      .where("email", "=", "apaga@example.com")
      .execute()
    expect(user).toHaveLength(1)
  })

  it("changes a password only when its confirmation matches, in pt-BR", async () => {
    await verifiedAccount("troca@example.com")
    const { cookie } = await signIn("troca@example.com")
    const change = (confirmPassword?: string) =>
      call(
        "/change-password",
        { currentPassword: "Segura123", newPassword: "Nova12345", confirmPassword },
        cookie,
      )
    expect(await change("Nova12346")).toMatchObject({ status: 400, message: "As senhas não coincidem" })
    expect(await change()).toMatchObject({ status: 400, message: "Confirmação de senha é obrigatória" })
    expect((await signIn("troca@example.com")).status).toBe(200)
    address++
    expect((await change("Nova12345")).status).toBe(200)
    expect((await signIn("troca@example.com", "Nova12345")).status).toBe(200)
  })

  it("closes what the account has open once the password is right, then tells its address what became of it", async () => {
    const accountOf = (email: string) =>
      handle.db.selectFrom("auth_user").select("id").where("email", "=", email).execute()
    await verifiedAccount("fecha@example.com")
    const { cookie } = await signIn("fecha@example.com")
    expect((await call("/delete-user", { password: "Errada123" }, cookie)).status).toBe(400)
    expect(closing).not.toContain("fecha@example.com")
    const [user] = await accountOf("fecha@example.com")
    expect((await call("/delete-user", { password: "Segura123" }, cookie)).status).toBe(200)
    expect(closing).toContain("fecha@example.com")
    expect(await accountOf("fecha@example.com")).toHaveLength(0)
    expect(events.filter((e) => e.type === "AccountDeleted").at(-1)?.payload).toEqual({ userId: user?.id })
    const last = events.filter((e) => e.type === "AccountClosed").at(-1)
    expect(last?.payload).toEqual({
      email: "fecha@example.com",
      name: expect.any(String),
      items: [{ label: "Pedido LG-2026-000001", outcome: "cancel_unpaid" }],
    })
    expect(last?.aggregateId).not.toBe(user?.id)
  })

  it("keeps the account when what it has open cannot be closed now", async () => {
    await verifiedAccount("falha@example.com")
    const { cookie } = await signIn("falha@example.com")
    expect(await call("/delete-user", { password: "Segura123" }, cookie)).toMatchObject({
      status: 503,
      message: "Não foi possível excluir sua conta agora. Tente novamente em instantes.",
    })
    const user = await handle.db
      .selectFrom("auth_user")
      .select("id")
      .where("email", "=", "falha@example.com")
      .execute()
    expect(user).toHaveLength(1)
  })

  it("counts wrong passwords on every password check against the sign-in throttle", async () => {
    await verifiedAccount("chute@example.com")
    const { cookie } = await signIn("chute@example.com")
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await call("/verify-password", { password: `Errada${i}Aa` }, cookie)).status)
    expect(statuses.slice(0, 10).every((s) => s === 400 || s === 401)).toBe(true)
    expect(statuses[10]).toBe(429)
    // …and the right password is refused too, from that address, until the window passes.
    expect((await call("/verify-password", { password: "Segura123" }, cookie)).status).toBe(429)
  })

  it("sends at most three reset e-mails an hour to one recipient, answering the same every time", async () => {
    await verifiedAccount("reset@example.com")
    events.length = 0
    for (let i = 0; i < 5; i++) {
      address++
      const answer = await call("/request-password-reset", {
        email: "reset@example.com",
        redirectTo: "/auth/reset-password",
      })
      expect(answer.status).toBe(200)
    }
    expect(events.filter((e) => e.type === "PasswordResetRequested")).toHaveLength(3)
  })
})
