import { formatDateBR, monthNamePtBR } from "../../domain/calendar"
import { formatBRL } from "../../domain/money"
import { parseMonth } from "../../domain/subscriptions/coverage"
import { DUNNING_PAUSE_MESSAGE } from "../../domain/subscriptions/dunning"
import { compose, type EmailContent, greeting, type StoreIdentity, webUrl } from "./templates"

export interface SubscriptionLetterInput {
  /** The collector's name, for the greeting. */
  readonly name: string
  readonly planName: string
  readonly collectionName: string
  readonly store: StoreIdentity
}

const manageUrl = (store: StoreIdentity) => webUrl(`${store.publicUrl}/assinatura`)
const manage = (store: StoreIdentity, label = "Gerenciar minha assinatura") => ({
  label,
  url: manageUrl(store),
})
const reason = (store: StoreIdentity) =>
  `Você recebeu este e-mail porque tem uma assinatura na ${store.name} com a conta ligada a este endereço. Se não reconhece esta assinatura, fale com a gente pelo ${store.supportEmail}.`
/** "novembro de 2026 e dezembro de 2026". */
const monthsText = (months: readonly string[]) => {
  const labels = months.map((m) => {
    const ym = parseMonth(m)
    return `${monthNamePtBR(ym.month)} de ${ym.year}`
  })
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} e ${labels.at(-1)}` : (labels[0] ?? "")
}

export function subscriptionActivatedEmail(
  input: SubscriptionLetterInput & { amount: number; months: readonly string[] },
): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Sua assinatura foi ativada — ${store.name}`,
      preheader: `${input.planName} da coleção ${input.collectionName}: pagamento aprovado.`,
      heading: "Assinatura ativada",
      paragraphs: [
        greeting(input.name),
        `Pagamento aprovado! Sua assinatura foi ativada com sucesso: ${input.planName} da coleção ${input.collectionName}, ${formatBRL(input.amount)}.`,
        `Este pagamento cobre ${monthsText(input.months)}. Cada mês você recebe o personagem do mês, com frete grátis, e como assinante tem acesso aos personagens já lançados da coleção.`,
        "As próximas cobranças acontecem no dia 1º de cada ciclo, no mesmo cartão.",
      ],
      action: manage(store),
      reason: reason(store),
    },
    store,
  )
}

export function subscriptionRenewedEmail(
  input: SubscriptionLetterInput & { amount: number; months: readonly string[] },
): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Assinatura renovada — ${store.name}`,
      preheader: `Cobrança de ${formatBRL(input.amount)} aprovada: ${monthsText(input.months)}.`,
      heading: "Assinatura renovada",
      paragraphs: [
        greeting(input.name),
        `A cobrança de ${formatBRL(input.amount)} do ${input.planName} (coleção ${input.collectionName}) foi aprovada.`,
        `Ela cobre ${monthsText(input.months)}: o personagem do mês segue para você com frete grátis.`,
      ],
      action: manage(store),
      reason: reason(store),
    },
    store,
  )
}

export function subscriptionChargeFailedEmail(
  input: SubscriptionLetterInput & { retryOn: { year: number; month: number; day: number } },
): EmailContent {
  const { store } = input
  const retry = formatDateBR(input.retryOn)
  return compose(
    {
      subject: `Não conseguimos cobrar sua assinatura — ${store.name}`,
      preheader: `Vamos tentar de novo em ${retry}. Se preferir, atualize o cartão.`,
      heading: "Não conseguimos cobrar seu cartão",
      paragraphs: [
        greeting(input.name),
        `A cobrança do ${input.planName} (coleção ${input.collectionName}) foi recusada pelo cartão.`,
        `Vamos tentar de novo em ${retry}. Se o cartão mudou ou está sem limite, atualize-o na sua assinatura para não perder o personagem do mês.`,
      ],
      action: manage(store, "Atualizar o cartão"),
      reason: reason(store),
    },
    store,
  )
}

export function subscriptionPausedByDunningEmail(input: SubscriptionLetterInput): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Sua assinatura foi pausada — ${store.name}`,
      preheader: DUNNING_PAUSE_MESSAGE,
      heading: "Assinatura pausada",
      paragraphs: [
        greeting(input.name),
        `${DUNNING_PAUSE_MESSAGE} (${input.planName}, coleção ${input.collectionName}.)`,
        "Os meses já pagos continuam garantidos e serão enviados normalmente.",
      ],
      action: manage(store, "Atualizar o cartão"),
      reason: reason(store),
    },
    store,
  )
}

export function subscriptionCancelledEmail(input: SubscriptionLetterInput): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Sua assinatura foi cancelada — ${store.name}`,
      preheader: `${input.planName} da coleção ${input.collectionName}: sem novas cobranças.`,
      heading: "Assinatura cancelada",
      paragraphs: [
        greeting(input.name),
        `Sua assinatura do ${input.planName} (coleção ${input.collectionName}) foi cancelada. Não haverá novas cobranças.`,
        "Os personagens já pagos seguem para você normalmente. Quando quiser voltar, é só assinar de novo.",
      ],
      action: { label: "Ver os planos", url: webUrl(`${store.publicUrl}/planos`) },
      reason: reason(store),
    },
    store,
  )
}
