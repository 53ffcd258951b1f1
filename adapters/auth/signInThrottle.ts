import { type Kysely, sql } from "kysely"
import type { Database } from "../db/schema"

export const SIGN_IN_WINDOW_MS = 15 * 60_000
export const MAX_SIGN_IN_FAILURES = 10

/**
 * Failed sign-ins counted in the database, so the limit holds across server instances: at most 10 failures
 * per account and 10 per client address in any 15 minutes. A success clears the account's count.
 */
export function signInThrottle(db: Kysely<Database>, now: () => number = Date.now) {
  const since = () => new Date(now() - SIGN_IN_WINDOW_MS)
  return {
    async isBlocked(email: string, ip: string): Promise<boolean> {
      const row = await db
        .selectFrom("auth_sign_in_failures")
        .select([
          sql<number>`count(*) filter (where email = ${email})::int`.as("byEmail"),
          sql<number>`count(*) filter (where ip = ${ip})::int`.as("byIp"),
        ])
        .where("failed_at", ">", since())
        .where((eb) => eb.or([eb("email", "=", email), eb("ip", "=", ip)]))
        .executeTakeFirstOrThrow()
      return row.byEmail >= MAX_SIGN_IN_FAILURES || row.byIp >= MAX_SIGN_IN_FAILURES
    },
    async recordFailure(email: string, ip: string): Promise<void> {
      await db
        .insertInto("auth_sign_in_failures")
        .values({ email, ip, failed_at: new Date(now()) })
        .execute()
      // Old rows are useless once outside the window; trimming here keeps the table small without a job.
      await db
        .deleteFrom("auth_sign_in_failures")
        .where("failed_at", "<", new Date(now() - 2 * SIGN_IN_WINDOW_MS))
        .execute()
    },
    async clear(email: string): Promise<void> {
      await db.deleteFrom("auth_sign_in_failures").where("email", "=", email).execute()
    },
  }
}
