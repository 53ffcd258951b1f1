import type { Performers } from "./OrderActions"

/** The order actions' procedures, as far as the server has them. */
export function usePerformers(): Performers {
  return {}
}
