import { decideRequest, receiveReturn, resolveRequest } from "./afterSales"
import { type Fulfilment, refundable } from "./fulfilment"
import {
  cancelPaidOrder,
  markDelivered,
  markInTransit,
  markProduced,
  markShipmentFailed,
  ship,
  startProduction,
} from "./fulfilmentState"

export type AdminOrderAction =
  | "start_production"
  | "mark_produced"
  | "ship"
  | "mark_in_transit"
  | "mark_delivered"
  | "mark_delivery_failed"
  | "cancel"
  | "refund"

/** What the order page's buttons offer, in the order they are shown. */
export const ADMIN_ORDER_ACTIONS: readonly AdminOrderAction[] = [
  "start_production",
  "mark_produced",
  "ship",
  "mark_in_transit",
  "mark_delivered",
  "mark_delivery_failed",
  "cancel",
  "refund",
]

// A trial shipment: whether shipping is allowed depends on the order, not on what the dialog will ask.
const TRIAL_SHIPMENT = {
  shipmentId: "trial",
  carrier: "Correios",
  service: "SEDEX",
  trackingCode: "AA000000000BR",
}

/**
 * The administrator's actions the state machine allows now, found by asking the transitions themselves, so
 * the buttons can never offer what the action would refuse.
 */
export function adminActions(f: Fulfilment, now: number) {
  const allowed: Record<AdminOrderAction, boolean> = {
    start_production: startProduction(f, now).ok,
    mark_produced: markProduced(f, now).ok,
    ship: ship(f, TRIAL_SHIPMENT, now).ok,
    mark_in_transit: markInTransit(f, now).ok,
    mark_delivered: markDelivered(f, now).ok,
    mark_delivery_failed: markShipmentFailed(f, now).ok,
    cancel: cancelPaidOrder(f, "admin", "trial", now).ok,
    refund: f.status !== "refunded" && refundable(f) > 0,
  }
  return {
    allowed,
    requests: f.requests.map((r) => ({
      requestId: r.id,
      decide: decideRequest(f, r.id, { approve: true, note: "" }, now).ok,
      receiveReturn: receiveReturn(f, r.id, "trial", now).ok,
      resolve: resolveRequest(f, r.id, now).ok,
    })),
  }
}

/** The audit log's action names as the order page lists them. */
export const AUDIT_ACTION_LABEL: Readonly<Record<string, string>> = {
  start_production: "Produção iniciada",
  mark_produced: "Marcado como produzido",
  ship: "Pedido enviado",
  mark_in_transit: "Marcado em trânsito",
  mark_delivered: "Marcado como entregue",
  mark_delivery_failed: "Falha na entrega registrada",
  cancel: "Pedido cancelado",
  update_plan: "Plano atualizado",
  refund: "Reembolso solicitado",
  approve_request: "Solicitação aprovada",
  reject_request: "Solicitação recusada",
  receive_return: "Devolução recebida",
  resolve_request: "Solicitação concluída",
  request_withdrawal: "Desistência pedida pelo cliente",
  request_damage: "Produto danificado informado pelo cliente",
  request_missing: "Extravio informado pelo cliente",
  rate: "Entrega avaliada",
  note: "Nota interna",
}

/** The outbox's event types as the order page lists them. */
export const ORDER_EVENT_LABEL: Readonly<Record<string, string>> = {
  OrderPlaced: "Pedido realizado",
  PaymentInstructionsIssued: "Instruções de pagamento emitidas",
  PaymentApproved: "Pagamento aprovado",
  PaymentRejected: "Pagamento recusado",
  PaymentInterrupted: "Pagamento interrompido (nada cobrado)",
  OrderExpired: "Pedido expirado",
  OrderCancelled: "Pedido cancelado",
  PaymentRefundRequired: "Pagamento a devolver",
  OrderProductionStarted: "Produção iniciada",
  OrderProduced: "Produto finalizado",
  OrderShipped: "Pedido enviado",
  OrderInTransit: "Em trânsito",
  OrderDelivered: "Entregue",
  ShipmentFailed: "Falha na entrega",
  PaidOrderCancelled: "Pedido pago cancelado",
  RefundRequested: "Reembolso solicitado",
  OrderRefunded: "Reembolso concluído",
  RefundFailed: "Reembolso falhou",
  AfterSaleRequested: "Solicitação pós-venda aberta",
  AfterSaleDecided: "Solicitação pós-venda analisada",
  ReturnReceived: "Devolução recebida",
  DeliveryRated: "Entrega avaliada",
}
