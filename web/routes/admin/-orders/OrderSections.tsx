import type { ReactNode } from "react"
import { formatDateBR, formatTimeBR } from "../../../../domain/calendar"
import { addressLine } from "../../../../domain/orders/address"
import { formatCep } from "../../../../domain/shipping/postal"
import { ToneBadge } from "../../../components/Badges"
import { OrderTotals } from "../../../components/OrderTotals"
import { formatBRL, formatDate } from "../../../lib/format"
import type { RouterOutputs } from "../../../lib/trpc"

export type AdminOrder = RouterOutputs["admin"]["orders"]["get"]

export const dateTime = (at: number) => `${formatDate(at)} ${formatTimeBR(at)}`

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `secao-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`
  return (
    <section aria-labelledby={id} className="rounded-2xl surface p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  )
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-muted">{children}</p>

function Pairs({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function LinesSection({ order }: { order: AdminOrder }) {
  const production = order.fulfilment?.production ?? []
  return (
    <Section title="Itens">
      {order.plan && (
        <p className="py-2 font-medium" data-testid="order-plan">
          {order.plan.label}
        </p>
      )}
      <ul className="divide-y divide-[var(--border)]">
        {order.lines.map((line, position) => {
          const stage = production.find((p) => p.position === position)
          return (
            <li key={`${line.productId}-${position}`} className="py-2">
              <p className="font-medium">
                {line.quantity}× {line.name}
              </p>
              <p className="text-muted">
                {line.collectionName} · {formatBRL(line.unitPrice)} cada
                {stage && ` · ${stage.stageLabel}${stage.shipDateText ? `, ${stage.shipDateText}` : ""}`}
              </p>
              {line.editionSize !== null && (
                <p>
                  Edição numerada:{" "}
                  {line.serials.length > 0
                    ? line.serials.map((s) => `${s}/${line.editionSize}`).join(", ")
                    : "números atribuídos no pagamento"}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <div className="mt-3 border-t border-theme pt-3">
        <OrderTotals rows={order.totalRows} className="grid max-w-md gap-1" />
        <p className="mt-1 text-xs text-muted">
          Envio: {`${order.shipping.provider} ${order.shipping.name}`}
        </p>
      </div>
    </Section>
  )
}

export function CustomerSection({ order }: { order: AdminOrder }) {
  const a = order.address
  return (
    <Section title="Cliente e entrega">
      <Pairs
        rows={[
          ["Cliente", order.customer?.name ?? "Conta excluída"],
          ["E-mail", order.customer?.email ?? "—"],
          ["Telefone", order.customer?.phone || "—"],
          ["CPF", order.cpf || "—"],
          ["Destinatário", a.name],
          ["Endereço", addressLine(a)],
          ["CEP", formatCep(a.zipCode)],
          ["Rastreamento", <code key="c">{order.trackingCode}</code>],
        ]}
      />
    </Section>
  )
}

const ATTEMPT_TONE: Record<string, Parameters<typeof ToneBadge>[0]["tone"]> = {
  approved: "success",
  rejected: "urgent",
  cancelled: "neutral",
  refunded: "neutral",
}

export function PaymentsSection({ order }: { order: AdminOrder }) {
  return (
    <Section title="Pagamentos">
      {order.attempts.length === 0 ? (
        <Empty>Nenhuma tentativa de pagamento.</Empty>
      ) : (
        <ul className="space-y-3">
          {order.attempts.map((a) => (
            <li key={a.id} className="rounded-xl surface-2 p-3">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {a.methodLabel} · {formatBRL(a.amount)}
                {a.method === "card" && ` em ${a.installments}x`}
                <ToneBadge tone={ATTEMPT_TONE[a.status] ?? "warning"}>{a.statusLabel}</ToneBadge>
              </p>
              <p className="text-muted">{a.message}</p>
              <p className="text-xs text-muted">
                {a.card && `${a.card} · `}ID no gateway: {a.gatewayPaymentId ?? "—"} · {dateTime(a.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

export function ShipmentSection({ order }: { order: AdminOrder }) {
  const f = order.fulfilment
  if (!f) return null
  return (
    <Section title="Envio">
      <p>Entrega prevista: {formatDateBR(f.estimatedDelivery)}</p>
      {f.shipments.length === 0 ? (
        <Empty>Ainda não enviado.</Empty>
      ) : (
        <ul className="mt-2 space-y-2">
          {f.shipments.map((s) => (
            <li key={s.id} className="rounded-xl surface-2 p-3">
              <p className="font-medium">
                {s.carrier} {s.service} · <code>{s.trackingCode}</code> · {s.statusLabel}
              </p>
              <p className="text-muted">
                Postado em {dateTime(s.shippedAt)} · previsão {formatDateBR(s.estimatedDelivery)}
                {s.deliveredAt && ` · entregue em ${dateTime(s.deliveredAt)}`}
              </p>
              {s.rating !== null && (
                <p>
                  Avaliação: {s.rating}/5{s.review && ` — “${s.review}”`}
                </p>
              )}
              {s.trackingUrl && (
                <a href={s.trackingUrl} target="_blank" rel="noreferrer" className="underline">
                  Rastrear na transportadora
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

const REFUND_STATUS = { pending: "Pendente", completed: "Concluído", failed: "Falhou" } as const
const REFUND_REASON = {
  cancellation: "Cancelamento",
  withdrawal: "Desistência",
  partial: "Parcial",
  damage: "Produto danificado",
} as const

export function RefundsSection({ order }: { order: AdminOrder }) {
  const f = order.fulfilment
  if (!f) return null
  return (
    <Section title="Reembolsos">
      <p>
        Reembolsado: {formatBRL(f.refunded)} · Saldo reembolsável: {formatBRL(f.refundable)}
      </p>
      {f.refunds.length > 0 && (
        <ul className="mt-2 space-y-1">
          {f.refunds.map((r) => (
            <li key={r.id}>
              {formatBRL(r.amount)} · {REFUND_REASON[r.reason]} · {REFUND_STATUS[r.status]} ·{" "}
              {dateTime(r.requestedAt)}
              {r.note && ` — ${r.note}`}
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

export function CertificatesSection({ order }: { order: AdminOrder }) {
  if (order.certificates.length === 0) return null
  return (
    <Section title="Certificados">
      <ul className="space-y-1">
        {order.certificates.map((c) => (
          <li key={c.code}>
            <a href={c.path} className="underline">
              {c.productName} {c.edition}
            </a>
            {c.revoked && " (revogado)"}
          </li>
        ))}
      </ul>
    </Section>
  )
}

export function AuditSection({ order }: { order: AdminOrder }) {
  return (
    <Section title="Histórico de ações">
      {order.audit.length === 0 ? (
        <Empty>Nenhuma ação registrada.</Empty>
      ) : (
        <ol className="space-y-2">
          {[...order.audit].reverse().map((e) => (
            <li key={e.id}>
              <p>
                <strong>{e.label}</strong> · {e.actorEmail ?? (e.actorKind === "system" ? "Sistema" : "—")} ·{" "}
                <time dateTime={new Date(e.at).toISOString()}>{dateTime(e.at)}</time>
              </p>
              <p className="text-xs text-muted break-words">{e.detailText}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  )
}

const EVENT_STATUS = { pending: "pendente", done: "processado", parked: "parado" } as const

export function EventsSection({ order }: { order: AdminOrder }) {
  return (
    <Section title="Eventos">
      {order.events.length === 0 ? (
        <Empty>Nenhum evento registrado.</Empty>
      ) : (
        <ol className="space-y-1">
          {order.events.map((e) => (
            <li key={e.id}>
              {e.label} · {dateTime(e.occurredAt)} ·{" "}
              <span className="text-muted">{EVENT_STATUS[e.status]}</span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  )
}
