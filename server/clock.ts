import { offsetClock } from "../adapters/clock/SystemClock"
import type { Config } from "./config"

const clocks = new WeakMap<Config, () => number>()

/**
 * The store's "now" for the server's own code (seeding, page rendering, the Clock port): the real time, or
 * STORE_CLOCK_START's offset clock in a sandbox store. One clock per configuration, started once.
 */
export function storeNow(config: Config): () => number {
  const start = config.STORE_CLOCK_START
  if (!start) return Date.now
  const known = clocks.get(config)
  if (known) return known
  const now = offsetClock(Date.parse(start))
  clocks.set(config, now)
  return now
}

/** How far the store's clock runs from the real time: 0 without STORE_CLOCK_START. Pages carry it (web/lib/storeClock.ts). */
export const storeClockOffsetOf = (config: Config): number =>
  config.STORE_CLOCK_START ? storeNow(config)() - Date.now() : 0
