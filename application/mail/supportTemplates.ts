import { RESPONSE_PROMISE_HOURS } from "../../domain/support/sla"
import { compose, type EmailContent, greeting, type StoreIdentity } from "./templates"

/** Where a customer follows their tickets: the Suporte tab of /perfil. */
export const supportTabUrl = (publicUrl: string) => `${publicUrl.replace(/\/$/, "")}/perfil?tab=support`

const paragraphsOf = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)

/** The acknowledgement of a new ticket (spec 002 §8: 'Responderemos em até 24 horas'). */
export function ticketReceivedEmail(input: {
  readonly name: string
  readonly number: string
  readonly subject: string
  readonly store: StoreIdentity
}): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Recebemos seu chamado ${input.number} — ${store.name}`,
      preheader: `Responderemos em até ${RESPONSE_PROMISE_HOURS} horas.`,
      heading: `Recebemos seu chamado ${input.number}`,
      paragraphs: [
        greeting(input.name),
        `Seu chamado "${input.subject}" foi registrado com o número ${input.number}. Responderemos em até ${RESPONSE_PROMISE_HOURS} horas, por e-mail e na sua conta.`,
        "Para acompanhar a conversa no site, entre ou crie sua conta com este mesmo e-mail e abra a aba Suporte.",
      ],
      action: { label: "Acompanhar chamado", url: supportTabUrl(store.publicUrl) },
      reason: `Você recebeu este e-mail porque abriu um chamado no suporte da ${store.name}.`,
    },
    store,
  )
}

/** Staff answered: the reply's text and the link to the conversation. */
export function supportReplyEmail(input: {
  readonly name: string
  readonly number: string
  readonly subject: string
  readonly reply: string
  readonly store: StoreIdentity
}): EmailContent {
  const { store } = input
  const reply = paragraphsOf(input.reply)
  return compose(
    {
      subject: `Resposta ao chamado ${input.number} — ${store.name}`,
      preheader: reply[0]?.slice(0, 120) ?? input.subject,
      heading: `Respondemos seu chamado ${input.number}`,
      paragraphs: [greeting(input.name), `Sobre "${input.subject}":`, ...reply],
      action: { label: "Ver conversa e responder", url: supportTabUrl(store.publicUrl) },
      reason: `Você recebeu este e-mail porque abriu um chamado no suporte da ${store.name}. Para responder, use o link acima.`,
    },
    store,
  )
}
