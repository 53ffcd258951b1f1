import { type Kysely, sql } from "kysely"
import type { Database } from "../db/schema"

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505"

/**
 * A fixed-window counter kept in the database (better-auth's rate-limit table, under our own key prefix),
 * so a limit holds across server instances. Answers whether this hit is within the limit.
 */
export function dbRateLimiter(db: Kysely<Database>, now: () => number = Date.now) {
  const hit = async (key: string, windowMs: number) => {
    const at = now()
    const result = await sql<{ count: number }>`
      insert into auth_rate_limit (id, key, count, "lastRequest") values (${key}, ${key}, 1, ${at})
      on conflict (key) do update set
        count = case when auth_rate_limit."lastRequest" < ${at - windowMs} then 1 else auth_rate_limit.count + 1 end,
        "lastRequest" = case when auth_rate_limit."lastRequest" < ${at - windowMs} then ${at} else auth_rate_limit."lastRequest" end
      returning count`.execute(db)
    return result.rows[0]?.count ?? 0
  }
  return async (key: string, max: number, windowMs: number): Promise<boolean> => {
    // The table's primary key is unique too and not the conflict's arbiter: two first hits of a key at the same
    // moment (a double click) can meet there instead. The loser counts again, on the row the winner made.
    const count = await hit(key, windowMs).catch((error: unknown) => {
      if (isUniqueViolation(error)) return hit(key, windowMs)
      throw error
    })
    return count <= max
  }
}
