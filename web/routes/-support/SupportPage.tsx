import { useQuery } from "@tanstack/react-query"
import { Link, useRouteContext } from "@tanstack/react-router"
import { BookOpen, CheckCircle2, ChevronDown, Clock, Mail, MessageCircle, Users } from "lucide-react"
import { type FormEvent, useEffect, useRef, useState } from "react"
import { SUPPORT_LIMITS, type TicketFormField, validateTicketForm } from "../../../domain/support/form"
import { RESPONSE_PROMISE_HOURS } from "../../../domain/support/sla"
import { SUPPORT_CATEGORIES, SUPPORT_CATEGORY_LABELS } from "../../../domain/support/tickets"
import { SystemStatus } from "../../components/support/SystemStatus"
import { formatDate } from "../../lib/format"
import { formatWhatsapp, useStoreSettings, whatsappLink } from "../../lib/settings"
import { toast } from "../../lib/toast"
import { isTrpcError } from "../../lib/trpc"
import { useViewer } from "../../lib/viewer"
import { SupportFaq } from "./SupportFaq"

/** The help page of /support and /suporte (spec 002 §2): quick contact, the ticket form, the FAQ, resources. */
export function SupportPage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Central de Ajuda</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-muted">
          Estamos aqui para ajudar com pedidos, entregas, assinaturas e tudo sobre a sua coleção.
        </p>
      </header>
      <QuickContact />
      <StatusSection />
      <TicketSection />
      <SupportFaq />
      <Resources />
    </div>
  )
}

/** Spec 002 §2's system status, from the probes and the real calls of the last minutes (never fixed text). */
function StatusSection() {
  const { trpc } = useRouteContext({ from: "__root__" })
  const { data } = useQuery(trpc.status.system.queryOptions())
  return (
    <section aria-labelledby="status-do-sistema" className="mt-10">
      <h2 id="status-do-sistema" className="text-xl font-bold sm:text-2xl">
        Status do sistema
      </h2>
      <div className="mt-4 rounded-2xl surface p-5">
        {data ? <SystemStatus status={data} /> : <p className="text-muted">Consultando o status…</p>}
      </div>
    </section>
  )
}

function QuickContact() {
  const { supportEmail, supportHours, whatsappNumber } = useStoreSettings()
  return (
    <section aria-labelledby="contato-rapido" className="mt-10">
      <h2 id="contato-rapido" className="text-xl font-bold sm:text-2xl">
        Contato rápido
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        <li className="rounded-2xl surface p-5">
          <MessageCircle aria-hidden className="h-6 w-6 text-accent" />
          <p className="mt-2 font-semibold">WhatsApp</p>
          <a
            href={whatsappLink(whatsappNumber)}
            className="mt-1 inline-block text-accent underline-offset-4 hover:underline"
            target="_blank"
            rel="noopener noreferrer"
          >
            {formatWhatsapp(whatsappNumber)}
          </a>
        </li>
        <li className="rounded-2xl surface p-5">
          <Mail aria-hidden className="h-6 w-6 text-accent" />
          <p className="mt-2 font-semibold">E-mail</p>
          <a
            href={`mailto:${supportEmail}`}
            className="mt-1 inline-block break-all text-accent underline-offset-4 hover:underline"
          >
            {supportEmail}
          </a>
        </li>
        <li className="rounded-2xl surface p-5">
          <Clock aria-hidden className="h-6 w-6 text-accent" />
          <p className="mt-2 font-semibold">Horário de atendimento</p>
          <p className="mt-1 text-muted">{supportHours}</p>
        </li>
      </ul>
    </section>
  )
}

const control = "min-h-11 w-full rounded-xl border bg-[var(--surface)] px-3"
const FIELD_ORDER: readonly TicketFormField[] = ["name", "email", "category", "subject", "description"]

type Errors = Partial<Record<TicketFormField | "orderId", string>>

function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {error}
    </p>
  )
}

function TicketSection() {
  const [sent, setSent] = useState<string | null | undefined>(undefined)
  const confirmation = useRef<HTMLParagraphElement>(null)
  // The form is gone once sent: keyboard and screen-reader users land on the confirmation.
  useEffect(() => {
    if (sent !== undefined) confirmation.current?.focus()
  }, [sent])
  return (
    <section aria-labelledby="abrir-chamado" className="mt-12 rounded-2xl surface p-6 sm:p-8">
      <h2 id="abrir-chamado" className="text-xl font-bold sm:text-2xl">
        Abrir um chamado
      </h2>
      <p className="mt-1 text-muted">
        Todos os campos são obrigatórios. Responderemos em até {RESPONSE_PROMISE_HOURS} horas.
      </p>
      {sent === undefined ? (
        <TicketForm onSent={setSent} />
      ) : (
        <div role="status" className="mt-6 rounded-xl surface-2 p-6 text-center" data-ticket-sent>
          <CheckCircle2 aria-hidden className="mx-auto h-10 w-10 text-emerald-600" />
          <p ref={confirmation} tabIndex={-1} className="mt-3 text-lg font-semibold">
            Ticket enviado!
          </p>
          <p className="mt-1 text-muted">Responderemos em até 24 horas.</p>
          {sent && (
            <p className="mt-2">
              Número do chamado: <strong data-ticket-number>{sent}</strong>
            </p>
          )}
          <p className="mt-2 text-sm text-muted">
            Enviamos uma confirmação para o e-mail informado. Se você abriu o chamado sem entrar na sua conta,
            use o link desse e-mail para acompanhá-lo em{" "}
            <Link to="/perfil" search={{ tab: "support" }} className="text-accent underline">
              Minha conta › Suporte
            </Link>
            .
          </p>
          <button type="button" className="btn btn-ghost mt-4" onClick={() => setSent(undefined)}>
            Abrir outro chamado
          </button>
        </div>
      )}
    </section>
  )
}

function TicketForm({ onSent }: { onSent: (number: string | null) => void }) {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const viewer = useViewer()
  const orders = useQuery({ ...trpc.support.myOrders.queryOptions(), enabled: Boolean(viewer) }).data ?? []
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)
  const form = useRef<HTMLFormElement>(null)

  const focusFirst = (found: Errors) => {
    const first = [...FIELD_ORDER, "orderId" as const].find((f) => found[f])
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const value = (key: string) => String(data.get(key) ?? "")
    const input = {
      name: value("name"),
      email: value("email"),
      category: value("category"),
      subject: value("subject"),
      description: value("description"),
    }
    const checked = validateTicketForm(input)
    if (!checked.ok) {
      setErrors(checked.errors)
      focusFirst(checked.errors)
      return
    }
    setErrors({})
    setBusy(true)
    try {
      const orderId = value("orderId")
      const result = await trpcClient.support.open.mutate({
        ...input,
        orderId: orderId === "" ? null : orderId,
        website: value("website"),
      })
      toast.success("Ticket enviado!", { description: "Responderemos em até 24 horas" })
      onSent(result.number)
    } catch (error) {
      const fields = isTrpcError(error)
        ? (error.data as { fieldErrors?: Errors } | undefined)?.fieldErrors
        : undefined
      if (fields && Object.keys(fields).length > 0) {
        setErrors(fields)
        focusFirst(fields)
      } else
        toast.error(
          isTrpcError(error) ? error.message : "Não foi possível enviar o chamado. Tente novamente.",
        )
    } finally {
      setBusy(false)
    }
  }

  const described = (field: keyof Errors) =>
    errors[field] ? { "aria-invalid": true as const, "aria-describedby": `ticket-${field}-error` } : {}
  const border = (field: keyof Errors) => (errors[field] ? "border-red-600" : "border-theme")

  return (
    <form ref={form} className="mt-6 grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
      <div>
        <label htmlFor="ticket-name" className="mb-1 block text-sm font-medium">
          Nome completo
        </label>
        <input
          id="ticket-name"
          name="name"
          autoComplete="name"
          maxLength={SUPPORT_LIMITS.name}
          defaultValue={viewer?.name ?? ""}
          className={`${control} ${border("name")}`}
          {...described("name")}
        />
        <FieldError id="ticket-name-error" error={errors.name} />
      </div>
      <div>
        <label htmlFor="ticket-email" className="mb-1 block text-sm font-medium">
          E-mail
        </label>
        <input
          id="ticket-email"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={SUPPORT_LIMITS.email}
          defaultValue={viewer?.email ?? ""}
          className={`${control} ${border("email")}`}
          {...described("email")}
        />
        <FieldError id="ticket-email-error" error={errors.email} />
      </div>
      <div>
        <label htmlFor="ticket-category" className="mb-1 block text-sm font-medium">
          Categoria
        </label>
        <select
          id="ticket-category"
          name="category"
          defaultValue=""
          className={`${control} ${border("category")}`}
          {...described("category")}
        >
          <option value="">Selecione</option>
          {SUPPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {SUPPORT_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
        <FieldError id="ticket-category-error" error={errors.category} />
      </div>
      {viewer && orders.length > 0 ? (
        <div>
          <label htmlFor="ticket-order" className="mb-1 block text-sm font-medium">
            Pedido relacionado (opcional)
          </label>
          <select
            id="ticket-order"
            name="orderId"
            defaultValue=""
            className={`${control} ${border("orderId")}`}
            {...described("orderId")}
          >
            <option value="">Nenhum</option>
            {orders.map((o) => (
              <option key={o.id} value={o.id}>
                {[o.number, o.label, formatDate(o.createdAt)].filter(Boolean).join(" · ")}
              </option>
            ))}
          </select>
          <FieldError id="ticket-orderId-error" error={errors.orderId} />
        </div>
      ) : (
        <div className="hidden sm:block" />
      )}
      <div className="sm:col-span-2">
        <label htmlFor="ticket-subject" className="mb-1 block text-sm font-medium">
          Assunto
        </label>
        <input
          id="ticket-subject"
          name="subject"
          maxLength={SUPPORT_LIMITS.subject}
          className={`${control} ${border("subject")}`}
          {...described("subject")}
        />
        <FieldError id="ticket-subject-error" error={errors.subject} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="ticket-description" className="mb-1 block text-sm font-medium">
          Descrição
        </label>
        <textarea
          id="ticket-description"
          name="description"
          rows={6}
          maxLength={SUPPORT_LIMITS.body}
          className={`${control} py-2 ${border("description")}`}
          {...described("description")}
        />
        <FieldError id="ticket-description-error" error={errors.description} />
      </div>
      {/* Spam trap: hidden from people and assistive technology; a bot that fills it gets a quiet success. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="ticket-website">Não preencha este campo</label>
        <input id="ticket-website" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? "Enviando..." : "Enviar chamado"}
        </button>
      </div>
    </form>
  )
}

function Resources() {
  const linkClass = "flex items-start gap-3 rounded-2xl surface p-5 hover:surface-2"
  return (
    <section aria-labelledby="recursos" className="mt-12">
      <h2 id="recursos" className="text-xl font-bold sm:text-2xl">
        Recursos adicionais
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        <li>
          <a href="/guia-do-colecionador.pdf" className={linkClass}>
            <BookOpen aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-accent" />
            <span>
              <span className="block font-semibold">Guia do colecionador (PDF)</span>
              <span className="text-sm text-muted">Cuidados, exposição e conservação das figuras.</span>
            </span>
          </a>
        </li>
        <li>
          <Link to="/como-funciona" className={linkClass}>
            <ChevronDown aria-hidden className="mt-0.5 h-5 w-5 shrink-0 -rotate-90 text-accent" />
            <span>
              <span className="block font-semibold">Como funciona</span>
              <span className="text-sm text-muted">Produção sob encomenda, revelações e prazos.</span>
            </span>
          </Link>
        </li>
        <li>
          <Link to="/ranking" className={linkClass}>
            <Users aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-accent" />
            <span>
              <span className="block font-semibold">Comunidade</span>
              <span className="text-sm text-muted">O ranking e os perfis dos colecionadores.</span>
            </span>
          </Link>
        </li>
      </ul>
    </section>
  )
}
