import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, useNavigate } from "@tanstack/react-router"
import type { FormEvent } from "react"
import {
  AUDIT_SUBJECT_LABEL,
  AUDIT_SUBJECT_TYPES,
  auditActionLabel,
  type FieldChanges,
} from "../../../domain/audit"
import { auditFieldLabel, auditValue } from "../../../domain/auditDisplay"
import { formatTimeBR } from "../../../domain/calendar"
import { Pager } from "../../components/admin/Pager"
import { Denied } from "../../components/Denied"
import { PageLoading } from "../../components/PageLoading"
import { adminAccess } from "../../lib/adminAccess"
import { formatDate } from "../../lib/format"
import { optionalEnum, optionalString } from "../../lib/search"
import { adminHead } from "../../lib/seo"

interface AuditSearch {
  subjectType?: (typeof AUDIT_SUBJECT_TYPES)[number]
  search?: string
  from?: string
  to?: string
  page?: number
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const day = (value: unknown) => (typeof value === "string" && DAY.test(value) ? value : undefined)

/** Only what the server accepts stays in the URL; anything else is dropped, so an old link still opens. */
function validateAuditSearch(search: Record<string, unknown>): AuditSearch {
  const page = Number(search.page)
  const found: AuditSearch = {
    subjectType: optionalEnum(search.subjectType, AUDIT_SUBJECT_TYPES),
    search: optionalString(search.search, 120),
    from: day(search.from),
    to: day(search.to),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : undefined,
  }
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as AuditSearch
}

const PAGE_SIZE = 25

export const Route = createFileRoute("/admin/audit")({
  validateSearch: (search: Record<string, unknown>) =>
    search as { readonly [K in keyof AuditSearch]?: unknown },
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => ({
    denied: await adminAccess(context, "manage_settings", () =>
      context.trpc.admin.audit.list.ensureData({ ...validateAuditSearch(deps), pageSize: PAGE_SIZE }),
    ),
  }),
  head: () => adminHead("Auditoria"),
  pendingComponent: () => <PageLoading label="Verificando permissões..." />,
  component: AuditPage,
})

function AuditPage() {
  const { denied } = Route.useLoaderData()
  if (denied) return <Denied message={denied} />
  return <AuditLog />
}

const fieldClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

function Changes({ changes }: { changes: FieldChanges }) {
  const entries = Object.entries(changes)
  if (entries.length === 0) return <span className="text-muted">Sem campos alterados</span>
  return (
    <ul className="space-y-0.5">
      {entries.map(([field, { from, to }]) => (
        <li key={field} className="break-words">
          <span className="font-medium">{auditFieldLabel(field)}</span>:{" "}
          <del className="text-muted">{auditValue(field, from)}</del> →{" "}
          <ins className="no-underline">{auditValue(field, to)}</ins>
        </li>
      ))}
    </ul>
  )
}

function AuditLog() {
  const { trpc } = Route.useRouteContext()
  const search = validateAuditSearch(Route.useSearch())
  const navigate = useNavigate({ from: Route.fullPath })
  const { data } = useSuspenseQuery(trpc.admin.audit.list.queryOptions({ ...search, pageSize: PAGE_SIZE }))
  const pageCount = Math.max(1, Math.ceil(data.total / PAGE_SIZE))

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void navigate({ search: validateAuditSearch(Object.fromEntries(new FormData(event.currentTarget))) })
  }

  return (
    <div className="px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Auditoria</h1>
      <p className="mt-1 text-muted">Cada alteração feita no painel: quem, quando, o quê, antes e depois.</p>
      <form
        key={JSON.stringify(search)}
        aria-label="Filtrar auditoria"
        method="get"
        action="/admin/audit"
        onSubmit={apply}
        className="mt-6 grid gap-3 rounded-2xl surface p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <div className="sm:col-span-2">
          <label htmlFor="audit-search" className="mb-1 block text-sm font-medium">
            Buscar
          </label>
          <input
            id="audit-search"
            name="search"
            type="search"
            maxLength={120}
            defaultValue={search.search ?? ""}
            placeholder="E-mail de quem alterou, nome, código ou número"
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="audit-type" className="mb-1 block text-sm font-medium">
            Tipo
          </label>
          <select
            id="audit-type"
            name="subjectType"
            defaultValue={search.subjectType ?? ""}
            className={fieldClass}
          >
            <option value="">Todos</option>
            {AUDIT_SUBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {AUDIT_SUBJECT_LABEL[type]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="audit-from" className="mb-1 block text-sm font-medium">
            De
          </label>
          <input id="audit-from" name="from" type="date" defaultValue={search.from} className={fieldClass} />
        </div>
        <div>
          <label htmlFor="audit-to" className="mb-1 block text-sm font-medium">
            Até
          </label>
          <input id="audit-to" name="to" type="date" defaultValue={search.to} className={fieldClass} />
        </div>
        <div className="sm:col-span-2 lg:col-span-5">
          <button type="submit" className="btn btn-primary">
            Filtrar
          </button>
        </div>
      </form>

      <p className="mt-6 text-sm text-muted" aria-live="polite">
        {data.total === 1 ? "1 alteração" : `${data.total} alterações`}
      </p>
      {data.rows.length === 0 ? (
        <p className="mt-4 rounded-2xl surface p-6 text-center text-muted">Nenhuma alteração encontrada.</p>
      ) : (
        <div className="relative mt-2 overflow-x-auto rounded-2xl surface">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Alterações, da mais recente para a mais antiga</caption>
            <thead className="border-b border-theme text-xs uppercase text-muted">
              <tr>
                <th scope="col" className="px-3 py-3">
                  Quando
                </th>
                <th scope="col" className="px-3 py-3">
                  Quem
                </th>
                <th scope="col" className="px-3 py-3">
                  O quê
                </th>
                <th scope="col" className="px-3 py-3">
                  Antes → depois
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} className="border-b border-theme align-top last:border-0">
                  <td className="whitespace-nowrap px-3 py-3">
                    {formatDate(row.at)} {formatTimeBR(row.at)}
                  </td>
                  <td className="px-3 py-3">
                    {row.actor.email ?? (row.actor.kind === "system" ? "Sistema" : "—")}
                  </td>
                  <td className="px-3 py-3">
                    <span className="block font-medium">
                      {AUDIT_SUBJECT_LABEL[row.subjectType]} {row.subjectLabel}
                    </span>
                    <span className="text-xs text-muted">{auditActionLabel(row.action)}</span>
                  </td>
                  <td className="px-3 py-3 text-xs">
                    <Changes changes={row.changes} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        label="Páginas da auditoria"
        page={search.page ?? 1}
        pageCount={pageCount}
        to="/admin/audit"
        search={(page) => ({ ...search, page })}
      />
    </div>
  )
}
