import { Effect } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../../adapters/db/DatabaseService"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { seedDemoShippingTable } from "../../adapters/shipping/demoShippingTable"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { Clock } from "../../application/ports/Clock"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import { addMonths, toSaoPauloCivil } from "../../domain/calendar"
import type { Config } from "../../server/config"
import { sandboxBankFor } from "../../server/paymentGateway"
import type { testRuntime } from "./appRuntimes"

type AppRuntime = ReturnType<typeof testRuntime>["runtime"]

/** The database the runtime's adapters use, so a test can set up and inspect rows without a use case. */
export const runtimeDb = async (runtime: AppRuntime): Promise<Kysely<Database>> =>
  (await runtime.runPromise(Db.use((s) => Effect.succeed(s)))).db

/** The instant the runtime's Clock reads now: what a test stamps its rows with and compares against. */
export const clockNow = (runtime: AppRuntime): Promise<number> =>
  runtime.runPromise(Clock.use((clock) => clock.now()))

/** What a test may ask the demo catalogue for, whatever the instant it was seeded for. */
export type CatalogueNeed = "onSale" | "subscribersOnly" | "unrevealed"

/**
 * The demo catalogue's products that answer a need at `now`, in the collections' order: on sale to everyone
 * (the month's characters, revealed or not: timelineStatus "current"), open to subscribers only (last month's),
 * or not yet revealed (next month's). The demo schedules every collection a character a month around the day it
 * is seeded, so each need has one product per collection at any instant.
 */
export async function catalogueProducts(
  db: Kysely<Database>,
  now: number,
  need: CatalogueNeed,
): Promise<string[]> {
  const month = addMonths(toSaoPauloCivil(now), need === "onSale" ? 0 : need === "subscribersOnly" ? -1 : 1)
  const rows = await db
    .selectFrom("collection_products as p")
    .innerJoin("legendarium_collections as c", "c.id", "p.collection_id")
    .select("p.id")
    .where("p.edition_year", "=", month.year)
    .where("p.display_month", "=", month.month)
    .orderBy("c.display_order")
    .execute()
  return rows.map((r) => r.id)
}

/**
 * Seeds the demo catalogue and shipping table as of `now` (the runtime's clock: clockNow) and returns the ids
 * of `count` products on sale to everyone then, whatever day of the month `now` falls on.
 */
export async function seedStore(
  db: Kysely<Database>,
  now: number,
  count = 1,
): Promise<[string, ...string[]]> {
  await seedDemoCatalog(db, now)
  await seedDemoShippingTable(db)
  const [first, ...rest] = (await catalogueProducts(db, now, "onSale")).slice(0, count)
  if (first === undefined || rest.length < count - 1)
    throw new Error(`the demo catalogue has fewer than ${count} products on sale`)
  return [first, ...rest]
}

/**
 * Signs the collectors up, each with a default address in São Paulo (a checkout needs one), and returns each
 * collector's address id by user id.
 */
export async function addCollectors(
  db: Kysely<Database>,
  collectors: readonly Viewer[],
  addressName: (collector: Viewer, index: number) => string = (c) => `${c.name} Silva`,
): Promise<Map<string, string>> {
  await db
    .insertInto("auth_user")
    .values(collectors.map((c) => ({ ...c, role: null, appRole: null })))
    .execute()
  const rows = await db
    .insertInto("addresses")
    .values(
      collectors.map((c, i) => ({
        user_id: c.id,
        name: addressName(c, i),
        street: "Avenida Paulista",
        number: String(i + 1),
        neighborhood: "Bela Vista",
        city: "São Paulo",
        state: "SP",
        zip_code: "01310200",
        is_default: true,
      })),
    )
    .returning(["id", "user_id"])
    .execute()
  return new Map(rows.map((r) => [r.user_id, r.id]))
}

/** One unit of the product in each of the users' carts, what a checkout buys. */
export async function fillCarts(db: Kysely<Database>, userIds: readonly string[], productId: string) {
  await db
    .insertInto("cart_items")
    .values(userIds.map((id) => ({ user_id: id, product_id: productId, quantity: 1 })))
    .execute()
}

/**
 * The effect as a request of `viewer` (null: signed out) from `ip` would run it. A non-zero `shiftMs` moves the
 * runtime's clock ahead, so quiet periods (offer windows, reconciliation waits) pass without waiting for them.
 */
export const asViewer = <A, E, R>(
  viewer: Viewer | null,
  ip: string,
  effect: Effect.Effect<A, E, R>,
  shiftMs = 0,
): Effect.Effect<A, E, Exclude<R, CurrentUser> | Clock> => {
  const provided = effect.pipe(
    Effect.provideService(CurrentUser, { viewer }),
    Effect.provideService(ClientAddress, ip),
  )
  if (!shiftMs) return provided
  return Effect.gen(function* () {
    const clock = yield* Clock
    return yield* provided.pipe(
      Effect.provideService(Clock, { now: () => Effect.map(clock.now(), (now) => now + shiftMs) }),
    )
  })
}

/** Signs the viewers up as verified accounts (staff with their role), without an address. */
export async function addUsers(db: Kysely<Database>, viewers: readonly Viewer[]) {
  await db
    .insertInto("auth_user")
    .values(
      viewers.map((v) => ({
        id: v.id,
        name: v.name,
        email: v.email,
        emailVerified: true,
        role: v.role === "user" ? null : v.role,
        appRole: null,
      })),
    )
    .execute()
}

/**
 * The buyer pays their sandbox PIX or boleto, as 'Simular pagamento' on its page does (the page itself is only
 * the signed-in buyer's: server/http/sandboxOwnership.ts). The notification goes to the app's webhook route.
 */
export async function paySandbox(config: Config, runtime: AppRuntime, gatewayPaymentId: string) {
  const bank = sandboxBankFor(config, await runtimeDb(runtime), runtime.paymentWebhooks.notify)
  return Effect.runPromise(bank.simulatePayment(gatewayPaymentId))
}
