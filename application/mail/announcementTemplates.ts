import { compose, type EmailContent, greeting, type StoreIdentity } from "./templates"

export interface AnnouncementLetterInput {
  readonly name: string
  readonly title: string
  readonly message: string
  readonly actionUrl: string | null
  readonly store: StoreIdentity
}

/** An administrator's announcement by e-mail: the same title, text and link as the in-app notification. */
export function announcementEmail({
  name,
  title,
  message,
  actionUrl,
  store,
}: AnnouncementLetterInput): EmailContent {
  const paragraphs = message
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
  return compose(
    {
      subject: `${title} — ${store.name}`,
      preheader: paragraphs[0]?.slice(0, 120) ?? title,
      heading: title,
      paragraphs: [greeting(name), ...paragraphs],
      ...(actionUrl ? { action: { label: "Saiba mais", url: actionUrl } } : {}),
      reason: `Você recebeu este comunicado porque tem uma conta na ${store.name}. Ele também está nas suas notificações no site.`,
    },
    store,
  )
}
