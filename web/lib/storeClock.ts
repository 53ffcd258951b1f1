/**
 * The store's "now" for the page, on the server and in the browser: the real time, or the store's own clock
 * when it was started at another instant (STORE_CLOCK_START, a demo or an end-to-end test). Countdowns, "today"
 * and the month a page computes then agree with what the server rendered, whatever the browser's clock says.
 * The server names the offset in the page (web/routes/__root.tsx); the browser reads it before hydrating.
 */
let offsetMs = 0

export const STORE_CLOCK_META = "store-clock-offset"

export function setStoreClockOffset(ms: number): void {
  offsetMs = Number.isFinite(ms) ? ms : 0
}

export const storeClockOffset = (): number => offsetMs

export const storeNow = (): number => Date.now() + offsetMs
