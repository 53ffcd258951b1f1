import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import type { FormEvent } from "react"
import { slaLabel, slaState } from "../../../../domain/support/sla"
import {
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_LABELS,
  TICKET_STATUS_LABELS,
  TICKET_STATUSES,
  ticketNumberLabel,
} from "../../../../domain/support/tickets"
import { FilterSelect } from "../../../components/admin/Filters"
import { Pager } from "../../../components/admin/Pager"
import { Denied } from "../../../components/Denied"
import { PageLoading } from "../../../components/PageLoading"
import { formatDateTime, TicketStatusBadge } from "../../../components/support/TicketBits"
import { adminAccess } from "../../../lib/adminAccess"
import { adminHead } from "../../../lib/seo"
import { type InboxSearch, inboxInput, validateInboxSearch } from "../-support/search"

export const Route = createFileRoute("/admin/support/")({
  validateSearch: (search: Record<string, unknown>): InboxSearch => search,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => ({
    denied: await adminAccess(context, "answer_support", () =>
      context.trpc.admin.support.inbox.ensureData(inboxInput(validateInboxSearch(deps))),
    ),
  }),
  head: () => adminHead("Suporte"),
  pendingComponent: () => <PageLoading label="Carregando chamados..." />,
  component: SupportInboxPage,
})

function SupportInboxPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <Inbox />
}

const control = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

function Inbox() {
  const { trpc } = Route.useRouteContext()
  const search = validateInboxSearch(Route.useSearch())
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(trpc.admin.support.inbox.queryOptions(inboxInput(search)))
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void navigate({ search: validateInboxSearch(Object.fromEntries(new FormData(event.currentTarget))) })
  }
  const pageCount = Math.max(1, Math.ceil(data.total / 25))
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Suporte</h1>
      <p className="mt-1 text-muted">
        Chamados dos clientes. Prometemos responder em até 24 horas; os que esperam a equipe aparecem
        primeiro.
      </p>
      <form
        key={JSON.stringify(search)}
        aria-label="Filtrar chamados"
        method="get"
        action="/admin/support"
        onSubmit={apply}
        className="mt-6 grid gap-3 rounded-2xl surface p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <div className="sm:col-span-2">
          <label htmlFor="support-q" className="mb-1 block text-sm font-medium">
            Buscar
          </label>
          <input
            id="support-q"
            name="q"
            type="search"
            defaultValue={search.q ?? ""}
            maxLength={120}
            placeholder="#1042, e-mail ou assunto"
            className={control}
          />
        </div>
        <FilterSelect
          id="support-status"
          name="status"
          label="Status"
          value={search.status}
          all="Não resolvidos"
        >
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TICKET_STATUS_LABELS[s]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="support-category" name="category" label="Categoria" value={search.category}>
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {SUPPORT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="support-assigned" name="assignedTo" label="Responsável" value={search.assignedTo}>
          <option value="none">Sem responsável</option>
          {data.staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </FilterSelect>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-5">
          <button type="submit" className="btn btn-primary">
            Filtrar
          </button>
          <Link to="/admin/support" className="btn btn-ghost">
            Limpar
          </Link>
        </div>
      </form>
      <p className="mt-4 text-sm text-muted" aria-live="polite">
        {data.total} {data.total === 1 ? "chamado" : "chamados"}
      </p>
      {data.rows.length === 0 ? (
        <p className="mt-6 rounded-2xl surface p-8 text-center text-muted">Nenhum chamado encontrado.</p>
      ) : (
        <div className="relative mt-3 overflow-x-auto rounded-2xl surface">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Chamados de suporte</caption>
            <thead className="border-b border-theme text-muted">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Número
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Assunto
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Cliente
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Categoria
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Prazo (24h)
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Responsável
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((t) => {
                const sla = slaState(t, data.now)
                return (
                  <tr
                    key={t.id}
                    className="border-b border-theme last:border-0"
                    data-ticket={ticketNumberLabel(t.number)}
                  >
                    <td className="px-4 py-3 font-semibold tabular-nums">
                      <Link
                        to="/admin/support/$ticketId"
                        params={{ ticketId: t.id }}
                        className="text-accent hover:underline"
                      >
                        {ticketNumberLabel(t.number)}
                      </Link>
                    </td>
                    <td className="max-w-[16rem] truncate px-4 py-3">{t.subject}</td>
                    <td className="px-4 py-3">
                      <span className="block">{t.name}</span>
                      <span className="block text-xs text-muted">{t.email}</span>
                    </td>
                    <td className="px-4 py-3">{SUPPORT_CATEGORY_LABELS[t.category]}</td>
                    <td className="px-4 py-3">
                      <TicketStatusBadge status={t.status} />
                    </td>
                    <td
                      className={`px-4 py-3 ${sla.kind === "late" ? "font-semibold text-red-700 dark:text-red-400" : ""}`}
                    >
                      {slaLabel(sla)}
                      <span className="block text-xs font-normal text-muted">
                        {formatDateTime(t.createdAt)}
                      </span>
                    </td>
                    <td className="px-4 py-3">{t.assigneeName ?? <span className="text-muted">—</span>}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        label="Páginas de chamados"
        page={search.page ?? 1}
        pageCount={pageCount}
        to="/admin/support"
        search={(page) => ({ ...search, page })}
      />
    </div>
  )
}
