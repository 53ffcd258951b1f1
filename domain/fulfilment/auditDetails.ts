import { formatBRL } from "../money"
import {
  FULFILMENT_STATUS_LABEL,
  type FulfilmentStatus,
  REQUEST_KIND_LABEL,
  type RequestKind,
} from "./fulfilment"

const fulfilmentLabel = (status: unknown) =>
  Object.hasOwn(FULFILMENT_STATUS_LABEL, String(status))
    ? FULFILMENT_STATUS_LABEL[status as FulfilmentStatus]
    : String(status)

/** Each recorded detail as the order page names it; null hides what only the system reads (ids). */
const DETAIL: Readonly<Record<string, ((value: unknown) => string) | null>> = {
  carrier: (v) => `Transportadora: ${v}`,
  service: (v) => `Serviço: ${v}`,
  trackingCode: (v) => `Código de rastreamento: ${v}`,
  bulk: (v) => (v === true ? "Em lote" : ""),
  amount: (v) => `Valor: ${typeof v === "number" ? formatBRL(v) : v}`,
  note: (v) => `Observação: ${v}`,
  kind: (v) =>
    `Tipo: ${Object.hasOwn(REQUEST_KIND_LABEL, String(v)) ? REQUEST_KIND_LABEL[v as RequestKind] : v}`,
  stars: (v) => `Avaliação: ${v} de 5`,
  requestId: null,
  noteId: null,
}

/**
 * An audit entry's details in pt-BR: "De: Enviado → Para: Entregue · Transportadora: Correios". A key the page
 * does not know yet is still shown, under its own name, rather than lost.
 */
export function auditDetailText(details: Readonly<Record<string, unknown>>): string {
  const present = Object.entries(details).filter(([, v]) => v !== null && v !== undefined && v !== "")
  const move =
    "from" in details && "to" in details
      ? [`De: ${fulfilmentLabel(details.from)} → Para: ${fulfilmentLabel(details.to)}`]
      : []
  const rest = present
    .filter(([key]) => key !== "from" && key !== "to")
    .map(([key, value]) => {
      const show = Object.hasOwn(DETAIL, key) ? DETAIL[key] : (v: unknown) => `${key}: ${String(v)}`
      return show ? show(typeof value === "object" ? JSON.stringify(value) : value) : ""
    })
  return [...move, ...rest].filter((part) => part !== "").join(" · ")
}
