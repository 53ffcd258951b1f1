import { createFileRoute, Link, useNavigate, useRouterState } from "@tanstack/react-router"
import {
  AlertCircle,
  Copy,
  ExternalLink,
  HelpCircle,
  Lightbulb,
  Mail,
  MessageCircle,
  Package,
  Search,
  Truck,
  User,
} from "lucide-react"
import { type FormEvent, useId, useState } from "react"
import { formatDateBR } from "../../domain/calendar"
import { TRACKING_CODE_MAX } from "../../domain/fulfilment/trackingCode"
import { TRACKING_MESSAGES } from "../../domain/fulfilment/trackingMessages"
import { InfoCard, InfoRow } from "../components/InfoCard"
import { OrderTimeline } from "../components/OrderTimeline"
import { copyCode } from "../lib/clipboard"
import { formatBRL, formatDate } from "../lib/format"
import { optionalString } from "../lib/search"
import { seo } from "../lib/seo"
import { formatWhatsapp, useStoreSettings, whatsappLink } from "../lib/settings"
import { isTrpcError, type RouterOutputs } from "../lib/trpc"

type Tracking = RouterOutputs["tracking"]["lookup"]
type Lookup =
  | { readonly kind: "none" }
  | { readonly kind: "found"; readonly tracking: Tracking }
  | { readonly kind: "error"; readonly title: string; readonly message: string }

export const Route = createFileRoute("/rastrear")({
  validateSearch: (search: Record<string, unknown>): { codigo?: string } => ({
    codigo: optionalString(
      typeof search.codigo === "string" ? search.codigo.trim() : search.codigo,
      TRACKING_CODE_MAX,
    ),
  }),
  loaderDeps: ({ search }) => ({ codigo: search.codigo ?? null }),
  loader: async ({ context, deps }): Promise<Lookup> => {
    if (!deps.codigo) return { kind: "none" }
    try {
      // Not retried: every lookup counts against the visitor's limit, and an unknown code stays unknown.
      const tracking = await context.queryClient.ensureQueryData({
        ...context.trpc.tracking.lookup.queryOptions({ code: deps.codigo }),
        retry: false,
      })
      return { kind: "found", tracking }
    } catch (error) {
      if (!isTrpcError(error) || error.data?.code === "INTERNAL_SERVER_ERROR") throw error
      const title = (error.data as { title?: string } | undefined)?.title
      return { kind: "error", title: title ?? "Não foi possível rastrear", message: error.message }
    }
  },
  head: ({ match, loaderData }) => {
    const base = seo({
      title: "Rastrear pedido",
      description:
        "Acompanhe seu pedido Legendarium com o código de rastreamento: produção, envio e entrega.",
      path: "/rastrear",
      publicUrl: match.context.publicUrl,
    })
    // A result names an order: it is for the person holding the code, not for search engines.
    return loaderData?.kind === "none"
      ? base
      : { ...base, meta: [...base.meta, { name: "robots", content: "noindex" }] }
  },
  component: TrackingPage,
})

function TrackingPage() {
  const lookup = Route.useLoaderData()
  const { codigo } = Route.useSearch()
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <div className="text-center">
        <Truck aria-hidden className="mx-auto h-12 w-12 text-accent" />
        <h1 className="mt-3 text-3xl font-bold tracking-tight">Rastrear Pedido</h1>
        <p className="mt-2 text-muted">
          Digite o código de rastreamento do seu pedido ou o código da transportadora.
        </p>
      </div>
      <TrackingForm key={codigo ?? ""} initial={codigo ?? ""} />
      <div aria-live="polite" className="mt-8">
        {lookup.kind === "found" && <TrackingResult tracking={lookup.tracking} />}
        {lookup.kind === "error" && <LookupError title={lookup.title} message={lookup.message} />}
      </div>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <Tips />
        <Help />
      </div>
    </div>
  )
}

function TrackingForm({ initial }: { initial: string }) {
  const id = useId()
  const navigate = useNavigate({ from: "/rastrear" })
  const [code, setCode] = useState(initial)
  const [empty, setEmpty] = useState(false)
  const pending = useRouterState({ select: (s) => s.status === "pending" })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = code.trim()
    setEmpty(typed === "")
    if (typed) void navigate({ search: { codigo: typed } })
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mx-auto mt-8 max-w-xl rounded-2xl surface p-6"
      aria-label="Rastrear pedido"
    >
      <label htmlFor={`${id}-code`} className="block text-sm font-medium">
        Código de rastreamento
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <input
          id={`${id}-code`}
          name="codigo"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          maxLength={TRACKING_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Ex.: 7K2Q9X-W3PM4T ou AA123456789BR"
          aria-invalid={empty || undefined}
          aria-describedby={empty ? `${id}-error` : undefined}
          className={`min-h-11 flex-1 rounded-xl border bg-[var(--surface)] px-3 font-mono uppercase placeholder:normal-case ${empty ? "border-red-600" : "border-theme"}`}
        />
        <button type="submit" className="btn btn-primary" disabled={pending}>
          <Search aria-hidden className="h-4 w-4" /> Rastrear Pedido
        </button>
      </div>
      {empty && (
        <div id={`${id}-error`} role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          <strong className="block">{TRACKING_MESSAGES.required.title}</strong>
          {TRACKING_MESSAGES.required.message}
        </div>
      )}
    </form>
  )
}

function LookupError({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl gap-3 rounded-2xl surface p-6">
      <AlertCircle aria-hidden className="h-6 w-6 shrink-0 text-red-700 dark:text-red-300" />
      <div>
        <h2 className="font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted">{message}</p>
      </div>
    </div>
  )
}

function TrackingResult({ tracking }: { tracking: Tracking }) {
  const { order, customer, shipping } = tracking
  return (
    <div className="grid gap-6" data-testid="tracking-result">
      <section
        aria-labelledby="tracking-code-title"
        className="flex flex-wrap items-center justify-between gap-4 rounded-2xl surface p-6"
      >
        <div>
          <h2 id="tracking-code-title" className="text-sm text-muted">
            Código de rastreamento
          </h2>
          <p className="mt-1 font-mono text-xl font-bold" data-testid="tracking-code">
            {tracking.code}
          </p>
          <p className="mt-1 text-sm">
            Situação: <strong>{tracking.statusLabel}</strong>
          </p>
        </div>
        <button type="button" className="btn btn-ghost" onClick={() => copyCode(tracking.code)}>
          <Copy aria-hidden className="h-4 w-4" /> Copiar código
        </button>
      </section>
      <div className="grid gap-6 md:grid-cols-3">
        <InfoCard
          icon={<Package aria-hidden className="h-5 w-5 text-accent" />}
          title="Pedido"
          rows={
            <>
              <InfoRow label="Número">{order.number}</InfoRow>
              <InfoRow label="Data">{formatDate(order.placedAt)}</InfoRow>
              {order.total !== null && <InfoRow label="Total">{formatBRL(order.total)}</InfoRow>}
            </>
          }
        >
          <ul className="mt-3 grid gap-2">
            {order.items.map((item) => (
              <li key={`${item.name}-${item.collectionName}`}>
                {item.quantity}× {item.name} <span className="text-muted">· {item.collectionName}</span>
                {item.editionNumbers.length > 0 && (
                  <span className="block text-muted">Edição nº {item.editionNumbers.join(", ")}</span>
                )}
              </li>
            ))}
          </ul>
        </InfoCard>
        <InfoCard
          icon={<User aria-hidden className="h-5 w-5 text-accent" />}
          title="Cliente"
          rows={
            <>
              <InfoRow label="Nome">{customer.name}</InfoRow>
              {customer.email && <InfoRow label="E-mail">{customer.email}</InfoRow>}
              <InfoRow label="Cidade">
                {customer.city}/{customer.state}
              </InfoRow>
            </>
          }
        >
          {customer.masked && (
            <p className="mt-3 text-xs text-muted">
              Dados parciais para proteger a privacidade do cliente (LGPD).{" "}
              <Link to="/perfil" search={{ tab: "orders" }} className="underline">
                Entre na sua conta
              </Link>{" "}
              para ver o pedido completo.
            </p>
          )}
        </InfoCard>
        <InfoCard
          icon={<Truck aria-hidden className="h-5 w-5 text-accent" />}
          title="Envio"
          rows={
            <>
              <InfoRow label="Transportadora">{shipping.company}</InfoRow>
              <InfoRow label="Serviço">{shipping.service}</InfoRow>
              <InfoRow label="Entrega prevista">{formatDateBR(shipping.estimatedDelivery)}</InfoRow>
              {shipping.carrierCode && (
                <InfoRow label="Código da transportadora">{shipping.carrierCode}</InfoRow>
              )}
            </>
          }
        >
          {shipping.trackingUrl && (
            <a
              href={shipping.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="btn btn-ghost mt-3 w-full"
            >
              <ExternalLink aria-hidden className="h-4 w-4" /> Rastrear na transportadora
            </a>
          )}
        </InfoCard>
      </div>
      <OrderTimeline steps={tracking.timeline} title="Movimentação do pedido" />
    </div>
  )
}

function Tips() {
  return (
    <section aria-labelledby="tips-title" className="rounded-2xl surface p-6">
      <h2 id="tips-title" className="flex items-center gap-2 text-lg font-semibold">
        <Lightbulb aria-hidden className="h-5 w-5 text-accent" /> Onde encontrar o código
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-muted">
        <li>No e-mail de confirmação do pedido (confira também a caixa de spam).</li>
        <li>No e-mail de envio, junto com o código da transportadora.</li>
        <li>
          Na sua conta, em{" "}
          <Link to="/perfil" search={{ tab: "orders" }} className="underline">
            Meus Pedidos
          </Link>
          .
        </li>
        <li>
          As peças são feitas sob encomenda: o código da transportadora aparece quando o pedido é postado.
        </li>
      </ul>
    </section>
  )
}

function Help() {
  const { supportEmail, whatsappNumber } = useStoreSettings()
  return (
    <section aria-labelledby="help-title" className="rounded-2xl surface p-6">
      <h2 id="help-title" className="flex items-center gap-2 text-lg font-semibold">
        <HelpCircle aria-hidden className="h-5 w-5 text-accent" /> Precisa de ajuda?
      </h2>
      <p className="mt-2 text-sm text-muted">Nossa equipe responde sobre prazos, entregas e trocas.</p>
      <ul className="mt-4 grid gap-3 text-sm">
        <li>
          <a
            href={whatsappLink(whatsappNumber)}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-center gap-2 hover:underline"
          >
            <MessageCircle aria-hidden className="h-4 w-4" /> WhatsApp {formatWhatsapp(whatsappNumber)}
          </a>
        </li>
        <li>
          <a href={`mailto:${supportEmail}`} className="flex items-center gap-2 hover:underline">
            <Mail aria-hidden className="h-4 w-4" /> {supportEmail}
          </a>
        </li>
        <li>
          <Link to="/faq" className="flex items-center gap-2 hover:underline">
            <HelpCircle aria-hidden className="h-4 w-4" /> Perguntas frequentes
          </Link>
        </li>
      </ul>
    </section>
  )
}
