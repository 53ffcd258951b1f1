import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import type { StoredCharge, StoredSubscription } from "../../application/ports/SubscriptionStore"
import { SubscriptionStore } from "../../application/ports/SubscriptionStore"
import type { RecurringPlanId } from "../../domain/subscriptions/plans"
import { Db } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import type { SubscriptionChargesTable, SubscriptionsTable } from "../db/tables/subscriptions"
import { withExecutor } from "../db/transaction"
import { isUuid } from "../db/uuid"
import { civil, civilText, ms } from "../orders/orderRows"

const date = (at: number | null) => (at === null ? null : new Date(at))
const msOrNull = (d: Date | string | null) => (d === null ? null : ms(d))
const trim = (text: string | null) => (text === null ? null : text.trim())

function toSubscription(row: Selectable<SubscriptionsTable>): StoredSubscription {
  return {
    id: row.id,
    userId: row.user_id ?? "",
    collectionId: row.collection_id,
    idempotencyKey: row.idempotency_key,
    planId: row.plan_id as RecurringPlanId,
    frequencyMonths: row.frequency_months === 2 ? 2 : 1,
    amount: row.amount_cents,
    status: row.status,
    cpf: row.cpf ?? "",
    preapprovalId: row.preapproval_id,
    cardLastFour: row.card_last_four,
    paymentMethodId: row.payment_method_id,
    coveredFrom: trim(row.covered_from),
    coveredThrough: trim(row.covered_through),
    lastPaidCycle: trim(row.last_paid_cycle),
    retryOn: civil(row.retry_on),
    pausedBy: row.paused_by,
    pausedUntil: civil(row.paused_until),
    pausedAt: msOrNull(row.paused_at),
    cancelAt: msOrNull(row.cancel_at),
    cancelReason: row.cancel_reason,
    cancelledAt: msOrNull(row.cancelled_at),
    activatedAt: msOrNull(row.activated_at),
    createdAt: ms(row.created_at),
    updatedAt: ms(row.updated_at),
  }
}

/** The columns a save writes: everything but the identity, the key and what was asked when subscribing. */
const stateColumns = (s: StoredSubscription) => ({
  status: s.status,
  preapproval_id: s.preapprovalId,
  card_last_four: s.cardLastFour,
  payment_method_id: s.paymentMethodId,
  covered_from: s.coveredFrom,
  covered_through: s.coveredThrough,
  last_paid_cycle: s.lastPaidCycle,
  retry_on: civilText(s.retryOn),
  paused_by: s.pausedBy,
  paused_until: civilText(s.pausedUntil),
  paused_at: date(s.pausedAt),
  cancel_at: date(s.cancelAt),
  cancel_reason: s.cancelReason,
  cancelled_at: date(s.cancelledAt),
  activated_at: date(s.activatedAt),
  updated_at: new Date(s.updatedAt),
})

function toCharge(row: Selectable<SubscriptionChargesTable>): StoredCharge {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    status: row.status,
    statusDetail: row.status_detail,
    amount: row.amount_cents,
    chargedAt: ms(row.charged_at),
    retryAttempt: row.retry_attempt,
    months: typeof row.months === "string" ? JSON.parse(row.months) : row.months,
  }
}

export const PostgresSubscriptionStoreLayer = Layer.effect(
  SubscriptionStore,
  Effect.gen(function* () {
    const { db } = yield* Db
    const run = <A>(body: (executor: Kysely<Database>) => Promise<A>) => withExecutor(db, body)
    const read = (id: string, lock: boolean) =>
      isUuid(id)
        ? run(async (executor) => {
            const query = executor.selectFrom("subscriptions").selectAll().where("id", "=", id)
            const row = await (lock ? query.forUpdate() : query).executeTakeFirst()
            return row ? toSubscription(row) : null
          })
        : Effect.succeed(null)
    return SubscriptionStore.of({
      insertIfNew: (s) =>
        run(async (executor) => {
          // Held to the end of the unit of work: the check below and the insert are one step for this pair.
          await sql`select pg_advisory_xact_lock(hashtext(${`subscription:${s.userId}:${s.collectionId}`}))`.execute(
            executor,
          )
          const live =
            s.status !== "cancelled" &&
            (await executor
              .selectFrom("subscriptions")
              .select("id")
              .where("user_id", "=", s.userId)
              .where("collection_id", "=", s.collectionId)
              .where("status", "<>", "cancelled")
              .where("idempotency_key", "<>", s.idempotencyKey)
              .executeTakeFirst())
          if (live) return false
          const inserted = await executor
            .insertInto("subscriptions")
            .values({
              id: s.id,
              user_id: s.userId,
              collection_id: s.collectionId,
              idempotency_key: s.idempotencyKey,
              plan_id: s.planId,
              frequency_months: s.frequencyMonths,
              amount_cents: s.amount,
              cpf: s.cpf,
              created_at: new Date(s.createdAt),
              checked_at: new Date(s.createdAt),
              ...stateColumns(s),
            })
            .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing())
            .returning("id")
            .executeTakeFirst()
          return inserted !== undefined
        }),
      findByKey: (userId, key) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("subscriptions")
            .selectAll()
            .where("user_id", "=", userId)
            .where("idempotency_key", "=", key)
            .executeTakeFirst()
          return row ? toSubscription(row) : null
        }),
      get: (id) => read(id, false),
      lock: (id) => read(id, true),
      save: (s) =>
        run(async (executor) => {
          await executor.updateTable("subscriptions").set(stateColumns(s)).where("id", "=", s.id).execute()
        }),
      listForUser: (userId) =>
        run(async (executor) => {
          const rows = await executor
            .selectFrom("subscriptions")
            .selectAll()
            .where("user_id", "=", userId)
            .orderBy("created_at", "desc")
            .execute()
          return rows.map(toSubscription)
        }),
      toReconcile: (month, before, limit) =>
        run(async (executor) => {
          const rows = await executor
            .selectFrom("subscriptions")
            .select("id")
            .where("status", "<>", "cancelled")
            .where("checked_at", "<", new Date(before))
            .where((eb) =>
              eb.or([
                eb("status", "in", ["pending", "past_due"]),
                eb.and([
                  eb("status", "=", "active"),
                  eb("cancel_at", "is", null),
                  eb.or([eb("covered_through", "is", null), eb("covered_through", "<", month)]),
                ]),
              ]),
            )
            .orderBy("checked_at")
            .limit(limit)
            .execute()
          return rows.map((r) => r.id)
        }),
      withDuePeriods: (now, limit) =>
        run(async (executor) => {
          const rows = await executor
            .selectFrom("subscriptions")
            .select("id")
            .where("status", "<>", "cancelled")
            .where((eb) => eb.or([eb("status", "=", "paused"), eb("cancel_at", "<=", new Date(now))]))
            .orderBy("id")
            .limit(limit)
            .execute()
          return rows.map((r) => r.id)
        }),
      touch: (id, now) =>
        run(async (executor) => {
          await executor
            .updateTable("subscriptions")
            .set({ checked_at: new Date(now) })
            .where("id", "=", id)
            .execute()
        }),
      lockCharge: (chargeId) =>
        run(async (executor) => {
          const row = await executor
            .selectFrom("subscription_charges")
            .selectAll()
            .where("id", "=", chargeId)
            .forUpdate()
            .executeTakeFirst()
          return row ? toCharge(row) : null
        }),
      saveCharge: (c) =>
        run(async (executor) => {
          const columns = {
            status: c.status,
            status_detail: c.statusDetail,
            amount_cents: c.amount,
            charged_at: new Date(c.chargedAt),
            retry_attempt: c.retryAttempt,
            months: JSON.stringify(c.months),
          }
          await executor
            .insertInto("subscription_charges")
            .values({ id: c.id, subscription_id: c.subscriptionId, ...columns })
            .onConflict((oc) => oc.column("id").doUpdateSet(columns))
            .execute()
        }),
      chargesOf: (subscriptionId) =>
        isUuid(subscriptionId)
          ? run(async (executor) => {
              const rows = await executor
                .selectFrom("subscription_charges")
                .selectAll()
                .where("subscription_id", "=", subscriptionId)
                .orderBy("charged_at", "desc")
                .execute()
              return rows.map(toCharge)
            })
          : Effect.succeed([]),
    })
  }),
)
