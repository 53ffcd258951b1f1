import { Effect, Layer, ManagedRuntime } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { DatabaseHandle } from "../../adapters/db/connect"
import { Db } from "../../adapters/db/DatabaseService"
import type { Database } from "../../adapters/db/schema"
import type { WebhookRequest } from "../../adapters/sandbox-gateway/notifier"
import { SandboxSubscriptionsLayer } from "../../adapters/sandbox-gateway/SandboxSubscriptionGateway"
import { dispatchEvents } from "../../application/events/dispatchEvents"
import { receivePaymentNotification } from "../../application/orders/paymentNotifications"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { Clock } from "../../application/ports/Clock"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { Entitlements } from "../../application/ports/Entitlements"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { GatewayBilling } from "../../application/ports/GatewayBilling"
import { cancelSubscription } from "../../application/subscriptions/cancelSubscription"
import { changeSubscriptionCard } from "../../application/subscriptions/changeSubscriptionCard"
import { endSubscriptionPeriods } from "../../application/subscriptions/endSubscriptionPeriods"
import { fulfilPlanMonths } from "../../application/subscriptions/fulfilPlanMonths"
import { getMySubscriptions } from "../../application/subscriptions/getMySubscriptions"
import { pauseSubscription } from "../../application/subscriptions/pauseSubscription"
import { subscribe } from "../../application/subscriptions/subscribe"
import { addDays, type CivilDate, saoPauloInstant } from "../../domain/calendar"
import { domainEvent } from "../../domain/events"
import { DEFAULT_RETRY_POLICY } from "../../domain/retryPolicy"
import { editionDates } from "../../domain/shipping/schedule"
import { coverageEndsAt, monthKey, monthOfInstant } from "../../domain/subscriptions/coverage"
import { loadConfig } from "../../server/config"
import { createLogger, effectLoggerLayer } from "../../server/logger"
import { sandboxOptions } from "../../server/paymentGateway"
import { appLayer } from "../../server/runtime"
import { storeHandlers } from "../../server/storeHandlers"
import { freshPostgres, migrated, postgresServerUrl } from "../support/databases"

// A year of subscriptions on a fixed clock, on PostgreSQL, with the sandbox gateway billing on day 1 and retrying
// on days 3 and 5, its signed notifications stored like the webhook route stores them, the dispatcher and jobs.
const serverUrl = await postgresServerUrl()
const database = serverUrl ? await freshPostgres(serverUrl) : null
afterAll(() => database?.dispose())

const day = (year: number, month: number, date: number): CivilDate => ({ year, month, day: date })
const at = (d: CivilDate, hour = 10) => saoPauloInstant(d, hour)

const collector = (id: string): Viewer => ({
  id,
  email: `${id}@example.com`,
  name: id,
  role: "user",
  emailVerified: true,
})
/** Monthly, bimonthly, a card that fails in April (recovered on day 3), a pause, a cancellation. */
const monthly = collector("mensal")
const bimonthly = collector("bimestral")
const failing = collector("cartao")
const pausing = collector("pausa")
const cancelling = collector("cancela")
const subscribers = [monthly, bimonthly, failing, pausing, cancelling]
/** And a quarterly prepaid plan bought on 20 January (February to April). */
const prepaid = collector("trimestral")
const everyone = [...subscribers, prepaid]

let clock = at(day(2027, 1, 1), 0)
const notifications: { topic: string; id: string }[] = []
/** The sandbox's signed notifications, kept to be stored as the webhook route stores them. */
const notify = (request: WebhookRequest) => {
  const url = new URL(request.path, "http://store.invalid")
  notifications.push({ topic: url.searchParams.get("type") ?? "", id: url.searchParams.get("data.id") ?? "" })
  return Promise.resolve({ status: 200 })
}

/** The store's layers, with the clock and the sandbox's billing on the test's fixed time. */
function yearRuntime(config: ReturnType<typeof loadConfig>, handle: DatabaseHandle) {
  const dbLayer = Db.fromHandle(handle)
  const fixedClock = Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(() => clock) }))
  const fixed = Layer.mergeAll(
    fixedClock,
    SandboxSubscriptionsLayer(sandboxOptions(config, notify, { now: () => clock })).pipe(
      Layer.provide(dbLayer),
    ),
  )
  return ManagedRuntime.make(
    Layer.provideMerge(
      Layer.merge(appLayer(config, dbLayer, { workers: false, notify, clock: fixedClock }), fixed),
      effectLoggerLayer(createLogger("silent")),
    ),
  )
}
type YearServices = ManagedRuntime.ManagedRuntime.Services<ReturnType<typeof yearRuntime>>

describe.skipIf(!database)("a year of subscriptions on PostgreSQL", () => {
  let runtime: ReturnType<typeof yearRuntime>
  let db: Kysely<Database>
  let collectionId = ""
  const ids = new Map<string, string>()
  let tokens = 0

  const run = <A, E>(effect: Effect.Effect<A, E, YearServices>) => runtime.runPromise(effect)
  const as = <A, E>(viewer: Viewer, effect: Effect.Effect<A, E, YearServices | CurrentUser>) =>
    run(
      effect.pipe(
        Effect.provideService(CurrentUser, { viewer }),
        Effect.provideService(ClientAddress, viewer.id),
      ),
    )

  /** A sandbox card token for a test cardholder (APRO approves, FUND is refused). */
  const token = async (holder: "APRO" | "FUND") => {
    const id = `tok-year-${++tokens}`
    await db
      .insertInto("sandbox_card_tokens")
      .values({
        id,
        payment_method_id: "master",
        first_six: "503143",
        last_four: "6351",
        holder_name: holder,
        expires_at: new Date(Date.UTC(2035, 0, 1)),
      })
      .execute()
    return { token: id, paymentMethodId: "master", issuerId: null }
  }

  /** Stores the notifications sent so far and runs every handler until nothing is due. */
  const settle = async () => {
    for (let quiet = 0; quiet < 2; ) {
      await new Promise((r) => setTimeout(r, 2))
      const batch = notifications.splice(0)
      for (const n of batch)
        await run(receivePaymentNotification({ topic: n.topic, resourceId: n.id, requestId: null }))
      const claimed = await run(
        dispatchEvents(storeHandlers, {
          batchSize: 50,
          leaseMs: 60_000,
          retry: DEFAULT_RETRY_POLICY,
          random: () => 0,
        }),
      )
      quiet = batch.length === 0 && claimed === 0 ? quiet + 1 : 0
    }
  }

  beforeAll(async () => {
    if (!database) return
    const handle = await migrated(database)
    db = handle.db
    const config = loadConfig({
      DATABASE_URL: database.target.kind === "postgres" ? database.target.url : "",
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
      SEED_DEMO_DATA: "false",
      VIACEP_ENABLED: "false",
      PUBLIC_URL: "http://localhost:3000",
    })
    runtime = yearRuntime(config, handle)

    const collection = await db
      .insertInto("legendarium_collections")
      .values({
        slug: "ano-de-teste",
        name: "Ano de Teste",
        theme: "anime",
        description: "Uma coleção com um personagem por mês.",
        tagline: "Teste",
        price_cents: null,
        final_price_cents: null,
        price_per_box_cents: null,
        is_active: true,
        is_featured: false,
        reveal_date: "2026-12-15",
        start_date: "2026-12-01",
        end_date: "2028-01-31",
        edition_year: 2026,
        edition_month: 12,
        image_url: "/media/cover.svg",
        teaser_image_url: "/media/mystery.svg",
        preview_image_url: null,
        display_order: 1,
        metadata: JSON.stringify({}),
      })
      .returning("id")
      .executeTakeFirstOrThrow()
    collectionId = collection.id
    await db
      .insertInto("collection_products")
      .values(
        Array.from({ length: 14 }, (_, i) => {
          const edition = {
            year: i === 0 ? 2026 : i === 13 ? 2028 : 2027,
            month: i === 0 ? 12 : i === 13 ? 1 : i,
          }
          const dates = editionDates(edition)
          return {
            collection_id: collection.id,
            slug: `personagem-${i}`,
            name: `Personagem ${monthKey(edition)}`,
            description: "Um personagem do mês.",
            image_url: `/media/p${i}.svg`,
            display_month: edition.month,
            edition_year: edition.year,
            display_order: i + 1,
            stats: JSON.stringify({}),
            abilities: JSON.stringify([]),
            hints: JSON.stringify([]),
            teaser_at: new Date(dates.teaserAt),
            preview_at: new Date(dates.previewAt),
            reveal_at: new Date(dates.revealAt),
            price_cents: null,
            dimensions: JSON.stringify({ length: 20, width: 15, height: 30 }),
            metadata: JSON.stringify({}),
            edition_size: 100,
          }
        }),
      )
      .execute()
    for (const c of everyone) {
      await db
        .insertInto("auth_user")
        .values({ id: c.id, name: c.name, email: c.email, emailVerified: true, role: null, appRole: null })
        .execute()
      await db
        .insertInto("addresses")
        .values({
          user_id: c.id,
          name: c.name,
          street: "Avenida Paulista",
          number: "1000",
          neighborhood: "Bela Vista",
          city: "São Paulo",
          state: "SP",
          zip_code: "01310100",
          is_default: true,
        })
        .execute()
    }
    await db.insertInto("customer_details").values({ user_id: prepaid.id, cpf: "52998224725" }).execute()
  }, 120_000)
  afterAll(() => runtime?.dispose())

  /** Ten concurrent requests with one key, as a double-clicking browser might send: one subscription. */
  const subscribeAs = async (viewer: Viewer, planId: string) => {
    const request = {
      collectionId,
      planId,
      idempotencyKey: `year-${viewer.id}-0000000000`,
      cpf: "529.982.247-25",
      addressId:
        (await db.selectFrom("addresses").select("id").where("user_id", "=", viewer.id).executeTakeFirst())
          ?.id ?? null,
      card: await token("APRO"),
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => as(viewer, subscribe(request))))
    expect(new Set(answers.map((a) => a.subscriptionId)).size).toBe(1)
    ids.set(viewer.id, answers[0]?.subscriptionId ?? "")
  }

  /** A prepaid quarterly plan paid on 20 January, as the orders module records it. */
  const prepaidOrder = "50000000-0000-4000-8000-000000000001"
  const buysPrepaid = () =>
    run(
      EventOutbox.use((outbox) =>
        outbox.record([
          domainEvent("PrepaidPlanPaid", prepaidOrder, {
            orderId: prepaidOrder,
            userId: prepaid.id,
            collectionId,
            planId: "quarterly",
            months: 3,
            paidAt: clock,
          }),
        ]),
      ),
    )

  /** What the collectors do, by São Paulo day, at 10:00. */
  const actions: Record<string, () => Promise<unknown>> = {
    "2027-01-03": async () => {
      for (const c of subscribers) await subscribeAs(c, c === bimonthly ? "bimonthly-plan" : "monthly-plan")
    },
    "2027-01-20": buysPrepaid,
    // A card that the day-1 renewal of April will find refused.
    "2027-03-20": async () =>
      as(failing, changeSubscriptionCard({ id: ids.get(failing.id) ?? "", card: await token("FUND") })),
    // The collector swaps it after the e-mail; the gateway's try of day 3 takes the new card.
    "2027-04-02": async () =>
      as(failing, changeSubscriptionCard({ id: ids.get(failing.id) ?? "", card: await token("APRO") })),
    "2027-05-10": () =>
      as(pausing, pauseSubscription({ id: ids.get(pausing.id) ?? "", until: day(2027, 7, 10) })),
    "2027-08-20": () =>
      as(cancelling, cancelSubscription({ id: ids.get(cancelling.id) ?? "", reason: "Vou dar um tempo" })),
  }

  it("renews on day 1, recovers a card on day 3, pauses and cancels, with one shipment per covered month", async () => {
    const entitledOn = new Map<string, Set<string>>()
    for (let today = day(2027, 1, 1); today.year === 2027; today = addDays(today, 1)) {
      // The store's night: the gateway bills, notifications are handled, periods end, months ship.
      clock = at(today, 0) + 30 * 60_000
      await run(GatewayBilling.use((billing) => billing.chargeDue(clock)))
      await settle()
      await run(endSubscriptionPeriods())
      await run(fulfilPlanMonths())
      await settle()
      const action = actions[`${monthKey(today)}-${String(today.day).padStart(2, "0")}`]
      if (action) {
        clock = at(today)
        await action()
        await settle()
      }
      // Mid-month, who is a subscriber of the collection.
      if (today.day === 20) {
        const month = monthKey(today)
        for (const c of everyone) {
          const set = await run(Entitlements.use((e) => e.subscribedCollections(c.id, clock)))
          if (set.has(collectionId)) entitledOn.set(c.id, new Set([...(entitledOn.get(c.id) ?? []), month]))
        }
      }
    }

    const months = await db.selectFrom("plan_months").selectAll().orderBy("month").execute()
    const orders = await db
      .selectFrom("orders")
      .innerJoin("order_lines", "order_lines.order_id", "orders.id")
      .select([
        "orders.id",
        "orders.user_id",
        "orders.kind",
        "orders.status",
        "orders.total_cents",
        "orders.ships_on",
        "order_lines.name",
      ])
      .execute()
    const coveredOf = (c: Viewer) => months.filter((m) => m.user_id === c.id).map((m) => m.month.trim())
    const all2027 = Array.from({ length: 12 }, (_, i) => `2027-${String(i + 1).padStart(2, "0")}`)

    expect(coveredOf(monthly)).toEqual(all2027)
    expect(coveredOf(bimonthly)).toEqual(all2027)
    expect(coveredOf(failing)).toEqual(all2027)
    // Paused from 10 May to 10 July: June is not paid for; back on 10 July (before the 15th), July is.
    expect(coveredOf(pausing)).toEqual(all2027.filter((m) => m !== "2027-06"))
    expect(coveredOf(cancelling)).toEqual(all2027.slice(0, 8))
    expect(coveredOf(prepaid)).toEqual(["2027-02", "2027-03", "2027-04"])
    // One preapproval per subscriber, however many requests each sign-up sent.
    expect(await db.selectFrom("sandbox_preapprovals").select("id").execute()).toHaveLength(
      subscribers.length,
    )

    // Exactly one shipment per covered month: a paid subscription order of total 0 with that month's character.
    for (const c of everyone) {
      const mine = orders.filter((o) => o.user_id === c.id)
      expect(mine.every((o) => o.kind === "subscription" && o.status === "paid" && o.total_cents === 0)).toBe(
        true,
      )
      expect(mine.map((o) => o.name.replace("Personagem ", "")).sort()).toEqual(coveredOf(c))
      expect(months.filter((m) => m.user_id === c.id).every((m) => m.order_id !== null)).toBe(true)
    }

    // Renewed on day 1; the failing card refused on day 1 and approved on its day-3 try.
    const charges = await db
      .selectFrom("subscription_charges")
      .select(["subscription_id", "status", "charged_at", "retry_attempt", "months"])
      .execute()
    const ofFailing = charges.filter((c) => c.subscription_id === ids.get(failing.id))
    const april = ofFailing.find((c) => monthOfInstant(new Date(c.charged_at).getTime()) === "2027-04")
    expect(april).toMatchObject({ status: "approved", retry_attempt: 1 })
    expect(new Date(april?.charged_at ?? 0).getTime()).toBeGreaterThanOrEqual(at(day(2027, 4, 3), 0))
    const renewals = charges.filter(
      (c) =>
        c.subscription_id === ids.get(monthly.id) && new Date(c.charged_at).getTime() > at(day(2027, 1, 31)),
    )
    expect(renewals).toHaveLength(11)
    for (const r of renewals)
      expect(new Date(r.charged_at).getTime()).toBeLessThan(at(day(2027, 1, 1)) + 366 * 86_400_000)

    const statuses = await db.selectFrom("subscriptions").select(["user_id", "status"]).execute()
    expect(Object.fromEntries(statuses.map((s) => [s.user_id, s.status]))).toMatchObject({
      [monthly.id]: "active",
      [bimonthly.id]: "active",
      [failing.id]: "active",
      [cancelling.id]: "cancelled",
    })

    // What /assinatura shows the collector whose card failed in April.
    const [plan] = (await as(prepaid, getMySubscriptions())).subscriptions
    expect(plan).toMatchObject({
      kind: "prepaid",
      status: "ended",
      coveredMonths: ["2027-02", "2027-03", "2027-04"],
    })
    expect(plan?.shipments).toHaveLength(3)
    const [view] = (await as(failing, getMySubscriptions())).subscriptions
    expect(view).toMatchObject({ status: "active", coveredMonths: all2027, nextBillingDate: "2028-01-01" })
    expect(view?.shipments.map((s) => s.month)).toEqual(all2027)
    expect(view?.charges.filter((c) => c.status === "approved")).toHaveLength(12)

    // Entitled exactly while covered: on the 20th of each month, the covered months only; the prepaid plan from
    // its payment on 20 January (for February on), as decision 3 says.
    for (const c of subscribers) expect([...(entitledOn.get(c.id) ?? [])].sort()).toEqual(coveredOf(c))
    expect([...(entitledOn.get(prepaid.id) ?? [])].sort()).toEqual(["2027-01", ...coveredOf(prepaid)])
    const entitlements = await db
      .selectFrom("collection_entitlements")
      .select(["source_id", "month", "ends_at"])
      .execute()
    for (const e of entitlements)
      expect(new Date(e.ends_at ?? 0).getTime()).toBe(coverageEndsAt(e.month?.trim() ?? ""))

    // The e-mails, once each: activated, renewed, the refused charge with its retry day, cancelled.
    const mails = await db.selectFrom("dev_mailbox").select(["recipient", "subject", "text"]).execute()
    const to = (c: Viewer, subject: string) =>
      mails.filter((m) => m.recipient === c.email && m.subject.startsWith(subject))
    for (const c of subscribers) expect(to(c, "Sua assinatura foi ativada")).toHaveLength(1)
    expect(to(monthly, "Assinatura renovada")).toHaveLength(11)
    expect(to(bimonthly, "Assinatura renovada")).toHaveLength(5)
    const refusal = to(failing, "Não conseguimos cobrar sua assinatura")
    expect(refusal).toHaveLength(1)
    expect(refusal[0]?.text).toContain("03/04/2027")
    expect(to(cancelling, "Sua assinatura foi cancelada")).toHaveLength(1)
    expect(mails.filter((m) => m.subject.startsWith("Sua assinatura foi cancelada"))).toHaveLength(1)

    // Nothing failed on the way.
    const failed = await db
      .selectFrom("outbox_deliveries")
      .select(["handler", "status", "last_error"])
      .where("status", "in", ["failed", "parked"])
      .execute()
    expect(failed).toEqual([])
  }, 600_000)
})
