import { Effect, Layer } from "effect"
import { sql } from "kysely"
import { Housekeeping } from "../../application/ports/Housekeeping"
import { Db, query } from "../db/DatabaseService"

const HOUR = 60 * 60_000
/** Longer than the longest rate-limit window in use (sign-up: one hour), so no live counter is lost. */
const RATE_LIMIT_ROWS_KEPT_MS = 2 * HOUR
/** Longer than the sign-in throttle window (15 minutes). */
const SIGN_IN_FAILURES_KEPT_MS = 24 * HOUR
/** The payments screen shows a quarter of webhooks; refused ones (anyone can post to the URL) must not pile up. */
export const WEBHOOK_RECEIPTS_KEPT_MS = 90 * 24 * HOUR

export const PostgresHousekeepingLayer = Layer.effect(
  Housekeeping,
  Effect.gen(function* () {
    const { db } = yield* Db
    const count = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0)
    return Housekeeping.of({
      purgeExpired: (now) =>
        query(async () => ({
          verifications: count(
            await sql`delete from auth_verification where "expiresAt" < ${new Date(now)}`.execute(db),
          ),
          rateLimits: count(
            await sql`delete from auth_rate_limit where "lastRequest" < ${now - RATE_LIMIT_ROWS_KEPT_MS}`.execute(
              db,
            ),
          ),
          signInFailures: count(
            await db
              .deleteFrom("auth_sign_in_failures")
              .where("failed_at", "<", new Date(now - SIGN_IN_FAILURES_KEPT_MS))
              .executeTakeFirst()
              .then((r) => ({ numAffectedRows: r.numDeletedRows })),
          ),
          // A profile's views are counted once a visitor a day: yesterday's keys are not needed past today.
          profileViews: count(
            await db
              .deleteFrom("profile_views")
              .where("day", "<", new Date(now - 2 * 24 * HOUR).toISOString().slice(0, 10))
              .executeTakeFirst()
              .then((r) => ({ numAffectedRows: r.numDeletedRows })),
          ),
          webhookReceipts: count(
            await db
              .deleteFrom("webhook_receipts")
              .where("received_at", "<", new Date(now - WEBHOOK_RECEIPTS_KEPT_MS))
              .executeTakeFirst()
              .then((r) => ({ numAffectedRows: r.numDeletedRows })),
          ),
        })),
    })
  }),
)
