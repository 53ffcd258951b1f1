import { useQuery, useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { Denied } from "../../components/Denied"
import { PageLoading } from "../../components/PageLoading"
import { Tabs } from "../../components/Tabs"
import { adminAccess } from "../../lib/adminAccess"
import { optionalEnum, optionalString } from "../../lib/search"
import { adminHead } from "../../lib/seo"
import { Announcements } from "./-notifications/Announcements"
import { EmailLog } from "./-notifications/EmailLog"
import { ParkedEvents } from "./-notifications/ParkedEvents"

const TABS = ["emails", "eventos", "comunicados"] as const

interface NotificationsSearch {
  tab?: (typeof TABS)[number]
  search?: string
  page?: number
  apage?: number
}

const positive = (value: unknown) => {
  const n = Number(value)
  return Number.isSafeInteger(n) && n >= 1 && n <= 100_000 ? n : undefined
}

function validateNotificationsSearch(search: Record<string, unknown>): NotificationsSearch {
  const found: NotificationsSearch = {
    tab: optionalEnum(search.tab, TABS),
    search: optionalString(search.search, 120),
    page: positive(search.page),
    apage: positive(search.apage),
  }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as NotificationsSearch
}

const emailsQuery = (s: NotificationsSearch) => ({
  ...(s.search ? { search: s.search } : {}),
  ...(s.page ? { page: s.page } : {}),
})
const announcementsQuery = (s: NotificationsSearch) => (s.apage ? { page: s.apage } : {})

export const Route = createFileRoute("/admin/notifications")({
  validateSearch: (search: Record<string, unknown>) =>
    search as { readonly [K in keyof NotificationsSearch]?: unknown },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const search = validateNotificationsSearch(deps)
    return {
      denied: await adminAccess(context, "manage_settings", () =>
        Promise.all([
          context.trpc.admin.notifications.emails.ensureData(emailsQuery(search)),
          context.trpc.admin.notifications.announcements.ensureData(announcementsQuery(search)),
          context.trpc.admin.events.parked.ensureData({ limit: 100 }),
          context.trpc.admin.orders.collections.ensureData(),
        ]),
      ),
    }
  },
  head: () => adminHead("Notificações"),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: NotificationsPage,
})

function NotificationsPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <Notifications />
}

function Notifications() {
  const { trpc, trpcClient } = Route.useRouteContext()
  const queryClient = useQueryClient()
  const search = validateNotificationsSearch(Route.useSearch())
  const navigate = useNavigate({ from: Route.fullPath })
  const { data: emails } = useSuspenseQuery(trpc.admin.notifications.emails.queryOptions(emailsQuery(search)))
  const { data: parked } = useSuspenseQuery(trpc.admin.events.parked.queryOptions({ limit: 100 }))
  const { data: collections } = useSuspenseQuery(trpc.admin.orders.collections.queryOptions())
  const announcementsOptions = trpc.admin.notifications.announcements.queryOptions(announcementsQuery(search))
  // The fan-out runs on the event queue: while one is being sent, its count is polled until it is known.
  const { data: announcements } = useQuery({
    ...announcementsOptions,
    refetchInterval: (query) =>
      query.state.data?.rows.some((a) => a.recipientCount === null) ? 1_000 : false,
  })

  const tabSearch = (tab: NotificationsSearch["tab"], extra: NotificationsSearch = {}) => ({
    ...search,
    tab,
    ...extra,
  })

  return (
    <div className="px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Notificações</h1>
      <p className="mt-1 text-muted">E-mails enviados, eventos parados e comunicados aos clientes.</p>
      <div className="mt-6">
        <Tabs
          label="Notificações"
          initial={search.tab ?? "emails"}
          tabs={[
            {
              id: "emails",
              label: "E-mails",
              content: (
                <EmailLog
                  data={emails}
                  search={search.search}
                  onSearch={(text) =>
                    void navigate({
                      search: validateNotificationsSearch(tabSearch("emails", { search: text, page: 1 })),
                    })
                  }
                  pageSearch={(page) => tabSearch("emails", { page })}
                />
              ),
            },
            {
              id: "eventos",
              label: `Eventos parados (${parked.length})`,
              content: (
                <ParkedEvents
                  rows={parked}
                  requeue={async (eventId, handler) => {
                    await trpcClient.admin.events.requeue.mutate({ eventId, handler })
                    await queryClient.invalidateQueries({ queryKey: trpc.admin.events.parked.queryKey() })
                  }}
                />
              ),
            },
            {
              id: "comunicados",
              label: "Comunicados",
              content: announcements && (
                <Announcements
                  data={announcements}
                  collections={collections}
                  publish={async (draft) => {
                    await trpcClient.admin.notifications.announce.mutate({ ...draft, link: draft.link ?? "" })
                    await queryClient.invalidateQueries({
                      queryKey: trpc.admin.notifications.announcements.queryKey(),
                    })
                  }}
                  pageSearch={(apage) => tabSearch("comunicados", { apage })}
                />
              ),
            },
          ]}
        />
      </div>
    </div>
  )
}
