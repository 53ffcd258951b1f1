/**
 * Wrong passwords are limited per account *and address pair*, so someone failing an account's password from
 * many addresses cannot lock its owner out; an address trying many accounts is limited on its own; and every
 * further failure on an account slows the next attempt on it, from anywhere, so guessing stays slow.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60_000
/** One account from one address. */
export const MAX_FAILURES_PER_PAIR = 10
/** Any accounts from one address (credential stuffing). */
export const MAX_FAILURES_PER_ADDRESS = 30

export interface FailureCounts {
  /** This account from this address, in the window. */
  readonly pair: number
  /** Any account from this address, in the window. */
  readonly address: number
}

export function isThrottled(counts: FailureCounts): boolean {
  return counts.pair >= MAX_FAILURES_PER_PAIR || counts.address >= MAX_FAILURES_PER_ADDRESS
}

/** The wait before answering an attempt on an account that has failed `failures` times lately (from anywhere). */
export function progressiveDelayMs(failures: number): number {
  return failures <= 3 ? 0 : Math.min(8_000, 250 * 2 ** (failures - 4))
}
