import type { FormEvent } from "react"
import { formatTimeBR } from "../../../../domain/calendar"
import { emailTemplateLabel } from "../../../../domain/notifications/emailTemplates"
import { AdminTable, counted } from "../../../components/admin/AdminTable"
import { Pager } from "../../../components/admin/Pager"
import { formatDate } from "../../../lib/format"

const STATUS_LABEL = { sending: "Enviando", sent: "Enviado", failed: "Falhou" } as const

interface EmailRow {
  readonly id: string
  readonly recipient: string
  readonly subject: string
  readonly template: string
  readonly status: keyof typeof STATUS_LABEL
  readonly attempts: number
  readonly lastError: string | null
  readonly createdAt: number
  readonly sentAt: number | null
}

/**
 * Every e-mail the store sent or tried to, newest first. The whole address is shown: this screen is for
 * administrators, and finding why one customer got nothing is what it is for.
 */
export function EmailLog({
  data,
  search,
  onSearch,
  pageSearch,
}: {
  data: { rows: readonly EmailRow[]; total: number; page: number; pageCount: number }
  search: string | undefined
  onSearch: (search: string) => void
  pageSearch: (page: number) => Record<string, unknown>
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSearch(String(new FormData(event.currentTarget).get("search") ?? "").trim())
  }
  return (
    <section aria-labelledby="emails-title">
      <h2 id="emails-title" className="text-xl font-semibold">
        E-mails enviados
      </h2>
      <form aria-label="Buscar e-mails" onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <label htmlFor="emails-search" className="mb-1 block text-sm font-medium">
            Destinatário
          </label>
          <input
            id="emails-search"
            name="search"
            type="search"
            maxLength={120}
            defaultValue={search ?? ""}
            placeholder="cliente@exemplo.com"
            className="min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Buscar
        </button>
      </form>
      <AdminTable
        caption="E-mails, do mais recente para o mais antigo"
        headers={["Data", "Destinatário", "Assunto", "Modelo", "Status"]}
        count={counted(data.total, "e-mail", "e-mails")}
        empty="Nenhum e-mail encontrado."
      >
        {data.rows.map((e) => (
          <tr key={e.id} className="border-b border-theme align-top last:border-0">
            <td className="whitespace-nowrap px-3 py-3">
              {formatDate(e.sentAt ?? e.createdAt)} {formatTimeBR(e.sentAt ?? e.createdAt)}
            </td>
            <td className="break-all px-3 py-3">{e.recipient}</td>
            <td className="px-3 py-3">{e.subject}</td>
            <td className="px-3 py-3">{emailTemplateLabel(e.template)}</td>
            <td className="px-3 py-3">
              {STATUS_LABEL[e.status]}
              {e.attempts > 1 && <span className="block text-xs text-muted">{e.attempts} tentativas</span>}
              {e.status === "failed" && e.lastError && (
                <span className="block text-xs text-muted">{e.lastError}</span>
              )}
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pager
        label="Páginas de e-mails"
        page={data.page}
        pageCount={data.pageCount}
        to="/admin/notifications"
        search={pageSearch}
      />
    </section>
  )
}
