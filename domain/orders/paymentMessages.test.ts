import { describe, expect, it } from "vitest"
import { cardOnlyRejectionReason, PAYMENT_MESSAGES, pendingReason, rejectionReason } from "./paymentMessages"

const GENERIC = "O pagamento não foi aprovado. Tente novamente ou use outra forma de pagamento."

describe("PAYMENT_MESSAGES", () => {
  // Spec 002 §2, §5 and §8, verbatim.
  it.each<[keyof typeof PAYMENT_MESSAGES, string]>([
    ["errorTitle", "Erro no pagamento"],
    ["approved", "Pagamento aprovado!"],
    ["notInitialised", "Sistema de pagamento não inicializado"],
    ["invalidCard", "Dados do cartão inválidos"],
    ["cardFormNotReady", "Formulário de cartão não inicializado"],
    ["loadFailed", "Erro ao carregar sistema de pagamento"],
    ["methodsFailed", "Erro ao carregar métodos de pagamento"],
    ["preferenceFailed", "Erro ao criar preferência de pagamento"],
    ["processFailed", "Erro ao processar pagamento"],
    ["notApproved", "Pagamento não aprovado"],
  ])("%s is the spec's text", (key, text) => {
    expect(PAYMENT_MESSAGES[key]).toBe(text)
  })

  it("the store's own texts are set", () => {
    expect(PAYMENT_MESSAGES.gatewayUnavailable).toBe(
      "O sistema de pagamento não respondeu. Nada foi cobrado; tente novamente em instantes.",
    )
    expect(PAYMENT_MESSAGES.chooseMethod).toBe("Escolha uma forma de pagamento")
    expect(PAYMENT_MESSAGES.emptyCart).toBe("Seu carrinho está vazio")
    expect(PAYMENT_MESSAGES.orderNotFound).toBe("Pedido não encontrado")
    expect(PAYMENT_MESSAGES.notPayable).toBe("Este pedido não pode mais ser pago")
    expect(PAYMENT_MESSAGES.installments).toBe("Número de parcelas indisponível para este valor")
  })

  it("no text is blank or padded", () => {
    for (const text of Object.values(PAYMENT_MESSAGES)) {
      expect(text.trim()).toBe(text)
      expect(text.length).toBeGreaterThan(0)
    }
  })
})

describe("rejectionReason", () => {
  it.each([
    [
      "cc_rejected_other_reason",
      "O banco emissor recusou o pagamento. Use outro cartão ou outra forma de pagamento.",
    ],
    [
      "cc_rejected_call_for_authorize",
      "O banco emissor pede que você autorize o pagamento. Ligue para o banco e tente novamente.",
    ],
    [
      "cc_rejected_insufficient_amount",
      "O cartão não tem limite suficiente. Use outro cartão ou pague com PIX.",
    ],
    [
      "cc_rejected_bad_filled_security_code",
      "O código de segurança do cartão está incorreto. Confira e tente novamente.",
    ],
    [
      "cc_rejected_bad_filled_date",
      "A data de validade do cartão está incorreta. Confira e tente novamente.",
    ],
    ["cc_rejected_bad_filled_other", "Algum dado do cartão está incorreto. Confira e tente novamente."],
    ["cc_rejected_high_risk", "O pagamento foi recusado por segurança. Use outra forma de pagamento."],
    [
      "cc_rejected_duplicated_payment",
      "Você já fez um pagamento com este valor. Se precisar pagar de novo, use outro cartão.",
    ],
    [
      "cc_rejected_max_attempts",
      "Você atingiu o limite de tentativas. Use outro cartão ou outra forma de pagamento.",
    ],
    ["cc_rejected_card_disabled", "O cartão não está ativo. Ligue para o banco emissor para ativá-lo."],
    ["expired", "O prazo para pagamento terminou."],
  ])("%s → %s", (detail, reason) => {
    expect(rejectionReason(detail)).toBe(reason)
  })

  it.each([null, "", "cc_rejected_something_new", "CC_REJECTED_HIGH_RISK", "accredited"])(
    "%j → the general reason",
    (detail) => {
      expect(rejectionReason(detail)).toBe(GENERIC)
    },
  )

  // status_detail is text from outside: names inherited by every object are not reasons.
  it.each(["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"])(
    "%j → the general reason, as a string",
    (detail) => {
      expect(rejectionReason(detail)).toBe(GENERIC)
    },
  )
})

describe("cardOnlyRejectionReason", () => {
  it.each([
    ["cc_rejected_other_reason", "O banco emissor recusou o pagamento. Use outro cartão."],
    ["cc_rejected_insufficient_amount", "O cartão não tem limite suficiente. Use outro cartão."],
    ["cc_rejected_high_risk", "O pagamento foi recusado por segurança. Use outro cartão."],
    ["cc_rejected_max_attempts", "Você atingiu o limite de tentativas. Use outro cartão."],
    [
      "cc_rejected_bad_filled_date",
      "A data de validade do cartão está incorreta. Confira e tente novamente.",
    ],
  ])("%s → %s", (detail, reason) => {
    expect(cardOnlyRejectionReason(detail)).toBe(reason)
  })

  it.each([null, "", "cc_rejected_something_new", "constructor"])(
    "%j → the general reason for a card",
    (detail) => {
      expect(cardOnlyRejectionReason(detail)).toBe(
        "O pagamento não foi aprovado. Confira os dados ou use outro cartão.",
      )
    },
  )

  it("never sends the collector to another way of paying, nor to PIX", () => {
    for (const detail of [
      "cc_rejected_other_reason",
      "cc_rejected_insufficient_amount",
      "cc_rejected_high_risk",
      "cc_rejected_max_attempts",
      null,
    ])
      expect(cardOnlyRejectionReason(detail)).not.toMatch(/forma de pagamento|PIX/)
  })
})

describe("pendingReason", () => {
  it.each([
    ["pending_waiting_transfer", "Aguardando o pagamento do PIX."],
    ["pending_waiting_payment", "Aguardando o pagamento do boleto (a compensação leva até 3 dias úteis)."],
    [
      "pending_contingency",
      "Estamos processando o pagamento. Em até 2 dias úteis você recebe o resultado por e-mail.",
    ],
    [
      "pending_review_manual",
      "Estamos processando o pagamento. Em até 2 dias úteis você recebe o resultado por e-mail.",
    ],
    [null, "Pagamento em processamento."],
    ["", "Pagamento em processamento."],
    ["something_else", "Pagamento em processamento."],
    ["constructor", "Pagamento em processamento."],
  ])("%j → %s", (detail, reason) => {
    expect(pendingReason(detail)).toBe(reason)
  })
})
