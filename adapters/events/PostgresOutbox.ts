import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Clock } from "../../application/ports/Clock"
import { EventOutbox } from "../../application/ports/EventOutbox"
import { EventQueue } from "../../application/ports/EventQueue"
import type { Delivery } from "../../domain/delivery"
import { EVENT_VERSIONS, isEventType, type RecordedEvent } from "../../domain/events"
import { Db, query } from "../db/DatabaseService"
import type { Database } from "../db/schema"
import { withExecutor } from "../db/transaction"

/** The NOTIFY channel that wakes dispatchers; the notification is delivered when the recording commits. */
export const OUTBOX_CHANNEL = "store_outbox"

const KNOWN_VERSIONS = JSON.stringify(EVENT_VERSIONS)

/** Thrown to roll a re-queue back when a dispatcher holds the event. */
const LEASE_HELD = Symbol("lease held")

const at = (ms: number) => new Date(ms)

/**
 * Marks (event, handler) pairs applied; answers the pairs that were not yet. The row lock of the upsert
 * serialises two deliveries of one pair: the second finds it applied.
 */
const markApplied = (eventId: number, handlers: readonly string[]) =>
  sql<{ handler: string }>`insert into outbox_deliveries (event_id, handler, status, updated_at)
    select ${eventId}, handler, 'applied', now() from unnest(${handlers}::text[]) as handler
    on conflict (event_id, handler) do update set status = 'applied', retry_at = null, updated_at = now()
      where outbox_deliveries.status <> 'applied'
    returning handler`
const ms = (value: Date | string | null) => (value === null ? null : new Date(value).getTime())

const notify = (executor: Kysely<Database>) => sql`select pg_notify(${OUTBOX_CHANNEL}, '')`.execute(executor)

/**
 * An event's instant and its first due time come from the store's Clock, as every instant a handler compares
 * with (a link's age, the month a piece was bought in): stamped by the database's clock they would disagree
 * with the store's whenever the two differ (a store clock set for a demo, a database on another host).
 */
export const PostgresEventOutboxLayer = Layer.effect(
  EventOutbox,
  Effect.gen(function* () {
    const { db } = yield* Db
    const clock = yield* Clock
    return EventOutbox.of({
      record: (events) =>
        events.length === 0
          ? Effect.void
          : // One round trip: a data-modifying WITH runs to completion whatever the outer select reads.
            Effect.flatMap(clock.now(), (now) =>
              withExecutor(db, (executor) =>
                executor
                  .with("recorded", (qb) =>
                    qb.insertInto("outbox_events").values(
                      events.map((event) => ({
                        type: event.type,
                        version: event.version,
                        aggregate_id: event.aggregateId,
                        payload: JSON.stringify(event.payload),
                        occurred_at: at(now),
                        next_attempt_at: at(now),
                      })),
                    ),
                  )
                  .selectNoFrom(sql`pg_notify(${OUTBOX_CHANNEL}, '')`.as("notified"))
                  .execute(),
              ),
            ),
    })
  }),
)

/**
 * The dispatcher's queue. A claim is a lease, not a held row lock: the claiming transaction is over before any
 * handler runs, so no transaction stays open across a call to the outside world, and a holder that dies mid-batch
 * only delays its events until the lease runs out. Leases run on the database's clock, which every instance
 * shares; when an event is due is the store's Clock, which set the retry times it is compared with.
 */
export const PostgresEventQueueLayer = (instanceId: string) =>
  Layer.effect(
    EventQueue,
    Effect.gen(function* () {
      const { db } = yield* Db
      const clock = yield* Clock
      return EventQueue.of({
        claim: (limit, leaseMs) =>
          Effect.flatMap(clock.now(), (now) =>
            query(async () => {
              const claimed = await sql<{
                id: number
                type: string
                version: number
                aggregate_id: string
                payload: unknown
                occurred_at: Date
              }>`
              update outbox_events set locked_until = now() + ${leaseMs} * interval '1 millisecond',
                locked_by = ${instanceId}
              where id in (
                select id from outbox_events
                where status = 'pending' and next_attempt_at <= ${at(now)}
                  and (locked_until is null or locked_until < now())
                  -- Events of a type or version this build does not know wait for one that does (rolling deploys).
                  and version <= coalesce((${KNOWN_VERSIONS}::jsonb ->> type)::int, 0)
                order by next_attempt_at, id
                limit ${limit}
                for update skip locked)
              returning id, type, version, aggregate_id, payload, occurred_at`.execute(db)
              const rows = claimed.rows.sort((a, b) => a.id - b.id)
              if (rows.length === 0) return []
              const deliveries = await db
                .selectFrom("outbox_deliveries")
                .select(["event_id", "handler", "status", "attempts", "retry_at"])
                .where(
                  "event_id",
                  "in",
                  rows.map((r) => r.id),
                )
                .execute()
              return rows.flatMap((row) => {
                if (!isEventType(row.type)) return []
                const event = {
                  id: String(row.id),
                  type: row.type,
                  version: row.version,
                  aggregateId: row.aggregate_id,
                  payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
                  occurredAt: new Date(row.occurred_at).getTime(),
                } as RecordedEvent
                return [
                  {
                    event,
                    deliveries: deliveries
                      .filter((d) => d.event_id === row.id)
                      .map(
                        (d): Delivery => ({
                          handler: d.handler,
                          status: d.status,
                          attempts: d.attempts,
                          retryAt: ms(d.retry_at),
                        }),
                      ),
                  },
                ]
              })
            }),
          ),

        renew: (eventId, leaseMs) =>
          query(() =>
            sql`update outbox_events set locked_until = now() + ${leaseMs} * interval '1 millisecond'
                where id = ${Number(eventId)} and locked_by = ${instanceId} and status = 'pending'
                returning id`.execute(db),
          ).pipe(Effect.map((result) => result.rows.length === 1)),

        release: (eventIds) =>
          eventIds.length === 0
            ? Effect.void
            : query(() =>
                db
                  .updateTable("outbox_events")
                  .set({ locked_until: null, locked_by: null })
                  .where("id", "in", eventIds.map(Number))
                  .where("locked_by", "=", instanceId)
                  .execute(),
              ),

        markApplied: (eventId, handler) =>
          withExecutor(db, async (executor) => {
            const result = await markApplied(Number(eventId), [handler]).execute(executor)
            return result.rows.length === 1
          }),

        recordFailure: (eventId, handler, failure) =>
          query(() =>
            db
              .insertInto("outbox_deliveries")
              .values({
                event_id: Number(eventId),
                handler,
                status: failure.retryAt === null ? "parked" : "failed",
                attempts: failure.attempts,
                last_error: failure.error,
                retry_at: failure.retryAt === null ? null : at(failure.retryAt),
              })
              .onConflict((oc) =>
                oc
                  .columns(["event_id", "handler"])
                  .doUpdateSet((eb) => ({
                    status: eb.ref("excluded.status"),
                    attempts: eb.ref("excluded.attempts"),
                    last_error: eb.ref("excluded.last_error"),
                    retry_at: eb.ref("excluded.retry_at"),
                    updated_at: sql`now()`,
                  }))
                  // An applied delivery stays applied, whatever a late duplicate reports.
                  .where("outbox_deliveries.status", "<>", "applied"),
              )
              .execute(),
          ),

        settle: (eventId, progress, applied) => {
          const pending = progress.status === "pending"
          return Effect.flatMap(clock.now(), (now) =>
            query(() =>
              sql`with marked as (${markApplied(Number(eventId), applied)})
                update outbox_events set status = ${progress.status}, locked_until = null, locked_by = null,
                  next_attempt_at = ${pending ? at(progress.retryAt) : sql`next_attempt_at`},
                  finished_at = ${pending ? null : at(now)}
                -- A holder whose lease ran out must not overwrite what the instance that took over decides.
                where id = ${Number(eventId)} and locked_by = ${instanceId}`.execute(db),
            ),
          )
        },

        parked: (limit) =>
          query(() =>
            db
              .selectFrom("outbox_deliveries as d")
              .innerJoin("outbox_events as e", "e.id", "d.event_id")
              .select([
                "d.event_id",
                "e.type",
                "e.aggregate_id",
                "d.handler",
                "d.attempts",
                "d.last_error",
                "e.occurred_at",
                "d.updated_at",
              ])
              .where("d.status", "=", "parked")
              .orderBy("d.updated_at", "desc")
              .limit(limit)
              .execute(),
          ).pipe(
            Effect.map((rows) =>
              rows.map((r) => ({
                eventId: String(r.event_id),
                type: r.type,
                aggregateId: r.aggregate_id,
                handler: r.handler,
                attempts: r.attempts,
                lastError: r.last_error,
                occurredAt: new Date(r.occurred_at).getTime(),
                parkedAt: new Date(r.updated_at).getTime(),
              })),
            ),
          ),

        requeue: (eventId, handler, now) =>
          query(() =>
            db
              .transaction()
              .execute(async (trx) => {
                const reset = await trx
                  .updateTable("outbox_deliveries")
                  .set({ status: "pending", attempts: 0, retry_at: null, updated_at: sql`now()` })
                  .where("event_id", "=", Number(eventId))
                  .where("handler", "=", handler)
                  .where("status", "=", "parked")
                  .executeTakeFirst()
                if (Number(reset.numUpdatedRows) === 0) return false
                // A dispatcher working on the event would settle it from what it read before this change.
                const event = await trx
                  .updateTable("outbox_events")
                  .set({ status: "pending", next_attempt_at: at(now), finished_at: null })
                  .where("id", "=", Number(eventId))
                  .where((eb) =>
                    eb.or([eb("locked_until", "is", null), eb("locked_until", "<", sql<Date>`now()`)]),
                  )
                  .executeTakeFirst()
                if (Number(event.numUpdatedRows) === 0) throw LEASE_HELD
                await notify(trx)
                return true
              })
              .catch((error) => {
                if (error === LEASE_HELD) return false
                throw error
              }),
          ),

        wakeIfDue: () =>
          Effect.flatMap(clock.now(), (now) =>
            query(() =>
              sql`select pg_notify(${OUTBOX_CHANNEL}, '') from outbox_events
                where status = 'pending' and next_attempt_at <= ${at(now)}
                  and (locked_until is null or locked_until < now())
                limit 1`.execute(db),
            ),
          ).pipe(Effect.asVoid),

        purgeFinished: (before) =>
          query(() =>
            db
              .deleteFrom("outbox_events")
              .where("status", "=", "done")
              .where("finished_at", "<", at(before))
              .executeTakeFirst(),
          ).pipe(Effect.map((r) => Number(r.numDeletedRows))),
      })
    }),
  )
