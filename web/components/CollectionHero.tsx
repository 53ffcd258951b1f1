import { Link } from "@tanstack/react-router"
import { formatBRL } from "../lib/format"
import type { RouterOutputs } from "../lib/trpc"
import { ToneBadge } from "./Badges"
import { CoverImage, StatTiles } from "./CollectionBits"
import { SubscribeButton } from "./subscribe/SubscribeButton"
import { ThemeIcon } from "./ThemeIcon"

type CollectionSummary = RouterOutputs["catalog"]["collection"]["collection"]

export function CollectionHero({ collection }: { collection: CollectionSummary }) {
  const { counters } = collection
  return (
    <section className="grid gap-8 overflow-hidden rounded-3xl surface lg:grid-cols-2">
      <CoverImage name={collection.name} src={collection.imageUrl} className="h-full w-full object-cover" />
      <div className="p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-2">
          <ThemeIcon theme={collection.themeKey} />
          <span className="text-sm font-medium text-muted">{collection.themeLabel}</span>
          <ToneBadge tone={collection.statusBadge === "Ativa" ? "success" : "neutral"}>
            {collection.statusBadge}
          </ToneBadge>
        </div>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{collection.name}</h1>
        <p className="mt-4 text-muted">{collection.description}</p>
        <StatTiles
          items={[
            { label: "Total", value: counters.total },
            { label: "Revelados", value: counters.revealed },
            { label: "Em Breve", value: counters.upcoming },
          ]}
        />
        <div className="mt-5">
          <div className="flex justify-between text-xs text-muted">
            <span>Progresso da coleção</span>
            <span>{counters.progressPercent}%</span>
          </div>
          <div
            className="mt-1 h-2 overflow-hidden rounded-full surface-2"
            role="progressbar"
            aria-label="Personagens revelados"
            aria-valuemin={0}
            aria-valuemax={counters.total}
            aria-valuenow={counters.revealed}
          >
            <div
              className="h-full rounded-full bg-[var(--accent)]"
              style={{ width: `${counters.progressPercent}%` }}
            />
          </div>
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <SubscribeButton collection={collection} />
          <Link to="/planos" search={{ colecao: collection.id }} className="btn btn-ghost">
            Planos pré-pagos
          </Link>
          <span className="text-sm text-muted">
            a partir de {formatBRL(collection.price)} por personagem
            {collection.prices.installments && `, ${collection.prices.installments}`}
          </span>
          {collection.prices.pix && (
            <span className="text-sm font-semibold text-emerald-700 dark:text-emerald-400">
              ou {collection.prices.pix}
            </span>
          )}
        </div>
      </div>
    </section>
  )
}
