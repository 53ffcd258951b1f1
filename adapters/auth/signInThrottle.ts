import { type Kysely, sql } from "kysely"
import {
  type FailureCounts,
  isThrottled,
  progressiveDelayMs,
  SIGN_IN_WINDOW_MS,
} from "../../domain/accounts/signInThrottle"
import type { Database } from "../db/schema"

/** Wrong passwords counted in the database, so the limits hold across server instances (rules in the domain). */
export function signInThrottle(db: Kysely<Database>, now: () => number = Date.now) {
  const since = () => new Date(now() - SIGN_IN_WINDOW_MS)
  return {
    async counts(email: string, ip: string): Promise<FailureCounts> {
      return db
        .selectFrom("auth_sign_in_failures")
        .select([
          sql<number>`count(*) filter (where email = ${email} and ip = ${ip})::int`.as("pair"),
          sql<number>`count(*) filter (where ip = ${ip})::int`.as("address"),
        ])
        .where("failed_at", ">", since())
        .where("ip", "=", ip)
        .executeTakeFirstOrThrow()
    },
    async isBlocked(email: string, ip: string): Promise<boolean> {
      return isThrottled(await this.counts(email, ip))
    },
    /** How long to hold an attempt on this account before answering. */
    async delayFor(email: string): Promise<number> {
      const row = await db
        .selectFrom("auth_sign_in_failures")
        .select(sql<number>`count(*)::int`.as("failures"))
        .where("failed_at", ">", since())
        .where("email", "=", email)
        .executeTakeFirstOrThrow()
      return progressiveDelayMs(row.failures)
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await db
        .insertInto("auth_sign_in_failures")
        .values({ email, ip, failed_at: new Date(now()) })
        .execute()
      // Old rows are useless once outside the window; trimming here keeps the table small between purges.
      await db
        .deleteFrom("auth_sign_in_failures")
        .where("failed_at", "<", new Date(now() - 2 * SIGN_IN_WINDOW_MS))
        .execute()
    },
    /** The owner proved who they are (signed in, or reset the password by e-mail): their slate is clean. */
    async clear(email: string): Promise<void> {
      await db.deleteFrom("auth_sign_in_failures").where("email", "=", email).execute()
    },
  }
}
