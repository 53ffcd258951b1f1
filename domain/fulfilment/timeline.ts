import { type CivilDate, formatDateBR, formatTimeBR, toSaoPauloCivil } from "../calendar"
import type { OrderLine } from "../orders/order"
import { type Fulfilment, type FulfilmentStatus, liveShipment } from "./fulfilment"
import { estimatedDelivery } from "./fulfilmentState"

export type StepState = "completed" | "current" | "pending"
export type StepKey =
  | "confirmed"
  | "in_production"
  | "produced"
  | "shipped"
  | "in_transit"
  | "estimated"
  | "delivered"
  | "cancelled"
  | "returned"
  | "refunded"
  | "plan_active"

/** One line of the customer's timeline (spec 002 §3 timeline entries, §4 labels). */
export interface TimelineStep {
  readonly key: StepKey
  readonly label: string
  readonly description: string
  /** When it happened; for "estimated", São Paulo midnight of the expected day; null while pending. */
  readonly at: number | null
  /** "24/11/2026", or null while unknown. */
  readonly date: string | null
  /** "14:05"; null for a step known only by its day. */
  readonly time: string | null
  readonly state: StepState
}

const TERMINAL: readonly FulfilmentStatus[] = ["delivered", "cancelled", "returned", "refunded"]

/** The shipment the customer follows: the live one, else the last one sent. */
const currentShipment = (f: Fulfilment) => liveShipment(f) ?? f.shipments.at(-1) ?? null

/** When the parcel should arrive: the carrier's estimate once it left, else the batch day plus transit. */
export function deliveryEstimate(f: Fulfilment): CivilDate {
  return currentShipment(f)?.estimatedDelivery ?? estimatedDelivery(f.shipsOn, f.carrierDays)
}

const stamp = (at: number | null) =>
  at === null
    ? { at, date: null, time: null }
    : { at, date: formatDateBR(toSaoPauloCivil(at)), time: formatTimeBR(at) }

/**
 * The customer's timeline: Pedido Confirmado, Em Produção, Produto Finalizado, Postado, Em Trânsito, Entrega
 * Prevista, Entregue. The last step reached is "current" while the order still moves; an order that ended
 * (delivered, cancelled, returned, refunded) shows every step it reached as completed and nothing pending.
 */
export function customerTimeline(f: Fulfilment): readonly TimelineStep[] {
  // A prepaid plan is never produced or posted itself: its months are orders of their own, with their timelines.
  if (f.status === "plan_active")
    return [
      {
        key: "confirmed",
        label: "Pedido Confirmado",
        description: "Pagamento aprovado e plano confirmado.",
        ...stamp(f.paidAt),
        state: "completed",
      },
      {
        key: "plan_active",
        label: "Plano Ativo",
        description: "Um personagem por mês, com frete grátis; cada mês chega como um pedido próprio.",
        at: null,
        date: null,
        time: null,
        state: "current",
      },
    ]
  const shipment = currentShipment(f)
  const expected = deliveryEstimate(f)
  const reached: {
    key: StepKey
    label: string
    description: string
    at: number | null
    dayOnly?: boolean
  }[] = [
    {
      key: "confirmed",
      label: "Pedido Confirmado",
      description: "Pagamento aprovado e pedido confirmado.",
      at: f.paidAt,
    },
    {
      key: "in_production",
      label: "Em Produção",
      description: "Sua peça está sendo produzida.",
      at: f.productionStartedAt,
    },
    {
      key: "produced",
      label: "Produto Finalizado",
      description: "Produção concluída; o pedido está sendo preparado para envio.",
      at: f.producedAt,
    },
    {
      key: "shipped",
      label: "Postado",
      description: shipment
        ? `Pedido postado via ${shipment.carrier} (${shipment.service}), código ${shipment.trackingCode}.`
        : "O pedido será entregue à transportadora.",
      at: shipment?.shippedAt ?? null,
    },
    {
      key: "in_transit",
      label: "Em Trânsito",
      description: "O pedido está a caminho do endereço de entrega.",
      at: shipment?.inTransitAt ?? null,
    },
    {
      key: "estimated",
      label: "Entrega Prevista",
      description: `Previsão de entrega: ${formatDateBR(expected)}.`,
      at: null,
      dayOnly: true,
    },
    {
      key: "delivered",
      label: "Entregue",
      description: "Pedido entregue.",
      at: shipment?.deliveredAt ?? null,
    },
  ]
  const ended = TERMINAL.includes(f.status)
  const arrived = (shipment?.deliveredAt ?? null) !== null
  const lastReached = reached.reduce((last, step, i) => (step.at !== null ? i : last), -1)
  const steps: TimelineStep[] = reached
    // Once delivered, the estimate is history: the Entregue step carries the day it really arrived.
    .filter((step) => !(step.dayOnly && arrived))
    .map((step) => {
      const i = reached.indexOf(step)
      const base = step.dayOnly ? { at: null, date: formatDateBR(expected), time: null } : stamp(step.at)
      // A step the order went past without a record (shipped straight to delivered) is done, with no time.
      const passed = step.at !== null || i < lastReached
      const state: StepState = passed ? (i === lastReached && !ended ? "current" : "completed") : "pending"
      return { key: step.key, label: step.label, description: step.description, ...base, state }
    })
    // An order that stopped short keeps only the steps it reached.
    .filter((step) => !ended || step.state !== "pending")
  if (f.status === "cancelled" || (f.status === "refunded" && f.cancelledAt !== null))
    steps.push({
      key: "cancelled",
      label: "Pedido Cancelado",
      description: "O pedido foi cancelado.",
      ...stamp(f.cancelledAt),
      state: "completed",
    })
  if (f.status === "returned" || (f.status === "refunded" && shipment?.status === "returned"))
    steps.push({
      key: "returned",
      label: "Devolução Recebida",
      description: "Recebemos o produto devolvido.",
      ...stamp(shipment?.endedAt ?? null),
      state: "completed",
    })
  if (f.status === "refunded")
    steps.push({
      key: "refunded",
      label: "Reembolsado",
      description: "O valor pago foi devolvido.",
      ...stamp(f.refundedAt),
      state: "completed",
    })
  return steps
}

export type ProductionStage =
  | "awaiting_production"
  | "in_production"
  | "produced"
  | "shipped"
  | "delivered"
  | "cancelled"

export const PRODUCTION_STAGE_LABEL: Readonly<Record<ProductionStage, string>> = {
  awaiting_production: "Aguardando produção",
  in_production: "Em produção",
  produced: "Finalizado",
  shipped: "Enviado",
  delivered: "Entregue",
  cancelled: "Cancelado",
}

const STAGE_OF: Readonly<Record<FulfilmentStatus, ProductionStage>> = {
  awaiting_production: "awaiting_production",
  in_production: "in_production",
  produced: "produced",
  shipped: "shipped",
  in_transit: "shipped",
  delivered: "delivered",
  cancelled: "cancelled",
  returned: "cancelled",
  refunded: "cancelled",
  // Never reached by an order with lines to produce; a plan has none.
  plan_active: "awaiting_production",
}

export interface LineProgress {
  readonly position: number
  readonly name: string
  readonly stage: ProductionStage
  readonly stageLabel: string
  /** The day it left, or the batch day it is due to leave. */
  readonly expectedShipDate: CivilDate
  /** "enviado em 24/11/2026" once it left, "envio previsto em 30/11/2026" until then; null once called off. */
  readonly shipDateText: string | null
  /** "37/500" for each unit of a numbered edition. */
  readonly editionNumbers: readonly string[]
}

const SHIP_DATE_PREFIX: Readonly<Record<ProductionStage, string | null>> = {
  awaiting_production: "envio previsto em",
  in_production: "envio previsto em",
  produced: "envio previsto em",
  shipped: "enviado em",
  delivered: "enviado em",
  cancelled: null,
}

/** The day it left, or the batch day it is due to leave. */
const shipDay = (f: Fulfilment): CivilDate => {
  const shipment = currentShipment(f)
  return shipment ? toSaoPauloCivil(shipment.shippedAt) : f.shipsOn
}

/** The order's ship day in words, the same the tracker gives each line (the admin page's header). */
export const shipDateText = (f: Fulfilment): string | null => {
  const prefix = SHIP_DATE_PREFIX[STAGE_OF[f.status]]
  return prefix === null ? null : `${prefix} ${formatDateBR(shipDay(f))}`
}

/** The production tracker: each line's stage and the day it leaves (decision 5's batch day until it has). */
export function productionTracker(f: Fulfilment, lines: readonly OrderLine[]): readonly LineProgress[] {
  const stage = STAGE_OF[f.status]
  const expectedShipDate = shipDay(f)
  const shipDate = shipDateText(f)
  return lines.map((line, position) => ({
    position,
    name: line.name,
    stage,
    stageLabel: PRODUCTION_STAGE_LABEL[stage],
    expectedShipDate,
    shipDateText: shipDate,
    editionNumbers:
      line.editionSize === null ? [] : line.serials.map((serial) => `${serial}/${line.editionSize}`),
  }))
}
