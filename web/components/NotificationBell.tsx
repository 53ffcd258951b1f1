import { useQuery } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { Bell } from "lucide-react"
import { lazy, Suspense, useEffect, useRef, useState } from "react"
import { unreadBadge } from "../../domain/notifications/center"
import { applyUnread, bellLabel } from "../lib/notifications"
import { isTrpcError } from "../lib/trpc"

const loadPanel = () => import("./NotificationsPanel")
const NotificationsPanel = lazy(loadPanel)

export const NOTIFICATIONS_PANEL_ID = "notifications-panel"

/**
 * The header's bell of a signed-in customer: the unread count the server rendered (the root loader), kept
 * current by a poll that loads once the page is idle (web/lib/unreadPoller.ts says why polling), and a
 * disclosure whose panel loads on first open (or hover/focus of the bell).
 */
export default function NotificationBell() {
  const { trpc, trpcClient, queryClient, notificationsPollSeconds } = useRouteContext({ from: "__root__" })
  // The poll and the marks write this cache; the bell only reads it (no refetch of its own).
  const { data } = useQuery({ ...trpc.notifications.unread.queryOptions(undefined), staleTime: Infinity })
  const count = data?.count ?? 0
  const badge = unreadBadge(count)
  const [open, setOpen] = useState(false)
  const wrapper = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    let stop: (() => void) | undefined
    let cancelled = false
    const start = () =>
      void import("../lib/unreadPoller").then(({ startUnreadPoller, browserPage }) => {
        if (cancelled) return
        stop = startUnreadPoller(
          () => trpcClient.notifications.unread.query(),
          (summary) => applyUnread(queryClient, trpc, summary, true),
          browserPage,
          {
            intervalMs: (notificationsPollSeconds ?? 30) * 1000,
            lastFetchedAt: queryClient.getQueryState(trpc.notifications.unread.queryKey(undefined))
              ?.dataUpdatedAt,
            // Signed out elsewhere (or the session expired): the bell goes with the next navigation.
            isFinal: (error) => isTrpcError(error) && error.data?.code === "UNAUTHORIZED",
          },
        )
      })
    // Each cancel is called as a plain function: a browser's cancelIdleCallback called as another object's
    // method throws 'Illegal invocation' (on sign-out, which unmounts the bell, that broke the next page).
    let cancelStart: () => void
    if ("requestIdleCallback" in window) {
      const id = requestIdleCallback(start, { timeout: 4000 })
      cancelStart = () => cancelIdleCallback(id)
    } else {
      const id = setTimeout(start, 2000)
      cancelStart = () => clearTimeout(id)
    }
    return () => {
      cancelled = true
      cancelStart()
      stop?.()
    }
  }, [trpc, trpcClient, queryClient, notificationsPollSeconds])

  // Escape closes and gives the focus back to the bell; a click elsewhere closes.
  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener("pointerdown", onPointer)
    document.addEventListener("keydown", onKey)
    return () => {
      document.removeEventListener("pointerdown", onPointer)
      document.removeEventListener("keydown", onKey)
    }
  }, [open])

  const preload = () => void loadPanel().catch(() => undefined)
  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        className="relative inline-flex h-11 w-11 items-center justify-center rounded-full hover:surface-2"
        aria-label={bellLabel(count)}
        aria-expanded={open}
        aria-controls={NOTIFICATIONS_PANEL_ID}
        onClick={() => setOpen((v) => !v)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <Bell aria-hidden className="h-5 w-5" />
      </button>
      {/* Beside the button, not in it: its name says the exact count, and "9+" is no part of that name. */}
      {badge && (
        <span
          data-testid="notifications-badge"
          aria-hidden
          className="pointer-events-none absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {badge}
        </span>
      )}
      {open && (
        <Suspense fallback={null}>
          <NotificationsPanel id={NOTIFICATIONS_PANEL_ID} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  )
}
