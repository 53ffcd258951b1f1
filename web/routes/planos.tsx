import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import { Check, RefreshCw, Star } from "lucide-react"
import type { StorefrontPrice } from "../../domain/pricing/cardInstallments"
import { CalendarLink } from "../components/CalendarLink"
import { Img } from "../components/Img"
import { PriceLines } from "../components/PriceLines"
import { formatBRL } from "../lib/format"
import { optionalString } from "../lib/search"
import { seo } from "../lib/seo"

export const Route = createFileRoute("/planos")({
  validateSearch: (search: Record<string, unknown>): { colecao?: string } => ({
    colecao: optionalString(search.colecao),
  }),
  loaderDeps: ({ search }) => ({ colecao: search.colecao ?? null }),
  loader: ({ context, deps }) => context.trpc.catalog.plans.ensureData({ colecao: deps.colecao }),
  head: ({ match }) =>
    seo({
      title: "Planos",
      description:
        "Compare a compra avulsa com os planos pré-pagos Trimestral (10% off), Semestral (15% off) e Anual (20% off), sem renovação automática.",
      path: "/planos",
      publicUrl: match.context.publicUrl,
    }),
  component: PlansPage,
})

function PlansPage() {
  const { trpc } = Route.useRouteContext()
  const { colecao } = Route.useSearch()
  const { data } = useSuspenseQuery(trpc.catalog.plans.queryOptions({ colecao: colecao ?? null }))
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Planos</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Pague adiantado e economize até 20%. Planos pré-pagos por período, sem renovação automática.
      </p>
      <ol className="mt-6 flex gap-3 text-sm" aria-label="Etapas">
        <li
          className={data.selected ? "text-muted" : "font-semibold"}
          aria-current={data.selected ? undefined : "step"}
        >
          1. Escolha a coleção
        </li>
        <li aria-hidden>→</li>
        <li
          className={data.selected ? "font-semibold" : "text-muted"}
          aria-current={data.selected ? "step" : undefined}
        >
          2. Compare os planos
        </li>
      </ol>
      {data.selected ? <Compare selected={data.selected} /> : <Choose collections={data.collections} />}
    </div>
  )
}

function Choose({
  collections,
}: {
  collections: {
    id: string
    name: string
    themeLabel: string
    imageUrl: string
    price: number
    prices: StorefrontPrice
    description: string
  }[]
}) {
  if (collections.length === 0)
    return <p className="mt-10 text-muted">Nenhuma coleção disponível para assinatura no momento.</p>
  return (
    <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {collections.map((c, i) => (
        <li key={c.id}>
          <Link
            to="/planos"
            search={{ colecao: c.id }}
            className="flex h-full flex-col overflow-hidden rounded-2xl surface transition hover:-translate-y-0.5 hover:shadow-lg"
          >
            <Img
              src={c.imageUrl}
              alt=""
              width={1200}
              height={630}
              priority={i < 2}
              sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
              className="w-full"
            />
            <div className="flex flex-1 flex-col p-5">
              <span className="text-xs font-semibold uppercase tracking-wider text-accent">
                {c.themeLabel}
              </span>
              <span className="mt-1 text-lg font-semibold">{c.name}</span>
              <span className="mt-2 line-clamp-2 text-sm text-muted">{c.description}</span>
              <span className="mt-auto pt-4 text-sm">
                <strong>{formatBRL(c.price)}</strong> por personagem
                {c.prices.installments && (
                  <span className="block text-xs text-muted">{c.prices.installments}</span>
                )}
                {c.prices.pix && (
                  <span className="block font-semibold text-emerald-700 dark:text-emerald-400">
                    {c.prices.pix}
                  </span>
                )}
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  )
}

interface Quote {
  period: "quarterly" | "semiannual" | "annual"
  label: string
  months: number
  discountPercent: number
  gross: number
  discount: number
  total: number
  perMonth: number
  popular: boolean
  description: string
  /** As the administrator wrote them (/admin/plans). */
  features: readonly string[]
  prices: StorefrontPrice
}

function Compare({
  selected,
}: {
  selected: {
    collection: { id: string; name: string; themeLabel: string }
    single: { price: number; prices: StorefrontPrice }
    plans: Quote[]
  }
}) {
  const { collection, single, plans } = selected
  return (
    <section className="mt-8" aria-labelledby="compare-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="compare-title" className="text-2xl font-bold">
          {collection.name}{" "}
          <span className="text-base font-normal text-muted">· {collection.themeLabel}</span>
        </h2>
        <span className="flex flex-wrap gap-2">
          <CalendarLink collection={collection.id} />
          <Link to="/planos" search={{}} className="btn btn-ghost">
            <RefreshCw aria-hidden className="h-4 w-4" /> Trocar de Coleção
          </Link>
        </span>
      </div>
      <div className="mt-6 grid gap-5 md:grid-cols-2 xl:grid-cols-4">
        <article className="flex flex-col rounded-2xl surface p-6">
          <h3 className="text-lg font-semibold">Avulsa</h3>
          <p className="mt-1 text-sm text-muted">Só o personagem do mês, quando quiser.</p>
          <div className="mt-5">
            <PriceLines prices={single.prices} large />
          </div>
          <p className="text-sm text-muted">por personagem + frete</p>
          <ul className="mt-5 space-y-2 text-sm">
            <Benefit>Compra do personagem do mês atual</Benefit>
            <Benefit>Sem compromisso</Benefit>
          </ul>
          <Link to="/colecoes" search={{ colecao: collection.id }} className="btn btn-ghost mt-auto w-full">
            Ver personagem do mês
          </Link>
        </article>
        {plans.map((p) => (
          <article
            key={p.period}
            className={`relative flex flex-col rounded-2xl surface p-6 ${p.popular ? "ring-2 ring-[var(--accent)]" : ""}`}
          >
            {p.popular && (
              <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-[var(--accent)] px-3 py-0.5 text-xs font-bold text-[var(--accent-contrast)]">
                <Star aria-hidden className="h-3 w-3" /> Mais popular
              </span>
            )}
            <h3 className="text-lg font-semibold">{p.label}</h3>
            <p className="mt-1 text-sm text-muted">
              {p.months} meses · {p.discountPercent}% de desconto
            </p>
            <div className="mt-5">
              <PriceLines prices={p.prices} large />
            </div>
            <p className="text-sm text-muted">
              <s>{formatBRL(p.gross)}</s> · {formatBRL(p.perMonth)}/mês
            </p>
            <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
              Economize {formatBRL(p.discount)}
            </p>
            {p.description && <p className="mt-3 text-sm text-muted">{p.description}</p>}
            <ul className="mt-5 space-y-2 text-sm">
              {(p.features.length > 0
                ? p.features
                : [
                    `${p.months} personagens, um por mês`,
                    "Frete grátis e edições anteriores",
                    "Pagamento único, sem renovação automática",
                  ]
              ).map((feature) => (
                <Benefit key={feature}>{feature}</Benefit>
              ))}
            </ul>
            <a
              href={`/checkout?collection=${encodeURIComponent(collection.id)}&period=${p.period}`}
              className={`btn mt-auto w-full ${p.popular ? "btn-primary" : "btn-ghost"}`}
            >
              Escolher {p.label}
            </a>
          </article>
        ))}
      </div>
    </section>
  )
}

function Benefit({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex gap-2">
      <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-accent" /> {children}
    </li>
  )
}
