import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { type PollerPage, startUnreadPoller, type UnreadSummary } from "./unreadPoller"

/** A page whose visibility the test sets, and whose wake-ups (focus, visibilitychange) it fires. */
function fakePage() {
  let visible = true
  const listeners = new Set<() => void>()
  const page: PollerPage = {
    visible: () => visible,
    onWake: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return {
    page,
    listeners,
    show: (v: boolean) => {
      visible = v
      for (const l of listeners) l()
    },
    focus: () => {
      for (const l of listeners) l()
    },
  }
}

const summary = (count: number): UnreadSummary => ({ count, latestAt: count ? 1000 + count : null })

describe("startUnreadPoller", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it("waits for the server's figure to age, then polls every interval while visible", async () => {
    const fetch = vi.fn(async () => summary(2))
    const seen: UnreadSummary[] = []
    const { page } = fakePage()
    const stop = startUnreadPoller(fetch, (s) => seen.push(s), page, {
      intervalMs: 30_000,
      lastFetchedAt: Date.now() - 10_000,
    })
    await vi.advanceTimersByTimeAsync(19_999)
    expect(fetch).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(seen).toEqual([summary(2), summary(2)])
    stop()
    await vi.advanceTimersByTimeAsync(120_000)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it("asks nothing while hidden and asks at once when the tab comes back", async () => {
    const fetch = vi.fn(async () => summary(1))
    const tab = fakePage()
    startUnreadPoller(fetch, () => {}, tab.page, { intervalMs: 30_000, lastFetchedAt: Date.now() })
    tab.show(false)
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    expect(fetch).not.toHaveBeenCalled()
    tab.show(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(fetch).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it("polls once for focus and visibilitychange together, and not again right after a poll", async () => {
    const fetch = vi.fn(async () => summary(1))
    const tab = fakePage()
    startUnreadPoller(fetch, () => {}, tab.page, { intervalMs: 30_000, lastFetchedAt: Date.now() - 60_000 })
    await vi.advanceTimersByTimeAsync(0)
    expect(fetch).toHaveBeenCalledTimes(1)
    tab.focus()
    tab.focus()
    await vi.advanceTimersByTimeAsync(1000)
    expect(fetch).toHaveBeenCalledTimes(1)
    // The regular poll still comes on time.
    await vi.advanceTimersByTimeAsync(29_000)
    expect(fetch).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(10_000)
    tab.focus()
    await vi.advanceTimersByTimeAsync(0)
    expect(fetch).toHaveBeenCalledTimes(3)
  })

  it("doubles the wait after each failure up to the cap, and goes back to the interval on success", async () => {
    let fail = 3
    const fetch = vi.fn(async () => {
      if (fail-- > 0) throw new Error("offline")
      return summary(4)
    })
    const seen: UnreadSummary[] = []
    const tab = fakePage()
    startUnreadPoller(fetch, (s) => seen.push(s), tab.page, { intervalMs: 10_000, maxBackoffMs: 30_000 })
    await vi.advanceTimersByTimeAsync(0)
    expect(fetch).toHaveBeenCalledTimes(1) // fails: next in 20 s
    await vi.advanceTimersByTimeAsync(19_999)
    expect(fetch).toHaveBeenCalledTimes(1)
    // A focus does not hurry a failing server.
    tab.focus()
    await vi.advanceTimersByTimeAsync(1)
    expect(fetch).toHaveBeenCalledTimes(2) // fails: next in 40 s, capped at 30 s
    await vi.advanceTimersByTimeAsync(29_999)
    expect(fetch).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(fetch).toHaveBeenCalledTimes(3) // fails: 30 s
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetch).toHaveBeenCalledTimes(4) // succeeds: back to 10 s
    expect(seen).toEqual([summary(4)])
    await vi.advanceTimersByTimeAsync(10_000)
    expect(fetch).toHaveBeenCalledTimes(5)
  })

  it("stops for good on an error that ends it (the session is gone)", async () => {
    const fetch = vi.fn(async () => {
      throw Object.assign(new Error("Faça login"), { code: "UNAUTHORIZED" })
    })
    const tab = fakePage()
    startUnreadPoller(fetch, () => {}, tab.page, {
      intervalMs: 1000,
      isFinal: (e) => (e as { code?: string }).code === "UNAUTHORIZED",
    })
    await vi.advanceTimersByTimeAsync(60_000)
    tab.focus()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it("unsubscribes from the page when stopped", () => {
    const tab = fakePage()
    const stop = startUnreadPoller(
      async () => summary(0),
      () => {},
      tab.page,
      { intervalMs: 1000 },
    )
    expect(tab.listeners.size).toBe(1)
    stop()
    expect(tab.listeners.size).toBe(0)
  })
})
