import {
  DELETION_DONE_TEXT,
  type DeletionOutcome,
  RETAINED_RECORDS_TEXT,
} from "../../domain/accounts/accountDeletion"
import { compose, type EmailContent, greeting, type StoreIdentity } from "./templates"

/** The last message to a deleted account's address: the deletion, what became of each open item, what is kept. */
export function accountClosedEmail(input: {
  name: string
  items: readonly { readonly label: string; readonly outcome: DeletionOutcome }[]
  store: StoreIdentity
}): EmailContent {
  const { store } = input
  return compose(
    {
      subject: `Sua conta foi excluída — ${store.name}`,
      preheader: `Confirmamos a exclusão da sua conta na ${store.name}.`,
      heading: "Sua conta foi excluída",
      paragraphs: [
        greeting(input.name),
        `Confirmamos a exclusão da sua conta na ${store.name}, como você pediu. Seu perfil e seus dados pessoais foram apagados.`,
        input.items.length > 0
          ? "Veja o que aconteceu com o que estava em aberto:"
          : "Não havia pedidos nem assinaturas em aberto.",
      ],
      rows: input.items.map((item) => ({ label: item.label, value: DELETION_DONE_TEXT[item.outcome] })),
      notice: RETAINED_RECORDS_TEXT,
      reason: `Você recebeu este e-mail porque a conta deste endereço na ${store.name} foi excluída. Não foi você? Fale com ${store.supportEmail}.`,
    },
    store,
  )
}
