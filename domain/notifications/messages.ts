import { type CivilDate, formatDateBR, formatTimeBR } from "../calendar"
import { type Cents, formatBRL } from "../cents"

/** What the header's list says for each news a sender gives; the e-mails say more, in their own templates. */
export interface NoticeText {
  readonly title: string
  readonly message: string
}

export const orderPath = (orderId: string) => `/perfil/pedidos/${encodeURIComponent(orderId)}`
export const SUBSCRIPTION_PATH = "/perfil?tab=subscription"
export const characterPath = (productId: string) => `/character/${encodeURIComponent(productId)}`

export const NOTICES = {
  orderInProduction: (orderNumber: string): NoticeText => ({
    title: "Pedido em produção",
    message: `Seu pedido ${orderNumber} entrou em produção.`,
  }),
  orderShipped: (
    orderNumber: string,
    shipment: { readonly carrier: string; readonly trackingCode: string },
  ): NoticeText => ({
    title: "Pedido enviado",
    message: `Seu pedido ${orderNumber} foi enviado (${shipment.carrier}). Código de rastreio: ${shipment.trackingCode}.`,
  }),
  orderDelivered: (orderNumber: string): NoticeText => ({
    title: "Pedido entregue",
    message: `Seu pedido ${orderNumber} foi entregue. Conte para a gente o que achou!`,
  }),
  subscriptionRenewed: (collectionName: string, amount: Cents): NoticeText => ({
    title: "Assinatura renovada",
    message: `Sua assinatura da coleção ${collectionName} foi renovada: ${formatBRL(amount)} cobrados no cartão.`,
  }),
  subscriptionChargeFailed: (collectionName: string, retryOn: CivilDate): NoticeText => ({
    title: "Cobrança da assinatura recusada",
    message: `Não conseguimos cobrar sua assinatura da coleção ${collectionName}. Vamos tentar de novo em ${formatDateBR(retryOn)}; se o cartão mudou, atualize-o.`,
  }),
  subscriptionPausedByDunning: (collectionName: string): NoticeText => ({
    title: "Assinatura pausada",
    message: `Sua assinatura da coleção ${collectionName} foi pausada porque a cobrança não foi aprovada. Atualize o cartão para reativá-la.`,
  }),
  pixExpiring: (orderNumber: string, expiresAt: number): NoticeText => ({
    title: "Seu PIX está prestes a vencer",
    message: `O código PIX do pedido ${orderNumber} vence às ${formatTimeBR(expiresAt)}. Pague antes disso para garantir suas peças.`,
  }),
  characterRevealed: (characterName: string, collectionName: string): NoticeText => ({
    title: `Personagem revelado: ${characterName}`,
    message: `${characterName} é o novo personagem da coleção ${collectionName}. Veja os detalhes!`,
  }),
} as const
