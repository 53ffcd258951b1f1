/** The spec's payment texts (002 §2, §5, §8) and the reasons shown for each refusal, in one place. */
export const PAYMENT_MESSAGES = {
  errorTitle: "Erro no pagamento",
  /** The review step's notice: the order itself was refused (stock, limits, coupon), no payment was tried. */
  orderRefusedTitle: "Não foi possível fazer o pedido",
  approved: "Pagamento aprovado!",
  notInitialised: "Sistema de pagamento não inicializado",
  invalidCard: "Dados do cartão inválidos",
  cardFormNotReady: "Formulário de cartão não inicializado",
  loadFailed: "Erro ao carregar sistema de pagamento",
  methodsFailed: "Erro ao carregar métodos de pagamento",
  preferenceFailed: "Erro ao criar preferência de pagamento",
  processFailed: "Erro ao processar pagamento",
  notApproved: "Pagamento não aprovado",
  gatewayUnavailable: "O sistema de pagamento não respondeu. Nada foi cobrado; tente novamente em instantes.",
  /** The attempt never reached the gateway: no charge, no refusal. */
  interrupted:
    "Não conseguimos concluir o envio do seu pagamento. Nenhuma cobrança foi feita. Tente pagar novamente.",
  chooseMethod: "Escolha uma forma de pagamento",
  emptyCart: "Seu carrinho está vazio",
  shippingChanged: "O frete mudou para este endereço. Confira o novo valor antes de pagar.",
  orderNotFound: "Pedido não encontrado",
  notPayable: "Este pedido não pode mais ser pago",
  installments: "Número de parcelas indisponível para este valor",
  testCardsOnly: "No ambiente de testes use um dos cartões de teste do Mercado Pago",
} as const

/** Why a card was refused, by Mercado Pago's `status_detail`, told so the buyer knows what to do next. */
const REJECTION_REASONS: Readonly<Record<string, string>> = {
  cc_rejected_other_reason:
    "O banco emissor recusou o pagamento. Use outro cartão ou outra forma de pagamento.",
  cc_rejected_call_for_authorize:
    "O banco emissor pede que você autorize o pagamento. Ligue para o banco e tente novamente.",
  cc_rejected_insufficient_amount: "O cartão não tem limite suficiente. Use outro cartão ou pague com PIX.",
  cc_rejected_bad_filled_security_code:
    "O código de segurança do cartão está incorreto. Confira e tente novamente.",
  cc_rejected_bad_filled_date: "A data de validade do cartão está incorreta. Confira e tente novamente.",
  cc_rejected_bad_filled_other: "Algum dado do cartão está incorreto. Confira e tente novamente.",
  cc_rejected_high_risk: "O pagamento foi recusado por segurança. Use outra forma de pagamento.",
  cc_rejected_duplicated_payment:
    "Você já fez um pagamento com este valor. Se precisar pagar de novo, use outro cartão.",
  cc_rejected_max_attempts:
    "Você atingiu o limite de tentativas. Use outro cartão ou outra forma de pagamento.",
  cc_rejected_card_disabled: "O cartão não está ativo. Ligue para o banco emissor para ativá-lo.",
  expired: "O prazo para pagamento terminou.",
}

export function rejectionReason(statusDetail: string | null): string {
  return (
    (statusDetail && Object.hasOwn(REJECTION_REASONS, statusDetail) && REJECTION_REASONS[statusDetail]) ||
    "O pagamento não foi aprovado. Tente novamente ou use outra forma de pagamento."
  )
}

/**
 * The reasons that send the buyer to another way of paying, told for where only a card is taken (the
 * subscription dialog and the card of a subscription): another card is the only way out there.
 */
const CARD_ONLY_REASONS: Readonly<Record<string, string>> = {
  cc_rejected_other_reason: "O banco emissor recusou o pagamento. Use outro cartão.",
  cc_rejected_insufficient_amount: "O cartão não tem limite suficiente. Use outro cartão.",
  cc_rejected_high_risk: "O pagamento foi recusado por segurança. Use outro cartão.",
  cc_rejected_max_attempts: "Você atingiu o limite de tentativas. Use outro cartão.",
}

/** Why a card was refused where only cards are taken: never "outra forma de pagamento". */
export function cardOnlyRejectionReason(statusDetail: string | null): string {
  if (statusDetail === null) return "O pagamento não foi aprovado. Confira os dados ou use outro cartão."
  if (Object.hasOwn(CARD_ONLY_REASONS, statusDetail)) return CARD_ONLY_REASONS[statusDetail] as string
  if (Object.hasOwn(REJECTION_REASONS, statusDetail)) return REJECTION_REASONS[statusDetail] as string
  return "O pagamento não foi aprovado. Confira os dados ou use outro cartão."
}

/** The line a pending payment shows while the gateway decides. */
export function pendingReason(statusDetail: string | null): string {
  switch (statusDetail) {
    case "pending_waiting_transfer":
      return "Aguardando o pagamento do PIX."
    case "pending_waiting_payment":
      return "Aguardando o pagamento do boleto (a compensação leva até 3 dias úteis)."
    case "pending_contingency":
    case "pending_review_manual":
      return "Estamos processando o pagamento. Em até 2 dias úteis você recebe o resultado por e-mail."
    default:
      return "Pagamento em processamento."
  }
}
