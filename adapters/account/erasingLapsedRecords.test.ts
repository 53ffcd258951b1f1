import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { eraseLapsedRecords } from "../../application/account/eraseLapsedRecords"
import { Clock } from "../../application/ports/Clock"
import { OrderStore } from "../../application/ports/OrderStore"
import type { PersonalData } from "../../application/ports/PersonalData"
import { type CivilDate, saoPauloInstant } from "../../domain/calendar"
import { anAttempt, anOrder } from "../../tests/fakes/orderFixtures"
import { migrated, type TestDatabase, testDatabases } from "../../tests/support/databases"
import type { DatabaseHandle } from "../db/connect"
import { Db } from "../db/DatabaseService"
import { PostgresOrderStoreLayer } from "../orders/PostgresOrderStore"
import { seedDemoCatalog } from "../seed/seedDemoCatalog"
import { PostgresPersonalDataLayer } from "./PostgresPersonalData"

const databases = await testDatabases()

const day = (year: number, month: number, date: number): CivilDate => ({ year, month, day: date })
/** The purchase, on 7 December 2026 in São Paulo; the records are kept through 7 December 2031. */
const BOUGHT = saoPauloInstant(day(2026, 12, 7), 10)
const FIVE_YEARS_LESS_A_DAY = saoPauloInstant(day(2031, 12, 6), 12)
const FIVE_YEARS_AND_A_DAY = saoPauloInstant(day(2031, 12, 8), 12)

const ids = {
  lapsed: "7a1c1d52-0000-4000-8000-000000000001",
  lapsedAttempt: "7a1c1d52-0000-4000-8000-000000000002",
  owned: "7a1c1d52-0000-4000-8000-000000000003",
  recent: "7a1c1d52-0000-4000-8000-000000000004",
}

describe.each(databases)(
  "erasing a deleted account's records past their retention on $name",
  (database: TestDatabase) => {
    let handle: DatabaseHandle
    let now = BOUGHT
    const run = <A>(effect: Effect.Effect<A, never, Clock | OrderStore | PersonalData>) =>
      Effect.runPromise(
        Effect.provide(
          effect,
          Layer.mergeAll(
            PostgresPersonalDataLayer,
            PostgresOrderStoreLayer,
            Layer.succeed(Clock, Clock.of({ now: () => Effect.sync(() => now) })),
          ).pipe(Layer.provideMerge(Db.fromHandle(handle))),
        ) as Effect.Effect<A>,
      )
    const order = (id: string) =>
      handle.db
        .selectFrom("orders")
        .select(["cpf", "address", "total_cents", "placed_at", "personal_data_erased_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow()

    beforeAll(async () => {
      handle = await migrated(database)
      await seedDemoCatalog(handle.db, BOUGHT)
      const products = await handle.db
        .selectFrom("collection_products")
        .select(["id", "collection_id"])
        .limit(2)
        .execute()
      await handle.db
        .insertInto("auth_user")
        .values({
          id: "u-ana",
          name: "Ana",
          email: "ana@example.com",
          emailVerified: true,
          role: null,
          appRole: null,
        })
        .execute()
      const lines = anOrder().lines.map((line, i) => ({
        ...line,
        productId: products[i]?.id ?? "",
        collectionId: products[i]?.collection_id ?? "",
      }))
      const orders = [
        { id: ids.lapsed, number: "LG-2026-000201", placedAt: BOUGHT },
        { id: ids.owned, number: "LG-2026-000202", placedAt: BOUGHT },
        { id: ids.recent, number: "LG-2026-000203", placedAt: BOUGHT + 2 * 24 * 60 * 60_000 },
      ]
      await run(
        OrderStore.use((store) =>
          Effect.gen(function* () {
            for (const [i, o] of orders.entries())
              yield* store.insertIfNew(
                anOrder({
                  ...o,
                  userId: "u-ana",
                  trackingCode: `8R1CG2-G03G1${i}`,
                  lines,
                  couponId: null,
                  currentAttemptId: o.id === ids.lapsed ? ids.lapsedAttempt : null,
                }),
                `key-lapsed-00000000${i}`,
              )
            yield* store.insertAttempt(
              anAttempt({ id: ids.lapsedAttempt, orderId: ids.lapsed, method: "card", cardLastFour: "4242" }),
            )
          }),
        ),
      )
      await handle.db
        .insertInto("refunds")
        .values({
          id: "7a1c1d52-0000-4000-8000-000000000005",
          order_id: ids.lapsed,
          amount_cents: 1000,
          reason: "damage",
          note: "Cliente Ana Souza mandou fotos pelo WhatsApp 11 98765-4321",
          status: "completed",
          requested_at: new Date(BOUGHT),
        })
        .execute()
      await handle.db
        .insertInto("order_audit")
        .values({
          id: "7a1c1d52-0000-4000-8000-000000000006",
          order_id: ids.lapsed,
          action: "cancel",
          actor_kind: "customer",
          actor_id: "u-ana",
          actor_email: "ana@example.com",
          action_key: "lapsed-audit-0001",
          details: JSON.stringify({}),
          created_at: new Date(BOUGHT),
        })
        .execute()
      // Two orders were left by a deleted account, kept with no owner; the third one's account is still open.
      await handle.db
        .updateTable("orders")
        .set({ user_id: null })
        .where("id", "in", [ids.lapsed, ids.recent])
        .execute()
    })
    afterAll(async () => {
      await handle?.close()
      await database.dispose()
    })

    it("keeps everything a day before five years, erases the person a day after, and only once", async () => {
      const before = await order(ids.lapsed)
      const linesBefore = (await run(OrderStore.use((s) => s.get(ids.lapsed))))?.lines
      expect(linesBefore).toHaveLength(2)
      now = FIVE_YEARS_LESS_A_DAY
      expect(await run(eraseLapsedRecords())).toEqual({ erased: 0 })
      expect(await order(ids.lapsed)).toEqual(before)

      now = FIVE_YEARS_AND_A_DAY
      expect(await run(eraseLapsedRecords())).toEqual({ erased: 1 })
      const erased = await order(ids.lapsed)
      // The sales figures stay: amounts, the purchase's instant, the lines and their edition numbers, city and state.
      expect(erased).toMatchObject({
        cpf: null,
        total_cents: before.total_cents,
        placed_at: before.placed_at,
      })
      expect(erased.address).toEqual({
        name: "",
        street: "",
        number: "",
        complement: "",
        neighborhood: "",
        zipCode: "",
        city: before.address.city,
        state: before.address.state,
      })
      expect(erased.personal_data_erased_at).not.toBeNull()
      const kept = await run(OrderStore.use((s) => s.get(ids.lapsed)))
      expect(kept?.lines).toEqual(linesBefore)
      expect(
        await handle.db
          .selectFrom("payment_attempts")
          .select(["card_last_four", "pix", "amount_cents", "status"])
          .where("order_id", "=", ids.lapsed)
          .execute(),
      ).toEqual([{ card_last_four: null, pix: null, amount_cents: 56841, status: "pending" }])
      expect(
        await handle.db
          .selectFrom("refunds")
          .select(["note", "amount_cents"])
          .where("order_id", "=", ids.lapsed)
          .execute(),
      ).toEqual([{ note: "", amount_cents: 1000 }])
      expect(
        await handle.db
          .selectFrom("order_audit")
          .select(["actor_id", "actor_email", "action"])
          .where("order_id", "=", ids.lapsed)
          .execute(),
      ).toEqual([{ actor_id: null, actor_email: null, action: "cancel" }])

      // An account still open keeps its order whatever its age; a later purchase waits for its own five years.
      expect(await order(ids.owned)).toMatchObject({ cpf: "12345678909", personal_data_erased_at: null })
      expect((await order(ids.owned)).address.street).not.toBe("")
      expect(await order(ids.recent)).toMatchObject({ cpf: "12345678909", personal_data_erased_at: null })

      // Again: nothing left to erase, the mark unmoved.
      expect(await run(eraseLapsedRecords())).toEqual({ erased: 0 })
      expect((await order(ids.lapsed)).personal_data_erased_at).toEqual(erased.personal_data_erased_at)
    })
  },
)
