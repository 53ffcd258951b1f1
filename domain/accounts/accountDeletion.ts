import { isOpen as isOpenTrade, type TradeStatus } from "../community/trades"
import type { FulfilmentStatus } from "../fulfilment/fulfilment"
import type { OrderKind, OrderStatus } from "../orders/order"
import type { SubscriptionStatus } from "../subscriptions/subscription"
import type { DeletionOutcome } from "./accountEvents"

/**
 * What deleting an account does to what it still has open, decided in one place so the dialog that asks for the
 * password, the use case that carries it out and the last e-mail all say the same thing.
 *
 * - an unpaid order (waiting for PIX, boleto or a card's retry) is cancelled and its units return to the edition;
 * - a paid order not yet in production is cancelled with a full refund (as the customer may cancel it herself);
 * - a paid order in production or already sent is made-to-order work under way: it ships and is delivered;
 * - a prepaid plan ends as the store cancels one: what was paid is refunded, its month not yet in production is
 *   cancelled with it, and a month already in production or sent still ships;
 * - a subscription is cancelled at once, with no fee (spec 001: 'Sem taxa de cancelamento') and no charge after
 *   today; as when its collector cancels it, a month already paid for is not refunded but shipped;
 * - a trade still open (proposed by the account or to it) is called off as either side may cancel it, and the
 *   other collector is told; a trade never holds a piece, so each side keeps the piece it had.
 *
 * Everything closed (delivered, cancelled, refunded, expired) is only kept as a record the law asks for.
 */
export type { DeletionOutcome }

export type OpenItem =
  | {
      readonly kind: "order"
      readonly orderKind: OrderKind
      readonly status: OrderStatus
      readonly fulfilment: FulfilmentStatus | null
      /** For a plan's monthly shipment (kind `subscription`): what paid for the month. */
      readonly monthOf?: "subscription" | "prepaid" | null
    }
  | { readonly kind: "subscription"; readonly status: SubscriptionStatus }
  | { readonly kind: "trade"; readonly status: TradeStatus }

const SHIPS: readonly FulfilmentStatus[] = ["in_production", "produced", "shipped", "in_transit"]

export function deletionOutcome(item: OpenItem): DeletionOutcome {
  if (item.kind === "subscription") return item.status === "cancelled" ? "record_only" : "end_subscription"
  if (item.kind === "trade") return isOpenTrade(item) ? "end_trade" : "record_only"
  if (item.status === "awaiting_payment" || item.status === "rejected") return "cancel_unpaid"
  if (item.status !== "paid" || item.fulfilment === null) return "record_only"
  if (item.fulfilment === "plan_active") return "end_plan"
  if (item.fulfilment === "awaiting_production") {
    if (item.orderKind !== "subscription") return "cancel_refund"
    return item.monthOf === "prepaid" ? "cancel_with_plan" : "ships"
  }
  return SHIPS.includes(item.fulfilment) ? "ships" : "record_only"
}

/** Whether the item is still open, so the dialog lists it and the deletion acts on it. */
export const isOpen = (item: OpenItem) => deletionOutcome(item) !== "record_only"

/** What the person reads before the password: what the deletion will do. */
export const DELETION_OUTCOME_TEXT: Readonly<Record<DeletionOutcome, string>> = {
  cancel_unpaid:
    "Aguardando pagamento: será cancelado, o PIX ou boleto deixa de valer e as unidades voltam para a edição.",
  cancel_refund: "Pago e ainda não entrou em produção: será cancelado com reembolso integral.",
  ships: "Já está em produção ou a caminho: será produzido e entregue no endereço do pedido.",
  end_plan:
    "Plano pré-pago: será encerrado com reembolso do valor pago; um mês já em produção ou enviado ainda será entregue.",
  cancel_with_plan:
    "Mês de plano pré-pago ainda não produzido: será cancelado junto com o plano, que é reembolsado.",
  end_subscription:
    "Assinatura: será cancelada agora, sem taxa de cancelamento e sem novas cobranças; um mês em produção ou a caminho ainda é entregue, e um mês pago que ainda não começou é reembolsado.",
  end_trade:
    "Troca em aberto: será desfeita e a outra pessoa é avisada; cada um fica com a peça que já tinha.",
  record_only: "Encerrado: fica apenas o registro exigido por lei.",
}

/**
 * What the last e-mail says was done, once it has been: the same rule in the past tense, but for what still
 * ships, which is still to come.
 */
export const DELETION_DONE_TEXT: Readonly<Record<DeletionOutcome, string>> = {
  cancel_unpaid:
    "Aguardando pagamento: foi cancelado, o PIX ou boleto deixou de valer e as unidades voltaram para a edição.",
  cancel_refund: "Pago e ainda não tinha entrado em produção: foi cancelado com reembolso integral.",
  ships: DELETION_OUTCOME_TEXT.ships,
  end_plan:
    "Plano pré-pago: foi encerrado com reembolso do valor pago; um mês já em produção ou enviado ainda será entregue.",
  cancel_with_plan:
    "Mês de plano pré-pago ainda não produzido: foi cancelado junto com o plano, que foi reembolsado.",
  end_subscription:
    "Assinatura: foi cancelada, sem taxa de cancelamento e sem novas cobranças; um mês em produção ou a caminho ainda será entregue, e um mês pago que ainda não tinha começado foi reembolsado.",
  end_trade:
    "Troca em aberto: foi desfeita e a outra pessoa foi avisada; cada um ficou com a peça que já tinha.",
  record_only: DELETION_OUTCOME_TEXT.record_only,
}

/** How long the records the law asks for are kept after the order (CTN art. 173–174; CDC art. 27). */
export const RETENTION_YEARS = 5

/** What is kept after the deletion, and why (LGPD art. 16, I): said in the dialog, the e-mail and /privacidade. */
export const RETAINED_RECORDS_TEXT =
  `Guardamos, separados do perfil excluído e por ${RETENTION_YEARS} anos a partir de cada compra, os registros ` +
  "fiscais e de consumo exigidos por lei (LGPD art. 16, I): pedidos, pagamentos (também de planos e assinaturas), " +
  "reembolsos e os dados da nota fiscal (nome, CPF e endereço de entrega do pedido). Passado esse prazo, apagamos " +
  "desses registros o nome, o CPF, o endereço e o que mais identifique você; ficam apenas os números das vendas, " +
  "sem ligação com ninguém. Todo o resto é apagado: perfil, endereços, carrinho, " +
  "listas de espera, coleção, pontos, trocas, notificações, chamados de suporte e e-mails guardados."

/** The rest, said once in the dialog under the list. */
export const DELETION_OTHER_EFFECTS = [
  "Listas de espera: você sai de todas; uma unidade reservada para você passa para o próximo da fila.",
  "Propostas de troca em aberto são desfeitas; sua coleção, pontos, moedas e conquistas são apagados.",
  "Você recebe um último e-mail confirmando a exclusão e o que foi guardado.",
] as const
