import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query"
import type { RouterOutputs, TrpcQueryUtils } from "./trpc"

export type UnreadSummary = RouterOutputs["notifications"]["unread"]
export type NotificationsPage = RouterOutputs["notifications"]["list"]
export type NotificationEntry = NotificationsPage["items"][number]
export type NotificationsList = InfiniteData<NotificationsPage, string | null>

/** The header panel's pages, in @trpc/react-query's shape for an infinite query of `notifications.list`. */
export const NOTIFICATIONS_LIST_KEY: QueryKey = [["notifications", "list"], { type: "infinite" }]

/** 'Notificações, 3 não lidas': the bell's name says the exact count (the badge stops at 9+). */
export const bellLabel = (count: number) =>
  count <= 0
    ? "Notificações, nenhuma não lida"
    : `Notificações, ${count} ${count === 1 ? "não lida" : "não lidas"}`

/**
 * Puts a fresh unread summary (a poll's, a mark's) in the cache the bell reads. `refreshList`: when it differs
 * from the one on screen, something arrived or was read elsewhere, so the list is refetched (when shown) or
 * marked stale; an unchanged summary costs the list nothing.
 */
export function applyUnread(
  queryClient: QueryClient,
  trpc: TrpcQueryUtils,
  summary: UnreadSummary,
  refreshList: boolean,
) {
  const key = trpc.notifications.unread.queryKey(undefined)
  const before = queryClient.getQueryData<UnreadSummary>(key)
  queryClient.setQueryData(key, summary)
  if (refreshList && (before?.count !== summary.count || before?.latestAt !== summary.latestAt))
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_LIST_KEY })
}

/** The list with some entries read at `at` (all when `ids` is null): what a mark shows before its reply. */
export function readInList(list: NotificationsList | undefined, ids: readonly string[] | null, at: number) {
  if (!list) return list
  return {
    ...list,
    pages: list.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        item.readAt === null && (ids === null || ids.includes(item.id)) ? { ...item, readAt: at } : item,
      ),
    })),
  }
}
