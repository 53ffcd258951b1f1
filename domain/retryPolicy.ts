/**
 * When to try again after a failure: exponential back-off with "equal jitter" (half the delay fixed, half
 * random), so instances that failed together do not retry together, and a retry never comes sooner than half
 * the nominal delay. After `maxAttempts` failures the work is parked for a person to look at.
 */
export interface RetryPolicy {
  readonly baseDelayMs: number
  readonly maxDelayMs: number
  readonly maxAttempts: number
}

/** 5 s, 10 s, 20 s … capped at 1 h; twelve attempts span about three and a half hours (an SMTP outage, say). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 5_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 12,
}

export type RetryDecision = { readonly kind: "retry"; readonly delayMs: number } | { readonly kind: "park" }

/** The nominal delay after the `failures`-th failure (1-based), before jitter. */
export function nominalDelay(policy: RetryPolicy, failures: number): number {
  const exponent = Math.max(0, Math.trunc(failures) - 1)
  // 2^exponent overflows to Infinity long after the cap applies, and Math.min handles Infinity.
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** exponent)
}

/**
 * @param failures how many times it has failed, this failure included (1 after the first)
 * @param random a number in [0, 1), from the caller, so the policy stays deterministic
 */
export function afterFailure(policy: RetryPolicy, failures: number, random: number): RetryDecision {
  if (failures >= policy.maxAttempts) return { kind: "park" }
  const nominal = nominalDelay(policy, failures)
  const jitter = Math.min(Math.max(random, 0), 1)
  return { kind: "retry", delayMs: Math.round(nominal / 2 + (nominal / 2) * jitter) }
}
