import { Effect } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../../adapters/db/DatabaseService"
import type { Database } from "../../adapters/db/schema"
import { seedDemoCatalog } from "../../adapters/seed/seedDemoCatalog"
import { seedDemoShippingTable } from "../../adapters/shipping/demoShippingTable"
import { ClientAddress } from "../../application/ports/ClientAddress"
import { Clock } from "../../application/ports/Clock"
import { CurrentUser, type Viewer } from "../../application/ports/CurrentUser"
import type { testRuntime } from "./appRuntimes"

type AppRuntime = ReturnType<typeof testRuntime>["runtime"]

/** The database the runtime's adapters use, so a test can set up and inspect rows without a use case. */
export const runtimeDb = async (runtime: AppRuntime): Promise<Kysely<Database>> =>
  (await runtime.runPromise(Db.use((s) => Effect.succeed(s)))).db

/**
 * Seeds the demo catalogue and shipping table as of `now` and returns the ids of the `count` products revealed
 * last by then: those anyone may buy today, whatever the demo data's dates.
 */
export async function seedStore(
  db: Kysely<Database>,
  now: number,
  count = 1,
): Promise<[string, ...string[]]> {
  await seedDemoCatalog(db, now)
  await seedDemoShippingTable(db)
  const latest = await db
    .selectFrom("collection_products")
    .select("id")
    .where("reveal_at", "<=", new Date(now))
    .orderBy("reveal_at", "desc")
    .limit(count)
    .execute()
  const [first, ...rest] = latest.map((p) => p.id)
  if (first === undefined || rest.length < count - 1)
    throw new Error(`the demo catalogue has fewer than ${count} revealed products`)
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
 * clock ahead, so quiet periods (offer windows, reconciliation waits) pass without waiting for them.
 */
export const asViewer = <A, E, R>(
  viewer: Viewer | null,
  ip: string,
  effect: Effect.Effect<A, E, R>,
  shiftMs = 0,
): Effect.Effect<A, E, Exclude<R, CurrentUser>> => {
  const provided = effect.pipe(
    Effect.provideService(CurrentUser, { viewer }),
    Effect.provideService(ClientAddress, ip),
  )
  return shiftMs
    ? provided.pipe(Effect.provideService(Clock, { now: () => Effect.sync(() => Date.now() + shiftMs) }))
    : provided
}
