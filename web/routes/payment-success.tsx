import { useQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import {
  Barcode,
  CheckCircle2,
  Clock,
  Copy,
  ExternalLink,
  Hourglass,
  Mail,
  PackageCheck,
  PackageSearch,
  QrCode,
  Truck,
  XCircle,
} from "lucide-react"
import { type ReactNode, useEffect, useId, useState } from "react"
import { formatDateBR, formatTimeBR } from "../../domain/calendar"
import { serialLabel } from "../../domain/orders/editions"
import { PAYMENT_MESSAGES } from "../../domain/orders/paymentMessages"
import { LEAD_TIME_TEXT } from "../../domain/shipping/schedule"
import { OrderTotals } from "../components/OrderTotals"
import { copyCode } from "../lib/clipboard"
import { formatBRL } from "../lib/format"
import { requireSignIn } from "../lib/guards"
import { optionalString } from "../lib/search"
import { seo } from "../lib/seo"
import { storeNow } from "../lib/storeClock"
import { isTrpcError, type RouterOutputs } from "../lib/trpc"
import { paymentLabel } from "./-checkout/steps"

type OrderView = RouterOutputs["orders"]["get"]

/** While a payment waits (PIX, boleto, card under review) the page asks again this often. */
const POLL_MS = 3000

interface Search {
  pedido?: string
  /** Mercado Pago's back-URL parameters: they name the order, never its state (the server says that). */
  external_reference?: string
  payment_id?: string
}

export const Route = createFileRoute("/payment-success")({
  validateSearch: (search: Record<string, unknown>): Search => ({
    pedido: optionalString(search.pedido, 64),
    external_reference: optionalString(search.external_reference, 64),
    payment_id: optionalString(search.payment_id, 64),
  }),
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loaderDeps: ({ search }) => ({ id: search.pedido ?? search.external_reference ?? null }),
  loader: async ({ context, deps }) => {
    if (!deps.id) return { id: null, found: false }
    try {
      await context.trpc.orders.get.ensureData({ id: deps.id })
      return { id: deps.id, found: true }
    } catch (error) {
      if (isTrpcError(error) && (error.data?.code === "NOT_FOUND" || error.data?.code === "BAD_REQUEST"))
        return { id: deps.id, found: false }
      throw error
    }
  },
  head: ({ match }) => ({
    ...seo({
      title: "Pagamento",
      description: "O resultado do pagamento do seu pedido.",
      path: "/payment-success",
      publicUrl: match.context.publicUrl,
    }),
    meta: [{ title: "Pagamento | Legendarium" }, { name: "robots", content: "noindex" }],
  }),
  component: PaymentResultPage,
})

/** The payment never reached the gateway: the order waits, and the customer is offered to pay again. */
const wasInterrupted = (order: OrderView) => order.payment?.status === "interrupted"
const isWaiting = (order: OrderView) => order.status === "awaiting_payment" && !wasInterrupted(order)

function PaymentResultPage() {
  const { id, found } = Route.useLoaderData()
  if (!id || !found) return <NotFoundOrder />
  return <OrderResult id={id} />
}

function NotFoundOrder() {
  return (
    <Shell>
      <PackageSearch aria-hidden className="mx-auto h-14 w-14 text-accent" />
      <h1 className="mt-4 text-center text-3xl font-bold">{PAYMENT_MESSAGES.orderNotFound}</h1>
      <p className="mt-2 text-center text-muted">
        Confira o link ou veja seus pedidos na sua conta. Só quem fez o pedido pode vê-lo.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/perfil" search={{ tab: "orders" }} className="btn btn-primary">
          Meus pedidos
        </Link>
        <Link to="/" className="btn btn-ghost">
          Voltar ao início
        </Link>
      </div>
    </Shell>
  )
}

function Shell({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl px-4 py-10">{children}</div>
}

/** Whether the tab is on screen: a hidden tab stops asking the server. */
function useVisible() {
  const [visible, setVisible] = useState(true)
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== "hidden")
    update()
    document.addEventListener("visibilitychange", update)
    return () => document.removeEventListener("visibilitychange", update)
  }, [])
  return visible
}

function OrderResult({ id }: { id: string }) {
  const { trpc } = Route.useRouteContext()
  const visible = useVisible()
  const query = useQuery({
    ...trpc.orders.get.queryOptions({ id }),
    // The server's state is the truth: a PIX paid on the phone turns this page to approved by itself.
    refetchInterval: (q) => (visible && q.state.data && isWaiting(q.state.data) ? POLL_MS : false),
    refetchIntervalInBackground: false,
    staleTime: 0,
  })
  const order = query.data
  if (!order) return <NotFoundOrder />
  return (
    <Shell>
      <div aria-live="polite">
        {order.status === "paid" ? (
          <Approved order={order} />
        ) : order.status === "rejected" || (order.status === "awaiting_payment" && wasInterrupted(order)) ? (
          <Rejected order={order} />
        ) : order.status === "awaiting_payment" ? (
          <Waiting order={order} />
        ) : (
          <Closed order={order} />
        )}
      </div>
    </Shell>
  )
}

function Header({
  icon,
  tone,
  title,
  children,
}: {
  icon: ReactNode
  tone: "success" | "waiting" | "error"
  title: string
  children: ReactNode
}) {
  const ring = {
    success: "bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300",
    waiting: "bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200",
    error: "bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300",
  }[tone]
  return (
    <div className="text-center">
      <span className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${ring}`}>
        {icon}
      </span>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-2 text-muted">{children}</div>
    </div>
  )
}

function Approved({ order }: { order: OrderView }) {
  const payment = order.payment
  const serials = order.lines.filter((l) => l.editionSize !== null && l.serials.length > 0)
  return (
    <>
      <Header
        icon={<CheckCircle2 aria-hidden className="h-9 w-9" />}
        tone="success"
        title={PAYMENT_MESSAGES.approved}
      >
        Seu pedido <strong className="text-[var(--text)]">{order.number}</strong> está confirmado. Enviamos os
        detalhes para o seu e-mail.
      </Header>
      <section aria-labelledby="details-title" className="mt-8 rounded-2xl surface p-6">
        <h2 id="details-title" className="text-lg font-semibold">
          Detalhes da transação
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2" data-testid="transaction-details">
          <Detail label="Pedido nº">{order.number}</Detail>
          {order.plan && <Detail label="Plano">{order.plan.label}</Detail>}
          <Detail label="Valor">{formatBRL(payment?.amount ?? order.totals.total)}</Detail>
          <Detail label="Forma de pagamento">
            {paymentLabel(payment?.method, payment?.paymentMethodId)}
          </Detail>
          {payment?.method === "card" && (
            <>
              <Detail label="Parcelas">
                {payment.installments}x {payment.installments === 1 ? "(à vista)" : ""}
              </Detail>
              {payment.cardLastFour && <Detail label="Cartão final">{payment.cardLastFour}</Detail>}
            </>
          )}
          {order.couponCode && <Detail label="Cupom">{order.couponCode}</Detail>}
          <Detail label={order.plan ? "Primeiro envio" : "Data de envio"}>
            {order.shipsOn ? formatDateBR(order.shipsOn) : "A definir"}
          </Detail>
          <Detail label="Entrega">{order.shipping.name}</Detail>
        </dl>
        <h3 className="mt-6 text-sm font-semibold">Itens</h3>
        <ul className="mt-2 grid gap-2 text-sm">
          {order.plan && (
            <li className="flex justify-between gap-3" data-testid="bought-plan">
              <span>{order.plan.label}</span>
              <span>{formatBRL(order.totals.total)}</span>
            </li>
          )}
          {order.lines.map((l) => (
            <li key={l.productId} className="flex justify-between gap-3">
              <span>
                {l.quantity}× {l.name} <span className="text-muted">· {l.collectionName}</span>
              </span>
              <span>{formatBRL(l.unitPrice * l.quantity)}</span>
            </li>
          ))}
        </ul>
        <OrderTotals rows={order.totalRows} className="mt-4 grid gap-1 border-t border-theme pt-3 text-sm" />
        {serials.length > 0 && (
          <>
            <h3 className="mt-6 text-sm font-semibold">Edições numeradas</h3>
            <ul className="mt-2 flex flex-wrap gap-2 text-sm" data-testid="serials">
              {serials.flatMap((l) =>
                l.serials.map((s) => (
                  <li key={`${l.productId}-${s}`} className="rounded-full surface-2 px-3 py-1">
                    {l.name} · nº {serialLabel(s, l.editionSize ?? 0)}
                  </li>
                )),
              )}
            </ul>
          </>
        )}
      </section>
      <NextSteps />
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {order.plan && (
          // Spec 002 §2: a plan's success page leads to its management page.
          <a href="/assinatura" className="btn btn-primary">
            Gerenciar minha assinatura
          </a>
        )}
        <Link
          to="/perfil/pedidos/$orderId"
          params={{ orderId: order.id }}
          className={`btn ${order.plan ? "btn-ghost" : "btn-primary"}`}
        >
          Ver meu pedido
        </Link>
        <Link to="/" className="btn btn-ghost">
          Voltar ao início
        </Link>
      </div>
    </>
  )
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 border-b border-theme pb-2 sm:block sm:border-0 sm:pb-0">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium sm:mt-0.5">{children}</dd>
    </div>
  )
}

function NextSteps() {
  const steps = [
    {
      icon: Mail,
      title: "Confirmação por e-mail",
      text: "Você recebe o resumo do pedido e cada novidade por e-mail.",
    },
    {
      icon: PackageCheck,
      title: "Produção sob encomenda",
      text: `Sua figura entra em produção: ${LEAD_TIME_TEXT}.`,
    },
    {
      icon: Truck,
      title: "Envio e rastreio",
      text: "Quando o pedido sair, o código de rastreio aparece em Meus pedidos.",
    },
  ]
  return (
    <section aria-labelledby="next-title" className="mt-6 rounded-2xl surface p-6">
      <h2 id="next-title" className="text-lg font-semibold">
        Próximos passos
      </h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-3">
        {steps.map((s) => (
          <li key={s.title} className="text-sm">
            <s.icon aria-hidden className="h-5 w-5 text-accent" />
            <p className="mt-2 font-semibold">{s.title}</p>
            <p className="mt-1 text-muted">{s.text}</p>
          </li>
        ))}
      </ol>
    </section>
  )
}

function Rejected({ order }: { order: OrderView }) {
  return (
    <>
      <Header
        icon={<XCircle aria-hidden className="h-9 w-9" />}
        tone="error"
        title={wasInterrupted(order) ? "Pagamento não concluído" : "Pagamento não aprovado"}
      >
        <span role="alert">{order.payment?.message ?? PAYMENT_MESSAGES.notApproved}</span>
      </Header>
      <OrderBrief order={order} />
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {order.canRetry && (
          <Link to="/checkout" search={{ pedido: order.id }} className="btn btn-primary">
            Tentar novamente
          </Link>
        )}
        <Link to="/" className="btn btn-ghost">
          Voltar ao início
        </Link>
      </div>
    </>
  )
}

function Closed({ order }: { order: OrderView }) {
  return (
    <>
      <Header
        icon={<Clock aria-hidden className="h-9 w-9" />}
        tone="error"
        title={`Pedido ${order.statusLabel.toLowerCase()}`}
      >
        {order.payment?.message ?? "Este pedido não pode mais ser pago."}
      </Header>
      <OrderBrief order={order} />
      <div className="mt-8 flex justify-center">
        <Link to="/colecoes" className="btn btn-primary">
          Ver coleções
        </Link>
      </div>
    </>
  )
}

function OrderBrief({ order }: { order: OrderView }) {
  return (
    <dl className="mx-auto mt-6 grid max-w-md gap-2 rounded-2xl surface p-5 text-sm">
      <div className="flex justify-between">
        <dt className="text-muted">Pedido nº</dt>
        <dd className="font-medium">{order.number}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted">Valor</dt>
        <dd className="font-medium">{formatBRL(order.totals.total)}</dd>
      </div>
      <div className="flex justify-between">
        <dt className="text-muted">Forma de pagamento</dt>
        <dd className="font-medium">{paymentLabel(order.payment?.method, order.payment?.paymentMethodId)}</dd>
      </div>
    </dl>
  )
}

function Waiting({ order }: { order: OrderView }) {
  const payment = order.payment
  const title =
    payment?.method === "pix"
      ? "Pague com PIX para confirmar"
      : payment?.method === "boleto"
        ? "Boleto gerado"
        : payment?.redirectUrl
          ? "Continue no Mercado Pago"
          : "Pagamento em análise"
  return (
    <>
      <Header icon={<Hourglass aria-hidden className="h-8 w-8" />} tone="waiting" title={title}>
        <p>
          Pedido <strong className="text-[var(--text)]">{order.number}</strong> ·{" "}
          {formatBRL(order.totals.total)}
        </p>
        <p className="mt-1" data-testid="payment-message">
          {payment?.message}
        </p>
      </Header>
      <OrderTotals
        rows={order.totalRows}
        className="mx-auto mt-6 grid max-w-md gap-1 rounded-2xl surface p-5 text-sm"
      />
      {payment?.pix && <PixPanel pix={payment.pix} />}
      {payment?.boleto && <BoletoPanel boleto={payment.boleto} />}
      {payment?.redirectUrl && (
        <div className="mt-8 flex justify-center">
          <a href={payment.redirectUrl} className="btn btn-primary">
            <ExternalLink aria-hidden className="h-4 w-4" /> Pagar com Mercado Pago
          </a>
        </div>
      )}
      <p className="mt-6 text-center text-sm text-muted">
        Esta página se atualiza sozinha quando o pagamento for confirmado.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {order.canRetry && (
          <Link to="/checkout" search={{ pedido: order.id }} className="btn btn-ghost">
            Pagar de outra forma
          </Link>
        )}
        <Link to="/" className="btn btn-ghost">
          Voltar ao início
        </Link>
      </div>
    </>
  )
}

type Pix = NonNullable<NonNullable<OrderView["payment"]>["pix"]>
type Boleto = NonNullable<NonNullable<OrderView["payment"]>["boleto"]>

function PixPanel({ pix }: { pix: Pix }) {
  const id = useId()
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-2xl surface p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <QrCode aria-hidden className="h-5 w-5 text-accent" /> PIX
      </h2>
      <div className="mt-4 grid items-start gap-6 sm:grid-cols-[auto_1fr]">
        <img
          src={`data:image/png;base64,${pix.qrCodeBase64}`}
          width={220}
          height={220}
          alt="QR code do PIX: aponte a câmera do app do seu banco"
          className="mx-auto rounded-xl border border-theme bg-white p-2"
          data-testid="pix-qr"
        />
        <div className="min-w-0">
          <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
            <li>Abra o app do seu banco e escolha pagar com PIX.</li>
            <li>Leia o QR code ou cole o código abaixo.</li>
            <li>Confirme o pagamento: esta página muda sozinha.</li>
          </ol>
          <label htmlFor={`${id}-code`} className="mt-4 block text-sm font-medium">
            PIX copia e cola
          </label>
          <textarea
            id={`${id}-code`}
            readOnly
            rows={3}
            value={pix.qrCode}
            className="mt-1 w-full resize-none break-all rounded-xl border border-theme bg-[var(--surface-2)] p-3 font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button type="button" className="btn btn-primary" onClick={() => copyCode(pix.qrCode)}>
              <Copy aria-hidden className="h-4 w-4" /> Copiar código
            </button>
            {pix.ticketUrl && (
              <a href={pix.ticketUrl} className="btn btn-ghost" target="_blank" rel="noopener">
                <ExternalLink aria-hidden className="h-4 w-4" /> Abrir página do PIX
              </a>
            )}
          </div>
          {pix.expiresAt && <Countdown until={pix.expiresAt} />}
        </div>
      </div>
    </section>
  )
}

function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    setNow(storeNow())
    const timer = setInterval(() => setNow(storeNow()), 1000)
    return () => clearInterval(timer)
  }, [])
  if (now === null) return null
  const left = Math.max(0, Math.floor((until - now) / 1000))
  const hh = Math.floor(left / 3600)
  const mm = String(Math.floor((left % 3600) / 60)).padStart(2, "0")
  const ss = String(left % 60).padStart(2, "0")
  const text = hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`
  return (
    <p className="mt-4 flex items-center gap-2 text-sm" data-testid="pix-countdown">
      <Clock aria-hidden className="h-4 w-4 text-accent" />
      {left === 0 ? (
        <span>O código expirou. Gere um novo pagamento.</span>
      ) : (
        <span>
          O código expira em <strong className="font-mono">{text}</strong>
          {/* The ticking value is not read aloud every second. */}
          <span className="sr-only"> (às {formatTimeBR(until)}, horário de Brasília)</span>
        </span>
      )}
    </p>
  )
}

function formatDigitableLine(line: string): string {
  if (!/^\d{47}$/.test(line)) return line
  return `${line.slice(0, 5)}.${line.slice(5, 10)} ${line.slice(10, 15)}.${line.slice(15, 21)} ${line.slice(21, 26)}.${line.slice(26, 32)} ${line.slice(32, 33)} ${line.slice(33)}`
}

function BoletoPanel({ boleto }: { boleto: Boleto }) {
  const id = useId()
  const line = formatDigitableLine(boleto.digitableLine)
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-2xl surface p-6">
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <Barcode aria-hidden className="h-5 w-5 text-accent" /> Boleto bancário
      </h2>
      {boleto.dueAt && (
        <p className="mt-2 text-sm">
          Vencimento:{" "}
          <strong>
            {new Date(boleto.dueAt).toLocaleDateString("pt-BR", { timeZone: "America/Sao_Paulo" })}
          </strong>
        </p>
      )}
      <dl className="mt-4">
        <dt className="text-sm font-medium">Linha digitável</dt>
        <dd
          className="mt-1 break-all rounded-xl border border-theme bg-[var(--surface-2)] p-3 font-mono text-sm"
          data-testid="boleto-line"
        >
          {line}
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" onClick={() => copyCode(boleto.digitableLine)}>
          <Copy aria-hidden className="h-4 w-4" /> Copiar linha digitável
        </button>
        <a href={boleto.url} className="btn btn-ghost" target="_blank" rel="noopener">
          <ExternalLink aria-hidden className="h-4 w-4" /> Abrir boleto
        </a>
      </div>
      <p className="mt-4 text-xs text-muted">
        Pague em qualquer banco, lotérica ou app até o vencimento. A confirmação leva até 3 dias úteis.
      </p>
    </section>
  )
}
