/**
 * Mercado Pago's `status_detail` in pt-BR for the administration; an unknown code is shown as it came, so
 * nothing the gateway says is hidden.
 */
const STATUS_DETAIL_LABEL: Readonly<Record<string, string>> = {
  accredited: "Pagamento creditado",
  pending_contingency: "Em processamento",
  pending_review_manual: "Em revisão manual",
  pending_waiting_payment: "Aguardando pagamento",
  pending_waiting_transfer: "Aguardando transferência",
  cc_rejected_bad_filled_card_number: "Número do cartão incorreto",
  cc_rejected_bad_filled_date: "Validade incorreta",
  cc_rejected_bad_filled_other: "Dados do cartão incorretos",
  cc_rejected_bad_filled_security_code: "Código de segurança incorreto",
  cc_rejected_blacklist: "Cartão bloqueado",
  cc_rejected_call_for_authorize: "Requer autorização do banco",
  cc_rejected_card_disabled: "Cartão desativado",
  cc_rejected_duplicated_payment: "Pagamento duplicado",
  cc_rejected_high_risk: "Recusado por risco",
  cc_rejected_insufficient_amount: "Saldo ou limite insuficiente",
  cc_rejected_max_attempts: "Limite de tentativas",
  cc_rejected_other_reason: "Recusado pelo banco",
  expired: "Expirado",
  by_collector: "Cancelado pela loja",
  by_payer: "Cancelado pelo comprador",
  refunded: "Reembolsado",
  partially_refunded: "Reembolsado em parte",
  in_process: "Em análise",
}

export function paymentStatusDetailLabel(detail: string | null): string | null {
  if (!detail) return null
  return Object.hasOwn(STATUS_DETAIL_LABEL, detail) ? (STATUS_DETAIL_LABEL[detail] as string) : detail
}
