/**
 * Keeps the header's unread notifications count current without a reload, by SHORT POLLING
 * `notifications.unread`, not Server-Sent Events:
 * - the store runs on a 2-core server (and on PGlite, single-connection, by default): an SSE stream is an open
 *   connection per signed-in tab, held for hours, that needs a fan-out across instances (LISTEN/NOTIFY or a
 *   bus) the project does not have; a poll is a stateless request any instance answers;
 * - what changes is rare (a reveal a month, a shipment, an announcement): seconds of delay are fine;
 * - the poll is cheap: one indexed query on the customer's unread rows (notifications_user_unread_idx) and a
 *   reply of ~60 bytes; tests/bench/notificationsPoll.ts measures it under 200 customers on PostgreSQL.
 *
 * Every `intervalMs` while the page is visible; at once when the tab comes back or the window gets focus
 * (unless a poll ran in the last `minGapMs`); nothing while hidden; doubling the wait after each failure up to
 * `maxBackoffMs`; stopping for good on an error `isFinal` says ends it (the session expired). The caller
 * compares the summaries (refetching the list only when they changed).
 */
export interface UnreadSummary {
  readonly count: number
  readonly latestAt: number | null
}

export interface PollerPage {
  /** Whether the page is on screen (document.visibilityState). */
  visible(): boolean
  /** Calls back when the page may have become visible or focused; answers the unsubscribe. */
  onWake(listener: () => void): () => void
}

export interface PollerOptions {
  readonly intervalMs: number
  readonly maxBackoffMs?: number
  readonly minGapMs?: number
  /** When the data on screen was fetched (the server's render): the first poll waits for it to age. */
  readonly lastFetchedAt?: number
  readonly now?: () => number
  readonly isFinal?: (error: unknown) => boolean
}

export function startUnreadPoller(
  fetchUnread: () => Promise<UnreadSummary>,
  onSummary: (summary: UnreadSummary) => void,
  page: PollerPage,
  options: PollerOptions,
): () => void {
  const now = options.now ?? Date.now
  const maxBackoffMs = options.maxBackoffMs ?? Math.max(options.intervalMs, 5 * 60_000)
  const minGapMs = options.minGapMs ?? Math.min(5_000, options.intervalMs)
  let timer: ReturnType<typeof setTimeout> | undefined
  let inFlight = false
  let stopped = false
  let failures = 0
  let lastAttemptAt = options.lastFetchedAt ?? 0

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
  }
  const schedule = (delayMs: number) => {
    clear()
    if (!stopped && page.visible()) timer = setTimeout(poll, Math.max(0, delayMs))
  }
  const waitAfter = () =>
    failures === 0 ? options.intervalMs : Math.min(options.intervalMs * 2 ** failures, maxBackoffMs)

  async function poll() {
    clear()
    if (stopped || inFlight || !page.visible()) return
    inFlight = true
    lastAttemptAt = now()
    try {
      const summary = await fetchUnread()
      failures = 0
      if (!stopped) onSummary(summary)
    } catch (error) {
      if (options.isFinal?.(error)) stopped = true
      failures += 1
    } finally {
      inFlight = false
    }
    schedule(waitAfter())
  }

  const wake = () => {
    if (stopped || inFlight) return
    if (!page.visible()) return clear()
    // Focus and visibilitychange come together: one poll. After a failure the back-off still holds.
    const since = now() - lastAttemptAt
    if (since >= (failures > 0 ? waitAfter() : minGapMs)) return schedule(0)
    // Polled a moment ago: the usual wait, unless one is already counting down.
    if (timer === undefined) schedule(waitAfter() - since)
  }

  const unsubscribe = page.onWake(wake)
  schedule(options.intervalMs - (now() - lastAttemptAt))
  return () => {
    stopped = true
    clear()
    unsubscribe()
  }
}

/** The browser's page: visibilitychange and focus wake the poller. */
export const browserPage: PollerPage = {
  visible: () => document.visibilityState === "visible",
  onWake: (listener) => {
    document.addEventListener("visibilitychange", listener)
    window.addEventListener("focus", listener)
    return () => {
      document.removeEventListener("visibilitychange", listener)
      window.removeEventListener("focus", listener)
    }
  },
}
