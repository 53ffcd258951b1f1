/** What became of a received webhook: stored for processing, a retry of one already stored, dropped, refused. */
export const WEBHOOK_OUTCOMES = ["applied", "duplicate", "ignored", "refused"] as const
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number]

export const WEBHOOK_OUTCOME_LABEL: Readonly<Record<WebhookOutcome, string>> = {
  applied: "Aceita e processada",
  duplicate: "Duplicada (já recebida)",
  ignored: "Ignorada",
  refused: "Recusada (assinatura inválida)",
}

/** Why a notification was not applied, for an operator; never a header's or the body's content. */
export const WEBHOOK_REASON_LABEL: Readonly<Record<string, string>> = {
  missing: "Sem assinatura",
  malformed: "Assinatura malformada",
  stale: "Assinatura expirada",
  mismatch: "Assinatura não confere",
  unknown_topic: "Tópico não tratado pela loja",
  no_resource: "Sem id do recurso",
}

/** A resource id we may store and show: Mercado Pago's ids are digits; the sandbox's, letters and dashes. */
export const safeResourceId = (value: string | null | undefined): string | null =>
  value && /^[\w-]{1,64}$/.test(value) ? value : null

/** A topic as shown: only the characters a topic has, cut to the column's size. */
export const safeTopic = (value: string | null | undefined): string | null =>
  value && /^[\w.-]{1,64}$/.test(value) ? value : null
