import { Effect } from "effect"
import { TooManyRequests } from "../errors"
import { ClientAddress } from "../ports/ClientAddress"
import { RateLimiter } from "../ports/RateLimiter"

export interface Limit {
  /** Names the counter; the client's address completes the key. */
  readonly bucket: string
  readonly max: number
  readonly windowMs: number
  /** What the person is told, in pt-BR. */
  readonly message: string
}

/** Fails with TooManyRequests once the client's address used up the limit. */
export const limitRequests = Effect.fnUntraced(function* (limit: Limit) {
  const address = yield* ClientAddress
  const allowed = yield* (yield* RateLimiter).hit(`${limit.bucket}:${address}`, limit.max, limit.windowMs)
  if (!allowed) return yield* new TooManyRequests({ message: limit.message })
})
