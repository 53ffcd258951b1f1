import { formatTimeBR } from "../../domain/calendar"
import { offerDeadlineLabel, offerNotice } from "../../domain/editions/waitlistLine"
import { compose, type EmailContent, greeting, type StoreIdentity, webUrl } from "./templates"

/** A picture only when it has a web address: a relative path becomes this site's, anything else is left out. */
function publicImage(imageUrl: string | null, store: StoreIdentity): string | null {
  if (!imageUrl) return null
  try {
    return webUrl(new URL(imageUrl, `${store.publicUrl}/`).toString())
  } catch {
    return null
  }
}

export function characterRevealedEmail(input: {
  readonly name: string
  readonly characterName: string
  readonly collectionName: string
  readonly imageUrl: string | null
  readonly url: string
  readonly store: StoreIdentity
}): EmailContent {
  const { store } = input
  const image = publicImage(input.imageUrl, store)
  return compose(
    {
      subject: `Personagem revelado: ${input.characterName} — ${store.name}`,
      preheader: `${input.characterName} é o novo personagem da coleção ${input.collectionName}.`,
      heading: `${input.characterName} foi revelado!`,
      ...(image ? { image: { url: image, alt: input.characterName } } : {}),
      paragraphs: [
        greeting(input.name),
        `Chegou o dia 15: ${input.characterName} é o novo personagem da coleção ${input.collectionName}.`,
        "Veja a arte, as habilidades e os detalhes da figura na página do personagem.",
      ],
      action: { label: "Ver o personagem", url: webUrl(input.url) },
      reason: `Você recebeu este e-mail porque assina a coleção ${input.collectionName} ou marcou ${input.characterName} como favorito na ${store.name}.`,
    },
    store,
  )
}

export function pixExpiringEmail(input: {
  readonly name: string
  readonly orderNumber: string
  readonly expiresAt: number
  /** The "copia e cola" code; null when the gateway gave none (the order page shows the QR code). */
  readonly pixCode: string | null
  readonly url: string
  readonly store: StoreIdentity
}): EmailContent {
  const { store } = input
  const time = formatTimeBR(input.expiresAt)
  return compose(
    {
      subject: `Seu PIX vence às ${time} — pedido ${input.orderNumber} — ${store.name}`,
      preheader: `Pague o pedido ${input.orderNumber} antes das ${time} para garantir suas peças.`,
      heading: "Seu PIX está prestes a vencer",
      paragraphs: [
        greeting(input.name),
        `O código PIX do pedido ${input.orderNumber} vence hoje às ${time} (horário de Brasília). Depois disso, o pedido é cancelado e as peças reservadas voltam para a loja.`,
        (medium) =>
          input.pixCode
            ? "Para pagar, copie o código abaixo e cole na área PIX do app do seu banco."
            : `Para pagar, abra o pedido ${medium === "html" ? "pelo botão abaixo" : "pelo link abaixo"} e leia o QR Code no app do seu banco.`,
      ],
      ...(input.pixCode
        ? { code: { label: "PIX copia e cola", value: input.pixCode, note: "O valor já vem no código." } }
        : {}),
      action: { label: "Ver o pedido", url: webUrl(input.url) },
      reason: `Você recebeu este e-mail porque fez o pedido ${input.orderNumber} na ${store.name} e escolheu pagar com PIX. Se já pagou, pode ignorar esta mensagem.`,
    },
    store,
  )
}

export function tradeStepEmail(input: {
  readonly name: string
  readonly title: string
  readonly message: string
  readonly url: string
  readonly store: StoreIdentity
}): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `${input.title} — ${store.name}`,
      preheader: input.message.slice(0, 120),
      heading: input.title,
      paragraphs: [greeting(input.name), input.message],
      action: { label: "Ver minhas trocas", url: webUrl(input.url) },
      reason: `Você recebeu este e-mail porque participa de uma troca entre colecionadores na ${store.name}.`,
    },
    store,
  )
}

export function waitlistOfferEmail(input: {
  readonly name: string
  readonly characterName: string
  readonly offerExpiresAt: number
  readonly url: string
  readonly store: StoreIdentity
}): EmailContent {
  const { store } = input
  const notice = offerNotice(input.characterName, input.offerExpiresAt)
  return compose(
    {
      subject: `${notice.title} — ${store.name}`,
      preheader: `Compre até ${offerDeadlineLabel(input.offerExpiresAt)}: depois ela vai para o próximo da fila.`,
      heading: notice.title,
      paragraphs: [
        greeting(input.name),
        notice.message,
        "Na página do personagem, o botão de compra está liberado para você. Se não quiser mais a peça, saia da lista para que o próximo colecionador a receba antes.",
      ],
      action: { label: "Comprar agora", url: webUrl(input.url) },
      reason: `Você recebeu este e-mail porque entrou na lista de espera de ${input.characterName} na ${store.name}.`,
    },
    store,
  )
}
