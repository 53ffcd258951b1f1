/** Spec 001 §4: what a stored notification is about. Announcements are `system`. */
export const NOTIFICATION_TYPES = [
  "character_reveal",
  "shipment_update",
  "billing",
  "trade",
  "system",
] as const
export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

/** Lengths that fit the header's dropdown and an e-mail's first screen; the database checks the same. */
export const ANNOUNCEMENT_LIMITS = { title: 120, message: 2000, link: 500 } as const

export const ANNOUNCEMENT_MESSAGES = {
  titleRequired: "Título é obrigatório",
  titleTooLong: `O título deve ter no máximo ${ANNOUNCEMENT_LIMITS.title} caracteres`,
  messageRequired: "Mensagem é obrigatória",
  messageTooLong: `A mensagem deve ter no máximo ${ANNOUNCEMENT_LIMITS.message} caracteres`,
  invalidLink: "Link inválido: use um endereço desta loja (começando com /) ou um endereço https://",
  collectionRequired: "Selecione uma coleção",
} as const

export type Audience =
  | { readonly kind: "all" }
  | { readonly kind: "collection"; readonly collectionId: string }

export interface AnnouncementDraft {
  readonly title: string
  readonly message: string
  /** Optional: a path of this site ("/colecoes/anime"), an address of this site, or any https address. */
  readonly link?: string | null | undefined
  readonly audience: Audience
}

export interface CheckedAnnouncement {
  readonly title: string
  readonly message: string
  /** Absolute, so the e-mail's button and the in-app link are the same address. */
  readonly actionUrl: string | null
  readonly audience: Audience
}

export type AnnouncementCheck =
  | { readonly ok: true; readonly announcement: CheckedAnnouncement }
  | {
      readonly ok: false
      readonly field: "title" | "message" | "link" | "audience"
      readonly message: string
    }

/**
 * The link rule: a path of this site or an address on its origin (the dev server is plain http), else https
 * only, so a notification never carries `javascript:`, `data:` or a plain-http page of someone else.
 */
export function announcementLink(link: string, siteUrl: string): string | null {
  const site = new URL(siteUrl)
  const text = link.trim()
  if (text.length === 0 || text.length > ANNOUNCEMENT_LIMITS.link || /\s/.test(text)) return null
  let url: URL
  try {
    // "//host" is another site, not a path of this one.
    url = text.startsWith("/") && !text.startsWith("//") ? new URL(text, site) : new URL(text)
  } catch {
    return null
  }
  if (url.username || url.password) return null
  if (url.origin === site.origin || url.protocol === "https:") return url.href
  return null
}

/** Title and message required and bounded (spec 001 §5), the link by the rule above, an audience chosen. */
export function validateAnnouncement(draft: AnnouncementDraft, siteUrl: string): AnnouncementCheck {
  const title = draft.title.trim()
  const message = draft.message.trim()
  const m = ANNOUNCEMENT_MESSAGES
  if (!title) return { ok: false, field: "title", message: m.titleRequired }
  if (title.length > ANNOUNCEMENT_LIMITS.title) return { ok: false, field: "title", message: m.titleTooLong }
  if (!message) return { ok: false, field: "message", message: m.messageRequired }
  if (message.length > ANNOUNCEMENT_LIMITS.message)
    return { ok: false, field: "message", message: m.messageTooLong }
  const link = draft.link?.trim() ?? ""
  const actionUrl = link ? announcementLink(link, siteUrl) : null
  if (link && !actionUrl) return { ok: false, field: "link", message: m.invalidLink }
  if (draft.audience.kind === "collection" && !draft.audience.collectionId.trim())
    return { ok: false, field: "audience", message: m.collectionRequired }
  return { ok: true, announcement: { title, message, actionUrl, audience: draft.audience } }
}

export const AUDIENCE_LABEL = {
  all: "Todos os clientes",
  collection: "Assinantes da coleção",
} as const satisfies Record<Audience["kind"], string>
