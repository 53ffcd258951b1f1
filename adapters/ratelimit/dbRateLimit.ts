import { type Kysely, sql } from "kysely"
import type { Database } from "../db/schema"

/**
 * A fixed-window counter kept in the database (better-auth's rate-limit table, under our own key prefix),
 * so a limit holds across server instances. Answers whether this hit is within the limit.
 */
export function dbRateLimiter(db: Kysely<Database>, now: () => number = Date.now) {
  return async (key: string, max: number, windowMs: number): Promise<boolean> => {
    const at = now()
    const result = await sql<{ count: number }>`
      insert into auth_rate_limit (id, key, count, "lastRequest") values (${key}, ${key}, 1, ${at})
      on conflict (key) do update set
        count = case when auth_rate_limit."lastRequest" < ${at - windowMs} then 1 else auth_rate_limit.count + 1 end,
        "lastRequest" = case when auth_rate_limit."lastRequest" < ${at - windowMs} then ${at} else auth_rate_limit."lastRequest" end
      returning count`.execute(db)
    return (result.rows[0]?.count ?? 0) <= max
  }
}
