import { type FormEvent, useState } from "react"
import { formatTimeBR } from "../../../../domain/calendar"
import {
  ANNOUNCEMENT_LIMITS,
  type AnnouncementDraft,
  AUDIENCE_LABEL,
  validateAnnouncement,
} from "../../../../domain/notifications/announcement"
import { Pager } from "../../../components/admin/Pager"
import { formatDate } from "../../../lib/format"
import { toast } from "../../../lib/toast"

interface AnnouncementRow {
  readonly id: string
  readonly title: string
  readonly audience: { readonly kind: "all" } | { readonly kind: "collection"; readonly collectionId: string }
  readonly collectionName: string | null
  readonly createdAt: number
  readonly recipientCount: number | null
}

const fieldClass = "min-h-11 w-full rounded-xl border border-theme bg-[var(--surface)] px-3"

const recipients = (count: number | null) =>
  count === null ? "Enviando…" : count === 1 ? "1 destinatário" : `${count} destinatários`

/** The form: the same rules as the server (domain/notifications), so a mistake is told before sending. */
function AnnouncementForm({
  collections,
  publish,
}: {
  collections: readonly { readonly id: string; readonly name: string }[]
  publish: (draft: AnnouncementDraft) => Promise<unknown>
}) {
  const [error, setError] = useState<{ field: string; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [audience, setAudience] = useState<"all" | "collection">("all")

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const draft: AnnouncementDraft = {
      title: String(data.get("title") ?? ""),
      message: String(data.get("message") ?? ""),
      link: String(data.get("link") ?? ""),
      audience:
        audience === "all"
          ? { kind: "all" }
          : { kind: "collection", collectionId: String(data.get("collection") ?? "") },
    }
    const checked = validateAnnouncement(draft, window.location.origin)
    if (!checked.ok) {
      setError(checked)
      toast.error(checked.message)
      return
    }
    setError(null)
    setBusy(true)
    try {
      await publish(draft)
      toast.success("Comunicado enviado!", { description: "Os clientes recebem no site e por e-mail." })
      form.reset()
      setAudience("all")
    } catch (e) {
      const message = e instanceof Error ? e.message : "Erro ao enviar comunicado"
      setError({ field: "form", message })
      toast.error("Erro ao enviar comunicado", { description: message })
    } finally {
      setBusy(false)
    }
  }
  const invalid = (field: string) =>
    error?.field === field ? { "aria-invalid": true, "aria-describedby": "announce-error" } : {}

  return (
    <form
      aria-labelledby="announce-title"
      onSubmit={submit}
      noValidate
      className="mt-4 grid gap-4 rounded-2xl surface p-4"
    >
      <h3 id="announce-title" className="font-semibold">
        Novo comunicado
      </h3>
      <div>
        <label htmlFor="announce-title-input" className="mb-1 block text-sm font-medium">
          Título
        </label>
        <input
          id="announce-title-input"
          name="title"
          maxLength={ANNOUNCEMENT_LIMITS.title}
          required
          className={fieldClass}
          {...invalid("title")}
        />
      </div>
      <div>
        <label htmlFor="announce-message" className="mb-1 block text-sm font-medium">
          Mensagem
        </label>
        <textarea
          id="announce-message"
          name="message"
          rows={5}
          maxLength={ANNOUNCEMENT_LIMITS.message}
          required
          className={`${fieldClass} py-2`}
          {...invalid("message")}
        />
      </div>
      <div>
        <label htmlFor="announce-link" className="mb-1 block text-sm font-medium">
          Link (opcional)
        </label>
        <input
          id="announce-link"
          name="link"
          maxLength={ANNOUNCEMENT_LIMITS.link}
          placeholder="/colecoes/anime ou https://…"
          className={fieldClass}
          {...invalid("link")}
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Destinatários</legend>
        <div className="flex flex-wrap gap-4">
          {(["all", "collection"] as const).map((kind) => (
            <label key={kind} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="audience"
                value={kind}
                checked={audience === kind}
                onChange={() => setAudience(kind)}
              />
              {AUDIENCE_LABEL[kind]}
            </label>
          ))}
        </div>
        {audience === "collection" && (
          <div className="mt-2">
            <label htmlFor="announce-collection" className="mb-1 block text-sm font-medium">
              Coleção
            </label>
            <select
              id="announce-collection"
              name="collection"
              defaultValue=""
              className={fieldClass}
              {...invalid("audience")}
            >
              <option value="">Selecione uma coleção</option>
              {collections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </fieldset>
      {error && (
        <p id="announce-error" role="alert" className="text-sm text-[var(--danger,inherit)]">
          {error.message}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Enviando..." : "Enviar comunicado"}
        </button>
      </div>
    </form>
  )
}

/** Announcements to all customers or one collection's subscribers, in-app and by e-mail, with their reach. */
export function Announcements({
  data,
  collections,
  publish,
  pageSearch,
}: {
  data: { rows: readonly AnnouncementRow[]; page: number; pageCount: number }
  collections: readonly { readonly id: string; readonly name: string }[]
  publish: (draft: AnnouncementDraft) => Promise<unknown>
  pageSearch: (page: number) => Record<string, unknown>
}) {
  return (
    <section aria-labelledby="announcements-title">
      <h2 id="announcements-title" className="text-xl font-semibold">
        Comunicados
      </h2>
      <p className="mt-1 text-sm text-muted">
        Avisos de serviço da loja: aparecem nas notificações do cliente e chegam por e-mail.
      </p>
      <AnnouncementForm collections={collections} publish={publish} />
      {data.rows.length === 0 ? (
        <p className="mt-4 rounded-2xl surface p-6 text-center text-muted">Nenhum comunicado enviado.</p>
      ) : (
        <ul className="mt-4 space-y-2" aria-label="Comunicados enviados">
          {data.rows.map((a) => (
            <li
              key={a.id}
              className="flex flex-wrap items-baseline justify-between gap-2 rounded-2xl surface p-4"
            >
              <div>
                <p className="font-medium">{a.title}</p>
                <p className="text-sm text-muted">
                  {a.audience.kind === "all"
                    ? AUDIENCE_LABEL.all
                    : `Assinantes de ${a.collectionName ?? "coleção removida"}`}{" "}
                  · {formatDate(a.createdAt)} {formatTimeBR(a.createdAt)}
                </p>
              </div>
              <p className="text-sm font-medium" aria-live="polite">
                {recipients(a.recipientCount)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager
        label="Páginas de comunicados"
        page={data.page}
        pageCount={data.pageCount}
        to="/admin/notifications"
        search={pageSearch}
      />
    </section>
  )
}
