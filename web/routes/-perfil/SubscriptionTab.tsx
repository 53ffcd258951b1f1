import { useQuery } from "@tanstack/react-query"
import { Link, useRouteContext } from "@tanstack/react-router"
import { Crown } from "lucide-react"

/** The account page's summary of the collector's subscriptions and prepaid plans; /assinatura has the rest. */
export function SubscriptionTab() {
  const { trpc } = useRouteContext({ from: "__root__" })
  const { data, isPending, isError } = useQuery(trpc.subscriptions.mine.queryOptions())
  if (isPending) return <p className="text-muted">Carregando sua assinatura...</p>
  if (isError) return <p className="text-muted">Não foi possível carregar sua assinatura agora.</p>
  if (data.subscriptions.length === 0)
    return (
      <section className="rounded-2xl surface p-6 text-center">
        <h2 className="text-lg font-semibold">Você ainda não tem uma assinatura ativa</h2>
        <div className="mt-4 flex flex-wrap justify-center gap-3">
          <Link to="/planos" className="btn btn-primary">
            Ver planos
          </Link>
          <Link to="/colecoes" className="btn btn-ghost">
            Ver coleções
          </Link>
        </div>
      </section>
    )
  return (
    <section className="rounded-2xl surface p-6" aria-labelledby="subscription-summary">
      <h2 id="subscription-summary" className="flex items-center gap-2 text-lg font-semibold">
        <Crown aria-hidden className="h-5 w-5 text-accent" /> Suas assinaturas e planos
      </h2>
      <ul className="mt-4 divide-y divide-[var(--border)] text-sm">
        {data.subscriptions.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span>
              <span className="font-semibold">{p.collection.name}</span> · {p.plan.name}
            </span>
            <Link to="/assinatura" search={{ plano: p.id }} className="underline">
              {p.statusLabel}
              <span className="sr-only">: ver detalhes</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/assinatura" className="btn btn-primary mt-4">
        Gerenciar minha assinatura
      </Link>
    </section>
  )
}
