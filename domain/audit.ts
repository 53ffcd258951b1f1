/** What an administrative change touched; the audit screen filters by it. */
export const AUDIT_SUBJECT_TYPES = [
  "collection",
  "product",
  "coupon",
  "user",
  "settings",
  "announcement",
  "event",
  "plan",
  "order",
  "support_ticket",
] as const
export type AuditSubjectType = (typeof AUDIT_SUBJECT_TYPES)[number]

export const AUDIT_SUBJECT_LABEL: Readonly<Record<AuditSubjectType, string>> = {
  collection: "Coleção",
  product: "Produto",
  coupon: "Cupom",
  user: "Usuário",
  settings: "Configurações",
  announcement: "Comunicado",
  event: "Evento",
  plan: "Plano pré-pago",
  order: "Pedido",
  support_ticket: "Chamado de suporte",
}

/** What the audit log shows for each recorded action; an action missing here is shown as recorded. */
export const AUDIT_ACTION_LABEL: Readonly<Record<string, string>> = {
  create: "criação",
  created: "criação",
  update: "alteração",
  delete: "exclusão",
  remove: "remoção",
  duplicate: "duplicação",
  activate: "ativação",
  deactivate: "desativação",
  set_price: "alteração de preço",
  move_up: "movido para cima",
  move_down: "movido para baixo",
  change_role: "mudança de papel",
  block: "bloqueio",
  unblock: "desbloqueio",
  resend_verification: "reenvio da confirmação de e-mail",
  update_settings: "alteração das configurações",
  import_shipping_table: "importação da tabela de frete",
  update_plan: "alteração do plano",
  publish: "envio",
  requeue: "reenvio para a fila",
  cancel: "cancelamento",
  mark_produced: "marcado como produzido",
  ship: "envio",
  refund: "reembolso",
  note: "anotação",
  pause: "pausa",
  process: "processamento",
  receive_return: "devolução recebida",
  resolve_request: "solicitação resolvida",
  rate: "avaliação",
  reply: "resposta",
  assign: "atribuição",
  set_status: "mudança de status",
}

export const auditActionLabel = (action: string): string =>
  Object.hasOwn(AUDIT_ACTION_LABEL, action) ? (AUDIT_ACTION_LABEL[action] ?? action) : action

export const isAuditSubjectType = (value: unknown): value is AuditSubjectType =>
  typeof value === "string" && (AUDIT_SUBJECT_TYPES as readonly string[]).includes(value)

/** Field → its value before and after; a created record has `from: null`, a deleted one `to: null`. */
export type FieldChanges = Readonly<Record<string, { readonly from: unknown; readonly to: unknown }>>

// An object type (an interface, too) whose fields are compared; `object` so interfaces need no index signature.
type Fields = object

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The fields that differ between two versions of a record. Null on one side means it did not exist (created or
 * deleted): then every field of the other side is listed. Keys in `omit` (image bytes, secrets) never appear.
 */
export function fieldChanges(
  before: Fields | null,
  after: Fields | null,
  omit: readonly string[] = [],
): FieldChanges {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])
  const out: Record<string, { from: unknown; to: unknown }> = {}
  for (const key of keys) {
    if (omit.includes(key)) continue
    const from = before ? ((before as Record<string, unknown>)[key] ?? null) : null
    const to = after ? ((after as Record<string, unknown>)[key] ?? null) : null
    if (before && after && same(from, to)) continue
    out[key] = { from, to }
  }
  return out
}
