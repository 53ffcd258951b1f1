import {
  ANNOUNCEMENT_LIMITS,
  announcementLink,
  NOTIFICATION_TYPES,
  type NotificationType,
} from "./announcement"

/** Where a notification reaches the customer: the header's list, or their inbox. */
export const NOTIFICATION_CHANNELS = ["inApp", "email"] as const
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

/** What each type is called where the customer chooses what to receive (and in the unsubscribe page). */
export const NOTIFICATION_TYPE_LABELS = {
  character_reveal: "Revelação de personagens",
  shipment_update: "Produção e entrega dos pedidos",
  billing: "Cobranças e pagamentos",
  trade: "Trocas entre colecionadores",
  system: "Comunicados da loja",
} as const satisfies Record<NotificationType, string>

/** One line under each label, so the choice is an informed one. */
export const NOTIFICATION_TYPE_HINTS = {
  character_reveal: "O personagem do mês revelado no dia 15, das suas assinaturas e dos seus favoritos.",
  shipment_update: "Quando um pedido entra em produção, é enviado e é entregue.",
  billing: "Renovação e falha de cobrança da assinatura, PIX prestes a vencer.",
  trade: "Propostas, respostas e confirmações das suas trocas.",
  system: "Avisos da equipe Legendarium para todos os clientes ou para assinantes.",
} as const satisfies Record<NotificationType, string>

export type ChannelChoice = { readonly [C in NotificationChannel]: boolean }
export type NotificationPreferences = { readonly [T in NotificationType]: ChannelChoice }

/** A customer who chose nothing receives everything: each type is opt-out, in each channel. */
export const DEFAULT_CHOICE: ChannelChoice = { inApp: true, email: true }

/** The stored choices over the defaults; a type without a stored row keeps the default. */
export function preferencesOf(
  stored: readonly { readonly type: NotificationType; readonly inApp: boolean; readonly email: boolean }[],
): NotificationPreferences {
  const byType = new Map(stored.map((row) => [row.type, { inApp: row.inApp, email: row.email }]))
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, byType.get(type) ?? DEFAULT_CHOICE]),
  ) as unknown as NotificationPreferences
}

/** What a sender hands over: the customer, the type, what it says, and a key when it must arrive only once. */
export interface NotificationDraft {
  readonly userId: string
  readonly type: NotificationType
  readonly title: string
  readonly message: string
  /** A path of this site or an https address; stored absolute (see `announcementLink`). */
  readonly actionUrl: string | null
  readonly metadata?: Readonly<Record<string, unknown>>
  /** Unique per customer: a second draft with the same key is not stored again. */
  readonly key: string | null
}

export const NOTIFICATION_KEY_MAX = 200

export type CheckedDraft =
  | { readonly ok: true; readonly draft: NotificationDraft }
  | { readonly ok: false; readonly message: string }

/**
 * Spec 001 §5: title and message required, actionUrl a valid URL. Senders are code, not forms, so a refusal
 * here is a bug of the sender; it still must never store a `javascript:` link or an oversized text.
 */
export function checkDraft(draft: NotificationDraft, siteUrl: string): CheckedDraft {
  const title = draft.title.trim()
  const message = draft.message.trim()
  if (!title || title.length > ANNOUNCEMENT_LIMITS.title) return { ok: false, message: "Título inválido" }
  if (!message || message.length > ANNOUNCEMENT_LIMITS.message)
    return { ok: false, message: "Mensagem inválida" }
  if (draft.key !== null && (draft.key.length === 0 || draft.key.length > NOTIFICATION_KEY_MAX))
    return { ok: false, message: "Chave inválida" }
  const actionUrl = draft.actionUrl === null ? null : announcementLink(draft.actionUrl, siteUrl)
  if (draft.actionUrl !== null && actionUrl === null) return { ok: false, message: "Link inválido" }
  return { ok: true, draft: { ...draft, title, message, actionUrl } }
}

/** The header shows "9+" past nine: the exact number matters less than that there is something new. */
export const UNREAD_BADGE_MAX = 9
export const unreadBadge = (count: number): string | null =>
  count <= 0 ? null : count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count)
