import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import { ArrowLeft, Award, Copy, CreditCard, ExternalLink, MapPin, Package, Truck } from "lucide-react"
import { formatDateBR } from "../../../../domain/calendar"
import { formatCep } from "../../../../domain/shipping/postal"
import { InfoCard, InfoRow } from "../../../components/InfoCard"
import { NotFound } from "../../../components/NotFound"
import { OrderTimeline } from "../../../components/OrderTimeline"
import { OrderTotals } from "../../../components/OrderTotals"
import { copyCode } from "../../../lib/clipboard"
import { formatBRL, formatDate } from "../../../lib/format"
import { requireSignIn } from "../../../lib/guards"
import { orNotFound } from "../../../lib/notFound"
import { STORE_NAME } from "../../../lib/seo"
import type { RouterOutputs } from "../../../lib/trpc"
import { paymentLabel } from "../../-checkout/steps"
import { OrderActions } from "./-OrderActions"

type MyOrder = RouterOutputs["myOrders"]["get"]
export const Route = createFileRoute("/perfil_/pedidos/$orderId")({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: async ({ context, params }) => {
    const order = await orNotFound(context.trpc.myOrders.get.ensureData({ orderId: params.orderId }))
    return {
      crumb: { href: `/perfil/pedidos/${params.orderId}`, label: `Pedido ${order.number}` },
      number: order.number,
    }
  },
  head: ({ loaderData }) => ({
    meta: [
      { title: `${loaderData ? `Pedido ${loaderData.number}` : "Pedido não encontrado"} | ${STORE_NAME}` },
      { name: "robots", content: "noindex" },
    ],
  }),
  notFoundComponent: () => (
    <NotFound title="Pedido não encontrado">
      Confira o link ou veja seus pedidos na sua conta. Só quem fez o pedido pode vê-lo.
    </NotFound>
  ),
  component: OrderPage,
})

function OrderPage() {
  const { trpc } = Route.useRouteContext()
  const { orderId } = Route.useParams()
  const { data: order } = useSuspenseQuery(trpc.myOrders.get.queryOptions({ orderId }))
  const f = order.fulfilment
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <Link
        to="/perfil"
        search={{ tab: "orders" }}
        className="inline-flex items-center gap-1 text-sm text-muted hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Meus pedidos
      </Link>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Pedido {order.number}</h1>
          <p className="mt-1 text-muted">
            Feito em{" "}
            <time dateTime={new Date(order.placedAt).toISOString()}>{formatDate(order.placedAt)}</time>
          </p>
        </div>
        <p className="rounded-full surface-2 px-4 py-1.5 text-sm font-semibold" data-testid="order-status">
          {f ? f.statusLabel : order.statusLabel}
        </p>
      </div>
      {!f && <Unpaid order={order} />}
      <div className="mt-8 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid content-start gap-6">
          {f && <OrderTimeline steps={f.timeline} />}
          <Items order={order} />
          {f && f.requests.length > 0 && <Requests requests={f.requests} />}
        </div>
        <div className="grid content-start gap-6">
          <OrderActions order={order} />
          {/* Nothing ships before it is paid: an unpaid order has no tracking to follow. */}
          {f && <Tracking order={order} />}
          <Payment order={order} />
          <Address order={order} />
        </div>
      </div>
    </div>
  )
}

function Unpaid({ order }: { order: MyOrder }) {
  return (
    <div className="mt-6 rounded-2xl surface p-6 text-sm">
      <p>{order.payment?.message ?? "Este pedido ainda não foi pago."}</p>
      {order.canRetry && (
        <Link to="/payment-success" search={{ pedido: order.id }} className="btn btn-primary mt-4">
          Ver pagamento
        </Link>
      )}
    </div>
  )
}

function Items({ order }: { order: MyOrder }) {
  const production = order.fulfilment?.production ?? []
  const certificateOf = (productId: string, edition: string) =>
    order.certificates.find((c) => c.productId === productId && c.edition === edition)
  return (
    <InfoCard title="Itens" icon={<Package aria-hidden className="h-5 w-5 text-accent" />}>
      {order.plan && (
        <p className="mt-3 text-sm" data-testid="order-plan">
          <span className="font-semibold">{order.plan.label}</span>
          <span className="block text-muted">
            Um personagem por mês, com frete grátis; cada mês chega como um pedido próprio.
          </span>
        </p>
      )}
      <ul className="mt-3 grid gap-4">
        {order.lines.map((line, i) => {
          const progress = production[i]
          return (
            <li key={line.productId} className="border-b border-theme pb-4 last:border-0 last:pb-0">
              <div className="flex justify-between gap-3">
                <span>
                  <span className="font-semibold">
                    {line.quantity}× {line.name}
                  </span>
                  <span className="block text-muted">{line.collectionName}</span>
                </span>
                <span className="font-medium">{formatBRL(line.unitPrice * line.quantity)}</span>
              </div>
              {progress && (
                <p className="mt-1 text-muted">
                  {progress.stageLabel}
                  {progress.shipDateText && ` · ${progress.shipDateText}`}
                </p>
              )}
              {progress && progress.editionNumbers.length > 0 && (
                <ul className="mt-2 flex flex-wrap gap-2" aria-label="Números da edição">
                  {progress.editionNumbers.map((edition) => {
                    const certificate = certificateOf(line.productId, edition)
                    return (
                      <li key={edition} className="rounded-full surface-2 px-3 py-1">
                        Nº {edition}
                        {certificate && (
                          <a
                            href={certificate.path}
                            className="ml-2 inline-flex items-center gap-1 underline"
                          >
                            <Award aria-hidden className="h-3.5 w-3.5" /> Certificado
                            <span className="sr-only"> da edição {edition}</span>
                          </a>
                        )}
                      </li>
                    )
                  })}
                </ul>
              )}
            </li>
          )
        })}
      </ul>
      <OrderTotals rows={order.totalRows} />
      {order.fulfilment && order.fulfilment.refunded > 0 && (
        <dl className="mt-2">
          <InfoRow label="Reembolsado">{formatBRL(order.fulfilment.refunded)}</InfoRow>
        </dl>
      )}
    </InfoCard>
  )
}

function Tracking({ order }: { order: MyOrder }) {
  const f = order.fulfilment
  const shipment = f?.shipment
  return (
    <InfoCard title="Entrega" icon={<Truck aria-hidden className="h-5 w-5 text-accent" />}>
      <dl className="mt-3 grid gap-2">
        <InfoRow label="Código de rastreamento">
          <span className="whitespace-nowrap font-mono" data-testid="order-tracking-code">
            {order.trackingCode}
          </span>
        </InfoRow>
        {shipment && (
          <>
            <InfoRow label="Transportadora">
              {shipment.carrier} · {shipment.service}
            </InfoRow>
            <InfoRow label="Código da transportadora">
              <span className="whitespace-nowrap font-mono">{shipment.trackingCode}</span>
            </InfoRow>
          </>
        )}
        {f && f.status !== "cancelled" && f.status !== "refunded" && (
          <InfoRow label={shipment?.deliveredAt ? "Entregue em" : "Entrega prevista"}>
            {shipment?.deliveredAt ? formatDate(shipment.deliveredAt) : formatDateBR(f.estimatedDelivery)}
          </InfoRow>
        )}
        {shipment?.rating && (
          <InfoRow label="Sua avaliação">
            <span aria-hidden>{"★".repeat(shipment.rating)}</span>
            <span className="sr-only">{shipment.rating} de 5 estrelas</span>
          </InfoRow>
        )}
      </dl>
      <div className="mt-4 grid gap-2">
        <button type="button" className="btn btn-ghost" onClick={() => copyCode(order.trackingCode)}>
          <Copy aria-hidden className="h-4 w-4" /> Copiar código
        </button>
        <Link to="/rastrear" search={{ codigo: order.trackingCode }} className="btn btn-ghost">
          Acompanhar em Rastrear Pedido
        </Link>
        {shipment?.trackingUrl && (
          <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className="btn btn-ghost">
            <ExternalLink aria-hidden className="h-4 w-4" /> Site da transportadora
          </a>
        )}
      </div>
    </InfoCard>
  )
}

function Payment({ order }: { order: MyOrder }) {
  const payment = order.payment
  return (
    <InfoCard title="Pagamento" icon={<CreditCard aria-hidden className="h-5 w-5 text-accent" />}>
      <dl className="mt-3 grid gap-2">
        <InfoRow label="Forma">{paymentLabel(payment?.method, payment?.paymentMethodId)}</InfoRow>
        {payment?.method === "card" && payment.installments && (
          <InfoRow label="Parcelas">{payment.installments}x</InfoRow>
        )}
        {payment?.cardLastFour && <InfoRow label="Cartão final">{payment.cardLastFour}</InfoRow>}
        {order.paidAt && <InfoRow label="Pago em">{formatDate(order.paidAt)}</InfoRow>}
        <InfoRow label="Valor">{formatBRL(payment?.amount ?? order.totals.total)}</InfoRow>
      </dl>
      {order.fulfilment && order.fulfilment.refunds.length > 0 && (
        <ul className="mt-3 grid gap-1 border-t border-theme pt-3 text-muted">
          {order.fulfilment.refunds.map((r) => (
            <li key={r.id}>
              Reembolso de {formatBRL(r.amount)}:{" "}
              {r.status === "completed"
                ? "concluído"
                : r.status === "pending"
                  ? "em andamento"
                  : "não concluído"}
            </li>
          ))}
        </ul>
      )}
    </InfoCard>
  )
}

function Address({ order }: { order: MyOrder }) {
  const a = order.address
  return (
    <InfoCard title="Endereço de entrega" icon={<MapPin aria-hidden className="h-5 w-5 text-accent" />}>
      <address className="mt-3 not-italic text-muted">
        <span className="block font-medium text-[var(--text)]">{a.name}</span>
        {a.street}, {a.number}
        {a.complement && ` — ${a.complement}`}
        <br />
        {a.neighborhood} · {a.city}/{a.state}
        <br />
        CEP {formatCep(a.zipCode)}
      </address>
    </InfoCard>
  )
}

function Requests({ requests }: { requests: NonNullable<MyOrder["fulfilment"]>["requests"] }) {
  return (
    <section aria-labelledby="requests-title" className="rounded-2xl surface p-6">
      <h2 id="requests-title" className="text-lg font-semibold">
        Solicitações
      </h2>
      <ul className="mt-3 grid gap-3 text-sm" data-testid="requests">
        {requests.map((r) => (
          <li key={r.id} className="rounded-xl surface-2 p-3">
            <p className="flex flex-wrap justify-between gap-2">
              <span className="font-semibold">{r.kindLabel}</span>
              <span>{r.statusLabel}</span>
            </p>
            <p className="text-muted">Aberta em {formatDate(r.requestedAt)}</p>
            {r.description && <p className="mt-1">{r.description}</p>}
            {r.decisionNote && <p className="mt-1 text-muted">Resposta: {r.decisionNote}</p>}
          </li>
        ))}
      </ul>
    </section>
  )
}
