import { useQuery } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { DELETION_OTHER_EFFECTS, RETAINED_RECORDS_TEXT } from "../../../domain/accounts/accountDeletion"

/** What deleting the account does to each open order, subscription and trade, read before the password is asked. */
export function DeletionConsequences() {
  const { trpc } = useRouteContext({ from: "__root__" })
  const { data: items, isError } = useQuery(trpc.account.deletionPreview.queryOptions())
  return (
    <section
      aria-labelledby="deletion-title"
      className="mt-4 rounded-xl border border-red-700/40 p-4 text-sm"
    >
      <h3 id="deletion-title" className="font-semibold text-red-700 dark:text-red-400">
        Antes de excluir: o que acontece com o que está em aberto
      </h3>
      {isError ? (
        <p role="alert" className="mt-2">
          Não foi possível carregar seus pedidos em aberto. Tente novamente.
        </p>
      ) : !items ? (
        <p className="mt-2 text-muted">Carregando seus pedidos em aberto...</p>
      ) : items.length === 0 ? (
        <p className="mt-2">Você não tem pedidos, assinaturas nem trocas em aberto.</p>
      ) : (
        <ul className="mt-2 grid gap-2" aria-label="Pedidos, assinaturas e trocas em aberto">
          {items.map((item) => (
            <li key={item.id}>
              <strong>{item.label}</strong> — {item.text}
            </li>
          ))}
        </ul>
      )}
      <ul className="mt-3 grid list-disc gap-1 pl-5">
        {DELETION_OTHER_EFFECTS.map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
      <p className="mt-3 text-muted">{RETAINED_RECORDS_TEXT}</p>
      <p className="mt-3 font-medium text-red-700 dark:text-red-400">
        A exclusão é permanente e não pode ser desfeita.
      </p>
    </section>
  )
}
