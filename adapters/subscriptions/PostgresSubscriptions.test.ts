import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Entitlements } from "../../application/ports/Entitlements"
import { PlanMonths } from "../../application/ports/PlanMonths"
import { type StoredSubscription, SubscriptionStore } from "../../application/ports/SubscriptionStore"
import { UnitOfWork } from "../../application/ports/UnitOfWork"
import { saoPauloInstant } from "../../domain/calendar"
import { coverageEndsAt, monthStartsAt } from "../../domain/subscriptions/coverage"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import { PostgresEntitlementsLayer } from "../cart/PostgresCart"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { UnitOfWorkLayer } from "../db/transaction"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresPlanMonthsLayer } from "./PostgresPlanMonths"
import { PostgresSubscriptionStoreLayer } from "./PostgresSubscriptionStore"

const databases = await testDatabases()
const NOV_3 = saoPauloInstant({ year: 2026, month: 11, day: 3 }, 10)

describe.each(databases)("subscription adapters on $name", (database: TestDatabase) => {
  let handle: DatabaseHandle
  let collectionId = ""
  let otherCollectionId = ""
  type Services = SubscriptionStore | PlanMonths | Entitlements | UnitOfWork
  let layer: Layer.Layer<Services>
  const run = <A>(e: Effect.Effect<A, never, Services>) => Effect.runPromise(Effect.provide(e, layer))
  let seq = 0
  const subscription = (over: Partial<StoredSubscription> = {}): StoredSubscription => ({
    id: `30000000-0000-4000-8000-${String(++seq).padStart(12, "0")}`,
    userId: "u1",
    collectionId,
    planId: "bimonthly-plan",
    frequencyMonths: 2,
    amount: 49990,
    status: "pending",
    preapprovalId: null,
    cardLastFour: null,
    paymentMethodId: "master",
    coveredFrom: null,
    coveredThrough: null,
    lastPaidCycle: null,
    retryOn: null,
    pausedBy: null,
    pausedUntil: null,
    pausedAt: null,
    cancelAt: null,
    cancelReason: null,
    cancelledAt: null,
    createdAt: NOV_3,
    activatedAt: null,
    idempotencyKey: `key-${seq}`,
    cpf: "52998224725",
    updatedAt: NOV_3,
    ...over,
  })

  beforeAll(async () => {
    handle = await migrated(database)
    await seedDemoCatalog(handle.db, NOV_3)
    const collections = await handle.db
      .selectFrom("legendarium_collections")
      .select("id")
      .orderBy("id")
      .limit(2)
      .execute()
    collectionId = collections[0]?.id ?? ""
    otherCollectionId = collections[1]?.id ?? ""
    for (const id of ["u1", "u2"])
      await handle.db
        .insertInto("auth_user")
        .values({ id, name: id, email: `${id}@example.com`, emailVerified: true, role: null, appRole: null })
        .execute()
    layer = Layer.mergeAll(
      PostgresSubscriptionStoreLayer,
      PostgresPlanMonthsLayer,
      PostgresEntitlementsLayer,
      UnitOfWorkLayer,
    ).pipe(Layer.provide(Db.fromHandle(handle)))
  })
  afterAll(async () => {
    await handle?.close()
    await database.dispose()
  })

  it("keeps a collector's key unique under concurrent inserts, and reads back what it saved", async () => {
    const first = subscription({ idempotencyKey: "same-key" })
    const results = await Promise.all(
      [first, subscription({ idempotencyKey: "same-key" }), subscription({ idempotencyKey: "same-key" })].map(
        (s) => run(SubscriptionStore.use((store) => store.insertIfNew(s))),
      ),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    const found = await run(SubscriptionStore.use((store) => store.findByKey("u1", "same-key")))
    const saved = {
      ...(found as StoredSubscription),
      status: "active" as const,
      preapprovalId: "pre-1",
      coveredFrom: "2026-11",
      coveredThrough: "2026-12",
      lastPaidCycle: "2026-11",
      retryOn: { year: 2026, month: 12, day: 3 },
      pausedUntil: { year: 2027, month: 1, day: 10 },
      pausedBy: "collector" as const,
      cancelAt: coverageEndsAt("2026-12"),
      cancelReason: "caro",
      updatedAt: NOV_3 + 1000,
    }
    await run(SubscriptionStore.use((store) => store.save(saved)))
    expect(await run(SubscriptionStore.use((store) => store.get(saved.id)))).toEqual(saved)
    expect(await run(SubscriptionStore.use((store) => store.get("not-a-uuid")))).toBeNull()
  })

  it("makes one live subscription per collector and collection, whatever sign-ups with other keys race", async () => {
    const collector = "u3"
    await handle.db
      .insertInto("auth_user")
      .values({
        id: collector,
        name: collector,
        email: "u3@example.com",
        emailVerified: true,
        role: null,
        appRole: null,
      })
      .execute()
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        run(
          UnitOfWork.use((uow) =>
            uow.atomically(
              SubscriptionStore.use((store) =>
                store.insertIfNew(subscription({ userId: collector, idempotencyKey: `race-${i}` })),
              ),
            ),
          ),
        ),
      ),
    )
    expect(results.filter(Boolean)).toHaveLength(1)
    const live = await handle.db
      .selectFrom("subscriptions")
      .select("id")
      .where("user_id", "=", collector)
      .execute()
    expect(live).toHaveLength(1)
    // Another collection is another subscription; a cancelled one leaves room for a new one.
    const other = subscription({
      userId: collector,
      collectionId: otherCollectionId,
      idempotencyKey: "other",
    })
    expect(await run(SubscriptionStore.use((store) => store.insertIfNew(other)))).toBe(true)
    await handle.db
      .updateTable("subscriptions")
      .set({ status: "cancelled" })
      .where("user_id", "=", collector)
      .execute()
    const again = subscription({ userId: collector, idempotencyKey: "again" })
    expect(await run(SubscriptionStore.use((store) => store.insertIfNew(again)))).toBe(true)
  })

  it("finds what to reconcile and which periods may end", async () => {
    const due = subscription({ status: "active", coveredThrough: "2026-11", userId: "u2" })
    const paid = subscription({
      status: "active",
      coveredThrough: "2026-12",
      userId: "u2",
      collectionId: otherCollectionId,
    })
    for (const s of [due, paid]) await run(SubscriptionStore.use((store) => store.insertIfNew(s)))
    const ids = await run(SubscriptionStore.use((store) => store.toReconcile("2026-12", NOV_3 + 1, 50)))
    expect(ids).toContain(due.id)
    expect(ids).not.toContain(paid.id)
    await run(SubscriptionStore.use((store) => store.touch(due.id, NOV_3 + 10)))
    expect(
      await run(SubscriptionStore.use((store) => store.toReconcile("2026-12", NOV_3 + 1, 50))),
    ).not.toContain(due.id)
  })

  it("stores a charge once by id, its later status replacing the earlier", async () => {
    const s = subscription({ userId: "u2", status: "cancelled" })
    await run(SubscriptionStore.use((store) => store.insertIfNew(s)))
    const charge = {
      id: "ch-1",
      subscriptionId: s.id,
      status: "rejected" as const,
      statusDetail: "cc_rejected_insufficient_amount",
      amount: 49990,
      chargedAt: NOV_3,
      retryAttempt: 0,
      months: [],
    }
    await run(SubscriptionStore.use((store) => store.saveCharge(charge)))
    await run(
      SubscriptionStore.use((store) =>
        store.saveCharge({ ...charge, status: "approved", retryAttempt: 1, months: ["2026-11", "2026-12"] }),
      ),
    )
    expect(await run(SubscriptionStore.use((store) => store.chargesOf(s.id)))).toEqual([
      { ...charge, status: "approved", retryAttempt: 1, months: ["2026-11", "2026-12"] },
    ])
  })

  it("adds a plan's month once, ships it once, and entitles exactly the covered months", async () => {
    const source = "40000000-0000-4000-8000-000000000001"
    const month = (m: string) => ({
      sourceId: source,
      sourceKind: "prepaid" as const,
      userId: "u1",
      collectionId,
      month: m,
      paidAt: NOV_3,
      heldProductId: null,
      orderId: null,
    })
    const added = await Promise.all([
      run(PlanMonths.use((p) => p.add([month("2026-11"), month("2026-12")]))),
      run(PlanMonths.use((p) => p.add([month("2026-11"), month("2027-02")]))),
    ])
    expect(
      added
        .flat()
        .map((m) => m.month)
        .sort(),
    ).toEqual(["2026-11", "2026-12", "2027-02"])
    expect(
      (await run(PlanMonths.use((p) => p.unshipped("2026-10", "2026-12", 10)))).map((m) => m.month),
    ).toEqual(["2026-11", "2026-12"])
    await run(
      PlanMonths.use((p) =>
        p.saveEntitlements(
          ["2026-11", "2026-12", "2027-02"].map((m) => ({
            sourceId: source,
            month: m,
            kind: "prepaid" as const,
            userId: "u1",
            collectionId,
            startsAt: m === "2027-02" ? monthStartsAt(m) : NOV_3,
            endsAt: coverageEndsAt(m),
          })),
        ),
      ),
    )
    const subscribedAt = (y: number, m: number, d: number) =>
      run(
        Entitlements.use((e) =>
          e.subscribedCollections("u1", saoPauloInstant({ year: y, month: m, day: d }, 12)),
        ),
      )
    expect((await subscribedAt(2026, 12, 20)).has(collectionId)).toBe(true)
    // January was not paid for: not a subscriber then.
    expect((await subscribedAt(2027, 1, 20)).has(collectionId)).toBe(false)
    expect((await subscribedAt(2027, 2, 20)).has(collectionId)).toBe(true)
    expect((await subscribedAt(2027, 3, 2)).has(collectionId)).toBe(false)
    await run(
      PlanMonths.use((p) =>
        p.saveSettings(source, "u1", { revealNotifications: false, newPlanNews: true, addressId: null }),
      ),
    )
    expect(await run(PlanMonths.use((p) => p.settings(source)))).toEqual({
      revealNotifications: false,
      newPlanNews: true,
      addressId: null,
    })
  })

  it("removes a month with its entitlement, and nothing of another month or plan", async () => {
    const source = "40000000-0000-4000-8000-000000000002"
    const other = "40000000-0000-4000-8000-000000000003"
    const row = (sourceId: string, month: string) => ({
      sourceId,
      sourceKind: "prepaid" as const,
      userId: "u2",
      collectionId,
      month,
      paidAt: NOV_3,
      heldProductId: null,
      orderId: null,
    })
    const rows = [row(source, "2026-12"), row(source, "2027-01"), row(other, "2027-01")]
    await run(PlanMonths.use((p) => p.add(rows)))
    await run(
      PlanMonths.use((p) =>
        p.saveEntitlements(
          rows.map((r) => ({ ...r, kind: r.sourceKind, startsAt: NOV_3, endsAt: coverageEndsAt(r.month) })),
        ),
      ),
    )
    await run(PlanMonths.use((p) => p.remove(source, "2027-01")))
    await run(PlanMonths.use((p) => p.remove(source, "2027-01")))
    expect((await run(PlanMonths.use((p) => p.of(source)))).map((m) => m.month)).toEqual(["2026-12"])
    expect((await run(PlanMonths.use((p) => p.of(other)))).map((m) => m.month)).toEqual(["2027-01"])
    const left = await handle.db
      .selectFrom("collection_entitlements")
      .select(["source_id", "month"])
      .where("source_id", "in", [source, other])
      .orderBy("source_id")
      .execute()
    expect(left.map((e) => [e.source_id, e.month?.trim()])).toEqual([
      [source, "2026-12"],
      [other, "2027-01"],
    ])
  })
})
