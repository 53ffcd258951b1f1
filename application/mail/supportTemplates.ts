import { RESPONSE_PROMISE_HOURS } from "../../domain/support/sla"
import { compose, type EmailContent, greeting, type StoreIdentity } from "./templates"

/** Where a customer follows their tickets: the Suporte tab of /perfil. */
export const supportTabUrl = (publicUrl: string) => `${publicUrl.replace(/\/$/, "")}/perfil?tab=support`

const paragraphsOf = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)

/**
 * The acknowledgement of a new ticket (spec 002 §8: 'Responderemos em até 24 horas'). Anyone can type anyone's
 * address and name on the form, so it greets nobody by the typed name and says what to do if the reader did not
 * open the ticket. A visitor's ticket carries the link that proves the address (`proofUrl`); a ticket opened
 * signed in already sits in its account.
 */
export function ticketReceivedEmail(input: {
  readonly number: string
  readonly subject: string
  readonly proofUrl: string | null
  readonly store: StoreIdentity
}): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Recebemos seu chamado ${input.number} — ${store.name}`,
      preheader: `Responderemos em até ${RESPONSE_PROMISE_HOURS} horas.`,
      heading: `Recebemos seu chamado ${input.number}`,
      paragraphs: [
        "Olá!",
        `Um chamado foi aberto no suporte da ${store.name} com este endereço de e-mail, com o assunto "${input.subject}", e registrado com o número ${input.number}. Responderemos em até ${RESPONSE_PROMISE_HOURS} horas, por e-mail.`,
        input.proofUrl
          ? (medium) =>
              `Foi você? Para acompanhar a conversa na sua conta, confirme que este e-mail é seu ${medium === "html" ? "no botão abaixo" : "no link abaixo"} e entre (ou crie sua conta) com este mesmo e-mail.`
          : "Você pode acompanhar a conversa na aba Suporte da sua conta.",
      ],
      action: input.proofUrl
        ? { label: "Confirmar e acompanhar chamado", url: input.proofUrl }
        : { label: "Acompanhar chamado", url: supportTabUrl(store.publicUrl) },
      notice: input.proofUrl
        ? "Se você não abriu este chamado, ignore esta mensagem: sem a confirmação, ele não entra em nenhuma conta."
        : "Se você não abriu este chamado, ignore esta mensagem.",
      reason: `Você recebeu este e-mail porque um chamado foi aberto com este endereço no suporte da ${store.name}.`,
    },
    store,
  )
}

/**
 * Staff answered: the reply's text and the link to the conversation. It greets the owning account's name
 * (`ownerName`), never the name typed on the form: anyone may type any address and name there.
 */
export function supportReplyEmail(input: {
  readonly ownerName: string | null
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
      paragraphs: [greeting(input.ownerName ?? ""), `Sobre "${input.subject}":`, ...reply],
      action: { label: "Ver conversa e responder", url: supportTabUrl(store.publicUrl) },
      reason: `Você recebeu este e-mail porque abriu um chamado no suporte da ${store.name}. Para responder, use o link acima.`,
    },
    store,
  )
}
