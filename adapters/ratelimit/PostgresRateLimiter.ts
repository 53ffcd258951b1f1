import { Effect, Layer } from "effect"
import { RateLimiter } from "../../application/ports/RateLimiter"
import { Db, query } from "../db/DatabaseService"
import { dbRateLimiter } from "./dbRateLimit"

export const PostgresRateLimiterLayer = Layer.effect(
  RateLimiter,
  Effect.gen(function* () {
    const { db } = yield* Db
    const hit = dbRateLimiter(db)
    return RateLimiter.of({ hit: (key, max, windowMs) => query(() => hit(key, max, windowMs)) })
  }),
)
