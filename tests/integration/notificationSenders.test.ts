import { Effect } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { seedDemoShippingTable } from "../../adapters/shipping/demoShippingTable"
import { dispatchEvents } from "../../application/events/dispatchEvents"
import { notifyCharacterReveals } from "../../application/notifications/notifyCharacterReveals"
import { notifyExpiringPix } from "../../application/notifications/notifyExpiringPix"
import { placeOrder } from "../../application/orders/placeOrder"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { Clock } from "../../application/ports/Clock"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { UnsubscribeTokens } from "../../application/ports/UnsubscribeTokens"
import { saoPauloInstant } from "../../domain/calendar"
import { DEFAULT_RETRY_POLICY } from "../../domain/retryPolicy"
import { storeHandlers } from "../../server/storeHandlers"
import { apiApp } from "../support/apiApp"
import { customer, runtimeTargets, testRuntime } from "../support/appRuntimes"
import { addUsers, runtimeDb } from "../support/storeRuntime"

// The notification senders on the real adapters, on PGlite and PostgreSQL: a character's reveal told once per customer
// and channel even when two runs race, the customers' choices honoured per channel; a PIX reminder once; the
// one-click unsubscribe without a session.
const { targets, embedded, dispose } = await runtimeTargets(12)
afterAll(dispose)

// The store lives 5 minutes after a month's reveal (noon of day 15 in São Paulo).
const REVEAL_DAY_NOON = saoPauloInstant({ year: 2026, month: 10, day: 15 }, 12)
const START = REVEAL_DAY_NOON + 5 * 60_000

const ana = customer("ns-ana", "Ana Souza") // subscriber
const bia = customer("ns-bia", "Bia Lima") // fan
const caio = customer("ns-caio", "Caio Reis") // subscriber and fan
const dani = customer("ns-dani", "Dani Alves") // subscriber, in-app off
const edu = customer("ns-edu", "Edu Prado") // fan, e-mail off
const fabi = customer("ns-fabi", "Fabi Rocha") // neither

describe.each(targets)("notification senders on $name", (target) => {
  const { config, runtime } = testRuntime(target, embedded, { workers: false }, START)
  let db: Kysely<Database>
  let app: Awaited<ReturnType<typeof apiApp>>
  let productId = ""
  let characterName = ""

  const as = <A, E, R>(who: Viewer | null, effect: Effect.Effect<A, E, R>) =>
    runtime.runPromise(
      effect.pipe(
        Effect.provideService(CurrentUser, { viewer: who }),
        Effect.provideService(ClientAddress, "10.3.3.3"),
      ) as Effect.Effect<A, E, never>,
    )
  /** Runs every handler until the outbox is quiet, as the dispatcher does. */
  const settle = async () => {
    for (let i = 0; i < 20; i++) {
      const claimed = await as(
        null,
        dispatchEvents(storeHandlers, {
          batchSize: 100,
          leaseMs: 60_000,
          retry: DEFAULT_RETRY_POLICY,
          random: () => 0,
        }),
      )
      if (claimed === 0) return
    }
  }
  const mailsTo = async (subjectPart: string) =>
    (await db.selectFrom("dev_mailbox").select(["recipient", "subject", "headers", "text"]).execute()).filter(
      (m) => m.subject.includes(subjectPart),
    )

  beforeAll(async () => {
    app = await apiApp(runtime, config)
    db = await runtimeDb(runtime)
    await seedDemoCatalog(db, START)
    await seedDemoShippingTable(db)
    const character = await db
      .selectFrom("collection_products")
      .select(["id", "name", "collection_id", "reveal_at"])
      .where("reveal_at", "=", new Date(REVEAL_DAY_NOON))
      .orderBy("name")
      .executeTakeFirstOrThrow()
    productId = character.id
    characterName = character.name
    await addUsers(db, [ana, bia, caio, dani, edu, fabi])
    const since = new Date(REVEAL_DAY_NOON - 30 * 86_400_000)
    await db
      .insertInto("collection_entitlements")
      .values(
        [ana, caio, dani].map((v) => ({
          user_id: v.id,
          collection_id: character.collection_id,
          kind: "subscription" as const,
          status: "active" as const,
          starts_at: since,
          ends_at: null,
        })),
      )
      .execute()
    await db
      .insertInto("favourites")
      .values([bia, caio, edu].map((v) => ({ user_id: v.id, product_id: productId, created_at: since })))
      .execute()
    await db
      .insertInto("notification_preferences")
      .values([
        { user_id: dani.id, type: "character_reveal", in_app: false, email: true, updated_at: since },
        { user_id: edu.id, type: "character_reveal", in_app: true, email: false, updated_at: since },
      ])
      .execute()
  }, 60_000)
  afterAll(() => runtime.dispose())

  it("tells each subscriber and fan once per channel, even when two runs race, as each one chose", async () => {
    const [first, second] = await Promise.all([
      as(null, notifyCharacterReveals()),
      as(null, notifyCharacterReveals()),
    ])
    // Between them the two runs told the character's audience (three subscribers, three fans, Caio both) once.
    // Which run told whom is a race: a run that reads after the other claimed a character no longer sees it due.
    expect(first.recipients + second.recipients).toBe(5)
    expect(await as(null, notifyCharacterReveals())).toEqual({ characters: 0, recipients: 0 })
    await settle()
    await settle()

    const inApp = await db
      .selectFrom("notifications")
      .select(["user_id", "type", "title", "action_url"])
      .where("dedupe_key", "=", `reveal:${productId}`)
      .orderBy("user_id")
      .execute()
    expect(inApp.map((n) => n.user_id)).toEqual([ana.id, bia.id, caio.id, edu.id])
    expect(inApp[0]).toMatchObject({
      type: "character_reveal",
      title: `Personagem revelado: ${characterName}`,
      action_url: `http://localhost:3000/character/${productId}`,
    })

    const mails = await mailsTo(`Personagem revelado: ${characterName}`)
    expect(mails.map((m) => m.recipient).sort()).toEqual(
      [ana.email, bia.email, caio.email, dani.email].sort(),
    )
    for (const mail of mails) {
      expect(mail.headers["List-Unsubscribe"]).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=/)
      expect(mail.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click")
      expect(mail.text).toContain("Não quer mais receber e-mails de Revelação de personagens? Descadastrar")
      expect(mail.text).toContain(`http://localhost:3000/character/${productId}`)
    }
  }, 60_000)

  it("reminds an unpaid PIX once, in-app and by e-mail with its copia-e-cola, however often the job runs", async () => {
    const address = await db
      .insertInto("addresses")
      .values({
        user_id: fabi.id,
        name: "Fabi Rocha",
        street: "Avenida Paulista",
        number: "1000",
        neighborhood: "Bela Vista",
        city: "São Paulo",
        state: "SP",
        zip_code: "01310200",
        is_default: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    const buyable = await db
      .selectFrom("collection_products")
      .select("id")
      .where("reveal_at", "<=", new Date(START))
      .orderBy("reveal_at", "desc")
      .executeTakeFirstOrThrow()
    await db
      .insertInto("cart_items")
      .values({ user_id: fabi.id, product_id: buyable.id, quantity: 1 })
      .execute()
    const order = await as(
      fabi,
      placeOrder({
        addressId: address.id,
        shippingOptionId: null,
        couponCode: null,
        idempotencyKey: "ns-pix-1",
        cpf: "123.456.789-09",
        payment: { method: "pix" },
      }),
    )
    expect(order.status).toBe("awaiting_payment")
    // Not yet: the code has 30 minutes.
    expect((await as(null, notifyExpiringPix())).due).toBe(0)
    // Twenty-five minutes later (the code expires in five):
    const now = await runtime.runPromise(Clock.use((c) => c.now()))
    await db
      .updateTable("orders")
      .set({ pay_by: new Date(now + 5 * 60_000) })
      .where("id", "=", order.id)
      .execute()
    const runs = await Promise.all([as(null, notifyExpiringPix()), as(null, notifyExpiringPix())])
    expect(runs.reduce((n, r) => n + r.reminded, 0)).toBe(1)
    expect((await as(null, notifyExpiringPix())).due).toBe(0)
    await settle()
    const inApp = await db
      .selectFrom("notifications")
      .select(["type", "title"])
      .where("user_id", "=", fabi.id)
      .where("dedupe_key", "=", `pix-expiring:${order.id}`)
      .execute()
    expect(inApp).toEqual([{ type: "billing", title: "Seu PIX está prestes a vencer" }])
    const mails = (await mailsTo("Seu PIX vence")).filter((m) => m.recipient === fabi.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain("PIX copia e cola")
    expect(mails[0]?.headers["List-Unsubscribe"]).toContain("/api/unsubscribe?token=billing.")
  }, 60_000)

  it("unsubscribes with the link's token alone: POST turns the e-mail off, GET only shows the page", async () => {
    const token = await runtime.runPromise(
      UnsubscribeTokens.use((t) => Effect.succeed(t.sign(bia.id, "trade"))),
    )
    const choice = async () =>
      (await db
        .selectFrom("notification_preferences")
        .select(["in_app", "email"])
        .where("user_id", "=", bia.id)
        .where("type", "=", "trade")
        .executeTakeFirst()) ?? null
    const get = await app.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`)
    expect(get.status).toBe(303)
    expect(get.headers.get("location")).toBe(`/descadastrar?token=${encodeURIComponent(token)}`)
    expect(await choice()).toBeNull()

    // As a mail provider sends it (RFC 8058): no cookie, no origin.
    const oneClick = () =>
      app.request(`/api/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      })
    const post = await oneClick()
    expect(post.status).toBe(200)
    expect(await post.json()).toMatchObject({ unsubscribed: true, type: "trade" })
    expect(await choice()).toEqual({ in_app: true, email: false })
    expect((await oneClick()).status).toBe(200)
    expect(await choice()).toEqual({ in_app: true, email: false })

    const [type, user, mac] = token.split(".")
    for (const bad of [`system.${user}.${mac}`, `${type}.${user}.x${mac}`, "", "nada"]) {
      const res = await app.request(`/api/unsubscribe?token=${encodeURIComponent(bad)}`, { method: "POST" })
      expect(res.status).toBe(400)
    }
    const system = await db
      .selectFrom("notification_preferences")
      .select("type")
      .where("user_id", "=", bia.id)
      .where("type", "=", "system")
      .execute()
    expect(system).toEqual([])
  })
})
