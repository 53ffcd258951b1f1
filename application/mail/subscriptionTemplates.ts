import { type CivilDate, formatDateBR, monthNamePtBR, toSaoPauloCivil } from "../../domain/calendar"
import { formatBRL } from "../../domain/money"
import { cardBrandLabel } from "../../domain/orders/payment"
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

/** The collector paused it themselves: until when (or until they reactivate), and that paid months still ship. */
export function subscriptionPausedByCollectorEmail(
  input: SubscriptionLetterInput & { until: CivilDate | null },
): EmailContent {
  const { store } = input
  const until = input.until ? formatDateBR(input.until) : null
  return compose(
    {
      subject: `Sua assinatura foi pausada${until ? ` até ${until}` : ""} — ${store.name}`,
      preheader: until
        ? `Nenhuma cobrança nem envio até ${until}.`
        : "Nenhuma cobrança nem envio até você reativar.",
      heading: until ? `Assinatura pausada até ${until}` : "Assinatura pausada",
      paragraphs: [
        greeting(input.name),
        `Pausamos sua assinatura do ${input.planName} (coleção ${input.collectionName}), como você pediu.`,
        until
          ? `Nenhuma cobrança nem envio até ${until}; nesse dia ela volta a ficar ativa sozinha.`
          : "Nenhuma cobrança nem envio até você reativar a assinatura.",
        "Os meses já pagos continuam garantidos e serão enviados normalmente.",
      ],
      action: manage(store),
      reason: reason(store),
    },
    store,
  )
}

/** The collector reactivated it (after a pause, or taking back a scheduled cancellation). */
export function subscriptionReactivatedEmail(input: SubscriptionLetterInput): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Sua assinatura foi reativada — ${store.name}`,
      preheader: `${input.planName} da coleção ${input.collectionName}: ativa de novo.`,
      heading: "Assinatura reativada",
      paragraphs: [
        greeting(input.name),
        `Sua assinatura do ${input.planName} (coleção ${input.collectionName}) está ativa de novo.`,
        "As cobranças seguem no dia 1º de cada ciclo, no mesmo cartão, e os envios continuam normalmente.",
      ],
      action: manage(store),
      reason: reason(store),
    },
    store,
  )
}

/** The collector asked to cancel: the day it takes effect, and that it can still be taken back until then. */
export function subscriptionCancellationScheduledEmail(
  input: SubscriptionLetterInput & { cancelAt: number },
): EmailContent {
  const { store } = input
  const day = formatDateBR(toSaoPauloCivil(input.cancelAt))
  return compose(
    {
      subject: `Cancelamento agendado para ${day} — ${store.name}`,
      preheader: `Sua assinatura será cancelada em ${day}, ao fim do período já pago.`,
      heading: "Cancelamento agendado",
      paragraphs: [
        greeting(input.name),
        `Recebemos seu pedido: sua assinatura do ${input.planName} (coleção ${input.collectionName}) será cancelada em ${day}, ao fim do período já pago. Não haverá novas cobranças.`,
        "Até lá, os meses já pagos seguem para você normalmente.",
        `Mudou de ideia? Você pode reativar a assinatura até ${day}.`,
      ],
      action: manage(store),
      reason: reason(store),
    },
    store,
  )
}

/** The collector put a new card on the subscription: which one, and that the next charges go to it. */
export function subscriptionCardChangedEmail(
  input: SubscriptionLetterInput & { lastFour: string | null; paymentMethodId: string | null },
): EmailContent {
  const { store } = input
  const card = `${input.paymentMethodId ? cardBrandLabel(input.paymentMethodId) : "cartão"}${input.lastFour ? ` final ${input.lastFour}` : ""}`
  return compose(
    {
      subject: `Cartão da assinatura alterado — ${store.name}`,
      preheader: `As próximas cobranças vão para o ${card}.`,
      heading: "Cartão alterado",
      paragraphs: [
        greeting(input.name),
        `O cartão da sua assinatura do ${input.planName} (coleção ${input.collectionName}) foi trocado. As próximas cobranças vão para o ${card}.`,
        `Se não foi você quem trocou, fale com a gente pelo ${store.supportEmail}.`,
      ],
      action: manage(store),
      reason: reason(store),
    },
    store,
  )
}
