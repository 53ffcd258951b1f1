import { QueryClient } from "@tanstack/react-query"
import { describe, expect, it } from "vitest"
import {
  applyUnread,
  bellLabel,
  NOTIFICATIONS_LIST_KEY,
  type NotificationsList,
  type NotificationsPage,
  readInList,
} from "./notifications"
import { createQueryUtils, type TrpcClient } from "./trpc"

const page = (ids: string[], readAt: number | null = null): NotificationsPage => ({
  items: ids.map((id) => ({
    id,
    type: "system",
    title: `Aviso ${id}`,
    message: "…",
    actionUrl: null,
    createdAt: 1000,
    readAt,
  })),
  nextCursor: null,
  unread: { count: readAt === null ? ids.length : 0, latestAt: 1000 },
})

describe("bellLabel", () => {
  it("says the exact count, singular and plural, and 'nenhuma' at zero", () => {
    expect(bellLabel(0)).toBe("Notificações, nenhuma não lida")
    expect(bellLabel(1)).toBe("Notificações, 1 não lida")
    expect(bellLabel(3)).toBe("Notificações, 3 não lidas")
    expect(bellLabel(12)).toBe("Notificações, 12 não lidas")
  })
})

describe("applyUnread", () => {
  const setup = () => {
    const queryClient = new QueryClient()
    const trpc = createQueryUtils(queryClient, {} as TrpcClient)
    const list: NotificationsList = { pages: [page(["a"])], pageParams: [null] }
    queryClient.setQueryData(NOTIFICATIONS_LIST_KEY, list)
    queryClient.setQueryData(trpc.notifications.unread.queryKey(undefined), { count: 1, latestAt: 1000 })
    const stale = () => queryClient.getQueryState(NOTIFICATIONS_LIST_KEY)?.isInvalidated
    return { queryClient, trpc, stale }
  }

  it("keeps the list when the summary did not change, and marks it stale when it did", () => {
    const { queryClient, trpc, stale } = setup()
    applyUnread(queryClient, trpc, { count: 1, latestAt: 1000 }, true)
    expect(stale()).toBe(false)
    // Another tab read one and one arrived: the same count, a newer instant.
    applyUnread(queryClient, trpc, { count: 1, latestAt: 2000 }, true)
    expect(queryClient.getQueryData(trpc.notifications.unread.queryKey(undefined))).toEqual({
      count: 1,
      latestAt: 2000,
    })
    expect(stale()).toBe(true)
  })

  it("never touches the list for a mark's own reply", () => {
    const { queryClient, trpc, stale } = setup()
    applyUnread(queryClient, trpc, { count: 5, latestAt: 9 }, false)
    expect(stale()).toBe(false)
  })
})

describe("readInList", () => {
  it("marks the named entries, or all, keeping the instant already read", () => {
    const list: NotificationsList = { pages: [page(["a", "b"]), page(["c"], 50)], pageParams: [null, "x"] }
    const one = readInList(list, ["b"], 99)
    expect(one?.pages.flatMap((p) => p.items.map((i) => i.readAt))).toEqual([null, 99, 50])
    const all = readInList(list, null, 99)
    expect(all?.pages.flatMap((p) => p.items.map((i) => i.readAt))).toEqual([99, 99, 50])
    expect(readInList(undefined, null, 1)).toBeUndefined()
  })
})
