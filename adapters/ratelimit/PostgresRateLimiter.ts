import { Effect, Layer } from "effect"
import { RateLimiter } from "../../application/ports/RateLimiter"
import { Db } from "../db/DatabaseService"
import { withExecutor } from "../db/transaction"
import { dbRateLimiter } from "./dbRateLimit"

export const PostgresRateLimiterLayer = Layer.effect(
  RateLimiter,
  Effect.gen(function* () {
    const { db } = yield* Db
    // Joins the caller's unit of work: on PGlite's single connection, a counter bypassing an open transaction
    // would wait for it forever.
    return RateLimiter.of({
      hit: (key, max, windowMs) =>
        withExecutor(db, (executor) => dbRateLimiter(executor)(key, max, windowMs)),
    })
  }),
)
