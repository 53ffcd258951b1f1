import { NOTIFICATION_TYPES, type NotificationType } from "./announcement"
import { NOTIFICATION_TYPE_LABELS } from "./center"

/**
 * An unsubscribe token reads `<type>.<customer>.<signature>`: the type in clear so the page can name it before
 * asking the server; only the server's signature check makes it worth anything.
 */
export function typeOfUnsubscribeToken(token: string): NotificationType | null {
  const type = token.split(".", 1)[0] ?? ""
  return (NOTIFICATION_TYPES as readonly string[]).includes(type) ? (type as NotificationType) : null
}

export const UNSUBSCRIBE_PATH = "/api/unsubscribe"
export const UNSUBSCRIBE_PAGE_PATH = "/descadastrar"

export const UNSUBSCRIBE_TEXTS = {
  footer: (type: NotificationType) => `Não quer mais receber e-mails de ${NOTIFICATION_TYPE_LABELS[type]}?`,
  footerLink: "Descadastrar",
  done: (type: NotificationType) =>
    `Pronto: você não receberá mais e-mails de ${NOTIFICATION_TYPE_LABELS[type]}. Você pode mudar isso em Perfil › Notificações.`,
  invalid:
    "Este link de descadastro é inválido ou foi alterado. Você pode escolher quais e-mails receber em Perfil › Notificações.",
} as const
