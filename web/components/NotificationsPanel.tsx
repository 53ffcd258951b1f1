import { type DataTag, type QueryKey, useQuery } from "@tanstack/react-query"
import { Link, useRouteContext, useRouter } from "@tanstack/react-router"
import { ArrowLeftRight, CheckCheck, CreditCard, Megaphone, Sparkles, Truck } from "lucide-react"
import { type MouseEvent, type ReactNode, useRef, useState } from "react"
import type { NotificationType } from "../../domain/notifications/announcement"
import { NOTIFICATION_TYPE_LABELS } from "../../domain/notifications/center"
import { dateTimePtBR, relativeTimePtBR } from "../../domain/relativeTime"
import {
  applyUnread,
  NOTIFICATIONS_LIST_KEY,
  type NotificationEntry,
  type NotificationsList,
  readInList,
} from "../lib/notifications"
import { storeNow } from "../lib/storeClock"
import { toast } from "../lib/toast"

const TYPE_ICONS = {
  character_reveal: Sparkles,
  shipment_update: Truck,
  billing: CreditCard,
  trade: ArrowLeftRight,
  system: Megaphone,
} as const satisfies Record<NotificationType, unknown>

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"])

/**
 * Links are stored absolute, on the store's public URL. A page opened on a loopback alias of a local public URL
 * (127.0.0.1 for localhost, as the server's trusted origins allow) is the same store: leaving for the other name
 * would drop the session cookie, which belongs to the name the page was opened on.
 */
export const isThisStore = (
  url: URL,
  page: {
    readonly origin: string
    readonly hostname: string
    readonly port: string
    readonly protocol: string
  },
) =>
  url.origin === page.origin ||
  (LOOPBACK.has(url.hostname) &&
    LOOPBACK.has(page.hostname) &&
    url.port === page.port &&
    url.protocol === page.protocol)

/** How long a link to another site waits for its mark before leaving the page. */
const MARK_BEFORE_LEAVING_MS = 800

/**
 * The bell's panel (loaded on first open): the newest notifications, older ones page by page, each a link to
 * where it points (read when followed), and 'Marcar todas como lidas'.
 */
export default function NotificationsPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { trpc, trpcClient, queryClient } = useRouteContext({ from: "__root__" })
  const router = useRouter()
  const panel = useRef<HTMLElement>(null)
  const unread = useQuery({ ...trpc.notifications.unread.queryOptions(undefined), staleTime: Infinity })
  // Not useInfiniteQuery: it would add its observer to the shell chunk every visitor loads (react-query lives
  // there); older pages are appended to this one query's data by 'Carregar mais'.
  const list = useQuery({
    queryKey: NOTIFICATIONS_LIST_KEY as DataTag<QueryKey, NotificationsList>,
    queryFn: async (): Promise<NotificationsList> => {
      const page = await trpcClient.notifications.list.query({ cursor: null })
      applyUnread(queryClient, trpc, page.unread, false)
      return { pages: [page], pageParams: [null] }
    },
    // Refetched when the poll sees the count or the newest instant change (web/lib/notifications.ts).
    staleTime: Number.POSITIVE_INFINITY,
  })
  const nextCursor = list.data?.pages.at(-1)?.nextCursor ?? null
  const [loadingMore, setLoadingMore] = useState(false)
  const loadMore = async () => {
    if (!nextCursor) return
    setLoadingMore(true)
    try {
      const page = await trpcClient.notifications.list.query({ cursor: nextCursor })
      queryClient.setQueryData<NotificationsList>(NOTIFICATIONS_LIST_KEY, (data) =>
        data && data.pages.at(-1)?.nextCursor === nextCursor
          ? { pages: [...data.pages, page], pageParams: [...data.pageParams, nextCursor] }
          : data,
      )
    } catch {
      toast.error("Não foi possível carregar mais notificações. Tente novamente.")
    } finally {
      setLoadingMore(false)
    }
  }
  const unreadCount = unread.data?.count ?? 0
  const items = list.data?.pages.flatMap((page) => page.items) ?? []
  const now = storeNow()

  const showRead = (ids: readonly string[] | null) => {
    queryClient.setQueryData<NotificationsList>(NOTIFICATIONS_LIST_KEY, (data) =>
      readInList(data, ids, storeNow()),
    )
  }
  const resync = () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_LIST_KEY })
    void queryClient.invalidateQueries({ queryKey: trpc.notifications.unread.queryKey(undefined) })
  }

  /** Shown read at once (the badge too); the server's summary replaces the guess. */
  const markRead = async (entry: NotificationEntry) => {
    if (entry.readAt !== null) return
    showRead([entry.id])
    const summary = unread.data
    if (summary) applyUnread(queryClient, trpc, { ...summary, count: Math.max(0, summary.count - 1) }, false)
    try {
      applyUnread(queryClient, trpc, await trpcClient.notifications.markRead.mutate({ id: entry.id }), false)
    } catch {
      resync()
    }
  }

  const markAll = async () => {
    // The button goes away with the last unread one: the focus stays in the panel.
    panel.current?.focus()
    showRead(null)
    applyUnread(queryClient, trpc, { count: 0, latestAt: null }, false)
    try {
      applyUnread(queryClient, trpc, await trpcClient.notifications.markAllRead.mutate(), false)
    } catch {
      toast.error("Não foi possível marcar as notificações como lidas. Tente novamente.")
      resync()
    }
  }

  const follow = (event: MouseEvent<HTMLAnchorElement>, entry: NotificationEntry, href: string) => {
    if (event.button === 2) return
    const plain = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
    const marking = markRead(entry)
    if (!plain) return
    event.preventDefault()
    onClose()
    const url = new URL(href, window.location.href)
    // This store's pages open in the app; another site's once the mark is sent (a page leaving cancels it).
    if (isThisStore(url, window.location))
      void router.navigate({ href: `${url.pathname}${url.search}${url.hash}` })
    else
      void Promise.race([marking, new Promise((r) => setTimeout(r, MARK_BEFORE_LEAVING_MS))]).then(() =>
        window.location.assign(url.href),
      )
  }

  return (
    <section
      ref={panel}
      id={id}
      data-testid="notifications-panel"
      aria-label="Notificações"
      tabIndex={-1}
      className="fixed inset-x-2 top-16 z-50 flex max-h-[calc(100dvh-5rem)] flex-col rounded-xl surface shadow-xl outline-none sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
    >
      <div className="flex items-center justify-between gap-2 border-b border-theme px-4 py-3">
        <p className="font-semibold">Notificações</p>
        {unreadCount > 0 && (
          <button type="button" className="btn btn-ghost min-h-9 px-3 py-1.5 text-sm" onClick={markAll}>
            <CheckCheck aria-hidden className="h-4 w-4" /> Marcar todas como lidas
          </button>
        )}
      </div>
      <div className="overflow-y-auto">
        {list.isPending ? (
          <p role="status" className="px-4 py-6 text-center text-sm text-muted">
            Carregando notificações…
          </p>
        ) : list.isError && items.length === 0 ? (
          <div role="alert" className="px-4 py-6 text-center text-sm">
            <p>Não foi possível carregar as notificações.</p>
            <button type="button" className="btn btn-ghost mt-3" onClick={() => void list.refetch()}>
              Tentar novamente
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="px-4 py-8 text-center text-sm text-muted">Nenhuma notificação por enquanto</p>
        ) : (
          <ul aria-label="Notificações recentes" className="divide-y divide-[var(--border)]">
            {items.map((entry) => (
              <li key={entry.id}>
                <Entry entry={entry} now={now} onFollow={follow} onRead={() => void markRead(entry)} />
              </li>
            ))}
          </ul>
        )}
        {nextCursor && (
          <div className="border-t border-theme p-3 text-center">
            <button
              type="button"
              className="btn btn-ghost w-full text-sm"
              disabled={loadingMore}
              onClick={() => void loadMore()}
            >
              {loadingMore ? "Carregando…" : "Carregar mais"}
            </button>
          </div>
        )}
      </div>
      <div className="border-t border-theme px-4 py-2 text-right">
        <Link
          to="/perfil"
          search={{ tab: "notifications" }}
          className="inline-block rounded px-1 py-2 text-sm font-medium text-accent underline-offset-4 hover:underline"
          onClick={onClose}
        >
          Preferências de notificação
        </Link>
      </div>
    </section>
  )
}

/** One notification of the panel: a link to where it points, or a button that reads it when it points nowhere. */
export function Entry({
  entry,
  now,
  onFollow,
  onRead,
}: {
  entry: NotificationEntry
  now: number
  onFollow: (event: MouseEvent<HTMLAnchorElement>, entry: NotificationEntry, href: string) => void
  onRead: () => void
}) {
  const unread = entry.readAt === null
  const Icon = TYPE_ICONS[entry.type]
  const body: ReactNode = (
    <>
      <span
        aria-hidden
        className={`mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full ${unread ? "bg-[var(--accent)] text-[var(--accent-contrast)]" : "surface-2 text-muted"}`}
        title={NOTIFICATION_TYPE_LABELS[entry.type]}
      >
        <Icon className="h-4 w-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${unread ? "font-bold" : "font-medium"}`}>
          {unread && <span className="sr-only">Não lida: </span>}
          {entry.title}
        </span>
        <span className="mt-0.5 line-clamp-2 text-sm text-muted">{entry.message}</span>
        <time
          className="mt-1 block text-xs text-muted"
          dateTime={new Date(entry.createdAt).toISOString()}
          title={dateTimePtBR(entry.createdAt)}
        >
          {relativeTimePtBR(entry.createdAt, now)}
        </time>
      </span>
      {unread && <span aria-hidden className="mt-2 h-2.5 w-2.5 shrink-0 rounded-full bg-red-700" />}
    </>
  )
  const className = `flex w-full gap-3 px-4 py-3 text-left hover:surface-2 focus-visible:[outline-offset:-3px] ${unread ? "bg-[color-mix(in_srgb,var(--accent)_8%,transparent)]" : ""}`
  // One without a link is read where it is: a button marks it.
  if (!entry.actionUrl)
    return (
      <button type="button" className={className} onClick={onRead}>
        {body}
      </button>
    )
  const href = entry.actionUrl
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => onFollow(event, entry, href)}
      onAuxClick={(event) => onFollow(event, entry, href)}
    >
      {body}
    </a>
  )
}
