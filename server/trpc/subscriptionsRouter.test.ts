import { TRPCError } from "@trpc/server"
import { Effect } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Auth } from "../../adapters/auth/betterAuth"
import { Db } from "../../adapters/db/DatabaseService"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import type { Viewer } from "../../application/ports/CurrentUser"
import { testTarget } from "../../tests/support/databases"
import { loadConfig } from "../config"
import { createLogger } from "../logger"
import { createAppRuntime } from "../runtime"
import { appRouter } from "./appRouter"
import { createCallerFactory } from "./init"

// The subscriptions router on the real adapters and the sandbox: the spec's texts for each failure, sign-in
// where it is needed, and a collector never reaching another's subscription.
const config = loadConfig({
  DATA_DIR: ":memory:",
  LOG_LEVEL: "silent",
  NODE_ENV: "test",
  SEED_DEMO_DATA: "false",
})
const runtime = createAppRuntime(config, { database: await testTarget(config), workers: false })
const caller = createCallerFactory(appRouter)
const as = (viewer: Viewer | null) =>
  caller({
    runtime,
    logger: createLogger("silent"),
    auth: undefined as unknown as Auth,
    viewer,
    headers: new Headers(),
    clientIp: "10.9.8.7",
  })
const person = (id: string): Viewer => ({
  id,
  email: `${id}@example.com`,
  name: id,
  role: "user",
  emailVerified: true,
})
const ana = person("ana")
const bruno = person("bruno")

const failure = async (call: Promise<unknown>) => {
  try {
    await call
    return "OK"
  } catch (error) {
    return error instanceof TRPCError ? `${error.code}: ${error.message}` : String(error)
  }
}

let db: Kysely<Database>
let collectionId = ""
let tokens = 0
const card = async (holder = "APRO") => {
  const id = `tok-router-${++tokens}`
  await db
    .insertInto("sandbox_card_tokens")
    .values({
      id,
      payment_method_id: "master",
      first_six: "503143",
      last_four: "6351",
      holder_name: holder,
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute()
  return { token: id, paymentMethodId: "master", issuerId: null }
}
const input = async (over: Record<string, unknown> = {}) => ({
  collectionId,
  planId: "monthly-plan",
  idempotencyKey: `router-key-${String(++tokens).padStart(8, "0")}`,
  cpf: "529.982.247-25",
  addressId: addressIds.get(ana.id) ?? null,
  card: await card(),
  ...over,
})
const addressIds = new Map<string, string>()

beforeAll(async () => {
  db = (await runtime.runPromise(Db.use((s) => Effect.succeed(s)))).db
  await seedDemoCatalog(db, Date.now())
  collectionId = (
    await db
      .selectFrom("legendarium_collections")
      .select("id")
      .orderBy("display_order")
      .executeTakeFirstOrThrow()
  ).id
  for (const viewer of [ana, bruno]) {
    await db
      .insertInto("auth_user")
      .values({
        id: viewer.id,
        name: viewer.name,
        email: viewer.email,
        emailVerified: true,
        role: null,
        appRole: null,
      })
      .execute()
    const address = await db
      .insertInto("addresses")
      .values({
        user_id: viewer.id,
        name: viewer.name,
        street: "Avenida Paulista",
        number: "1000",
        neighborhood: "Bela Vista",
        city: "São Paulo",
        state: "SP",
        zip_code: "01310100",
        is_default: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    addressIds.set(viewer.id, address.id)
  }
})
afterAll(() => runtime.dispose())

describe("subscriptions router", () => {
  it("prices the two plans of a collection for anyone", async () => {
    const plans = await as(null).subscriptions.plans({ collectionId })
    expect(plans.plans.map((p) => p.id)).toEqual(["monthly-plan", "bimonthly-plan"])
    expect(plans.plans[1]?.saving).toBe(9990)
    expect(await failure(as(null).subscriptions.plans({ collectionId: "nenhuma" }))).toBe(
      "NOT_FOUND: Coleção não encontrada",
    )
  })

  it("answers a visitor, an unknown plan and a refused card with the spec's texts", async () => {
    expect(await failure(as(null).subscriptions.subscribe(await input()))).toBe(
      "UNAUTHORIZED: É necessário fazer login para assinar um plano.",
    )
    expect(await failure(as(ana).subscriptions.subscribe(await input({ planId: "annual-plan" })))).toBe(
      "NOT_FOUND: Plano não encontrado",
    )
    const spent = await input({ card: { token: "tok-unknown", paymentMethodId: "master", issuerId: null } })
    expect(await failure(as(ana).subscriptions.subscribe(spent))).toMatch(
      /^UNPROCESSABLE_CONTENT: Erro ao criar assinatura: /,
    )
    expect(await failure(as(null).subscriptions.mine())).toMatch(/^UNAUTHORIZED/)
  })

  it("subscribes, shows the subscription, and keeps it out of another collector's reach", async () => {
    const answer = await as(ana).subscriptions.subscribe(await input())
    expect(answer.status).toBe("active")
    const mine = await as(ana).subscriptions.mine()
    expect(mine.subscriptions.find((s) => s.id === answer.subscriptionId)).toMatchObject({
      kind: "subscription",
      status: "active",
      statusLabel: "Ativa",
      plan: { id: "monthly-plan", name: "Plano Mensal" },
      charges: [expect.objectContaining({ status: "approved" })],
    })
    expect((await as(bruno).subscriptions.mine()).subscriptions).toEqual([])
    const id = answer.subscriptionId
    const NOT_FOUND = "NOT_FOUND: Assinatura não encontrada"
    expect(await failure(as(bruno).subscriptions.pause({ id, until: null }))).toBe(NOT_FOUND)
    expect(await failure(as(bruno).subscriptions.cancel({ id, reason: "x" }))).toBe(NOT_FOUND)
    expect(await failure(as(bruno).subscriptions.reactivate({ id }))).toBe(NOT_FOUND)
    expect(await failure(as(bruno).subscriptions.changeCard({ id, card: await card() }))).toBe(NOT_FOUND)
    expect(
      await failure(
        as(bruno).subscriptions.updateSettings({
          id,
          revealNotifications: true,
          newPlanNews: true,
          addressId: null,
        }),
      ),
    ).toBe(NOT_FOUND)
    expect(await failure(as(ana).subscriptions.pause({ id: "not-a-uuid", until: null }))).toBe(NOT_FOUND)

    expect((await as(ana).subscriptions.pause({ id, until: null })).status).toBe("paused")
    expect(await failure(as(ana).subscriptions.pause({ id, until: null }))).toBe(
      "CONFLICT: A assinatura já está pausada.",
    )
    expect((await as(ana).subscriptions.reactivate({ id })).status).toBe("active")
    expect((await as(ana).subscriptions.cancel({ id, reason: "Vou dar um tempo" })).status).toBe("active")
  })
})
