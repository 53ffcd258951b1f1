import { useQuery } from "@tanstack/react-query"
import { Link, useRouteContext } from "@tanstack/react-router"
import { Award, BookOpen, Boxes, CheckCircle2, CircleDashed, Coins, Trophy } from "lucide-react"
import { useMemo, useState } from "react"
import { RARITY_LABELS, type Rarity } from "../../../domain/catalog/rarity"
import {
  type CharacterFilters,
  COLLECTION_SORT_LABELS,
  COLLECTION_SORTS,
  filterOwned,
  missingPreview,
  monthLabel,
} from "../../../domain/community/myCollection"
import { RarityBadge } from "../../components/Badges"
import { ProgressBar } from "../../components/ProgressBar"
import { ShelfView } from "../../components/shelf/ShelfView"
import { Tabs } from "../../components/Tabs"
import { formatBRL, formatDate } from "../../lib/format"
import type { RouterOutputs } from "../../lib/trpc"

type MyCollection = RouterOutputs["shelf"]["myCollection"]
const control = "min-h-11 rounded-xl border border-theme bg-[var(--surface)] px-3"

/** 'Minha Coleção' (spec 001 My collection view) with the owner's virtual shelf beside it. */
export function CollectionTab({ userId }: { userId: string }) {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  const { data, isPending, isError } = useQuery(trpc.shelf.myCollection.queryOptions())
  if (isPending) return <p className="text-muted">Carregando sua coleção...</p>
  if (isError || !data) return <p className="text-muted">Não foi possível carregar sua coleção agora.</p>
  const empty = data.collections.length === 0
  return (
    <Tabs
      label="Minha Coleção"
      tabs={[
        {
          id: "overview",
          label: "Visão geral",
          content: empty ? <NoCollection /> : <Overview data={data} />,
        },
        {
          id: "characters",
          label: "Personagens",
          content: empty ? <NoCollection /> : <Characters data={data} />,
        },
        {
          id: "collections",
          label: "Coleções",
          content: empty ? <NoCollection /> : <Collections data={data} />,
        },
        {
          id: "achievements",
          label: "Conquistas",
          content: empty ? <NoCollection /> : <Achievements data={data} />,
        },
        { id: "analytics", label: "Análises", content: empty ? <NoCollection /> : <Analytics data={data} /> },
        { id: "shelf", label: "Estante", content: <ShelfView userId={userId} isOwner /> },
      ]}
    />
  )
}

function NoCollection() {
  return (
    <div className="rounded-2xl surface p-8 text-center">
      <BookOpen aria-hidden className="mx-auto h-10 w-10 text-accent" />
      <p className="mt-3 text-lg font-semibold">Nenhuma Coleção Encontrada</p>
      <p className="mt-1 text-sm text-muted">
        Assine uma coleção ou compre o personagem do mês para começar.
      </p>
      <Link to="/planos" className="btn btn-primary mt-4">
        Ver Planos de Assinatura
      </Link>
    </div>
  )
}

function Overview({ data }: { data: MyCollection }) {
  const o = data.overview
  return (
    <div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="collection-overview">
        {[
          { label: "Peças", value: String(o.pieces), Icon: Boxes },
          { label: "Coleções", value: String(o.collections), Icon: BookOpen },
          { label: "Completas", value: String(o.completed), Icon: CheckCircle2 },
          { label: "Conquistas", value: String(o.achievements), Icon: Trophy },
          { label: "Investido", value: formatBRL(o.spentCents), Icon: Coins },
        ].map(({ label, value, Icon }) => (
          <div key={label} className="rounded-2xl surface p-4">
            <dt className="flex items-center gap-2 text-xs text-muted">
              <Icon aria-hidden className="h-4 w-4 text-accent" /> {label}
            </dt>
            <dd className="mt-1 text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {o.highlights.map((h) => (
          <li key={h.code} className={`rounded-2xl surface p-4 ${h.unlocked ? "" : "opacity-50 grayscale"}`}>
            <p className="flex items-center gap-2 font-semibold">
              {h.unlocked ? (
                <Award aria-hidden className="h-4 w-4 text-accent" />
              ) : (
                <CircleDashed aria-hidden className="h-4 w-4" />
              )}
              {h.name}
            </p>
            <p className="text-sm text-muted">{h.description}</p>
          </li>
        ))}
      </ul>
      <div className="mt-6 grid gap-3">
        {data.collections.map((c) => (
          <CollectionProgressBar key={c.id} c={c} />
        ))}
      </div>
    </div>
  )
}

function CollectionProgressBar({ c }: { c: MyCollection["collections"][number] }) {
  return (
    <div>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="font-medium">{c.name}</span>
        <span className="tabular-nums text-muted">
          {c.owned}/{c.total} · {c.percent}%
        </span>
      </div>
      <ProgressBar label={`Progresso em ${c.name}`} value={c.percent} />
      <p className="mt-1 text-sm text-accent">{c.message}</p>
    </div>
  )
}

function Characters({ data }: { data: MyCollection }) {
  const [f, setF] = useState<CharacterFilters>({ collectionId: "", rarity: "", search: "", sort: "recent" })
  const shown = useMemo(() => filterOwned(data.characters, f), [data.characters, f])
  const set = (key: keyof CharacterFilters) => (e: { target: { value: string } }) =>
    setF((v) => ({ ...v, [key]: e.target.value }))
  return (
    <div>
      <fieldset className="flex flex-wrap gap-2 m-0 min-w-0 border-0 p-0">
        <legend className="sr-only">Filtros dos personagens</legend>
        <input
          type="search"
          aria-label="Buscar personagem"
          placeholder="Buscar..."
          className={`${control} flex-1 basis-48`}
          value={f.search}
          onChange={set("search")}
        />
        <select
          aria-label="Coleção"
          className={control}
          value={f.collectionId}
          onChange={set("collectionId")}
        >
          <option value="">Todas as coleções</option>
          {data.collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        <select aria-label="Raridade" className={control} value={f.rarity} onChange={set("rarity")}>
          <option value="">Todas as raridades</option>
          {(Object.keys(RARITY_LABELS) as Rarity[]).map((r) => (
            <option key={r} value={r}>
              {RARITY_LABELS[r]}
            </option>
          ))}
        </select>
        <select aria-label="Ordenar por" className={control} value={f.sort} onChange={set("sort")}>
          {COLLECTION_SORTS.map((s) => (
            <option key={s} value={s}>
              {COLLECTION_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </fieldset>
      {shown.length === 0 ? (
        <p className="mt-6 text-center text-muted">Nenhum item encontrado</p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {shown.map((c) => (
            <li key={c.pieceId} className="overflow-hidden rounded-2xl surface" data-testid="owned-character">
              <img
                src={c.imageUrl}
                alt={c.name}
                loading="lazy"
                className="aspect-square w-full object-cover"
              />
              <div className="p-3">
                <Link
                  to="/character/$characterId"
                  params={{ characterId: c.productId }}
                  className="font-semibold hover:underline"
                >
                  {c.name}
                </Link>
                <p className="text-xs text-muted">{c.collectionName}</p>
                <div className="mt-2 flex items-center justify-between gap-2">
                  {c.rarity ? <RarityBadge rarity={c.rarity} /> : <span />}
                  <span className="text-xs tabular-nums">{formatBRL(c.priceCents)}</span>
                </div>
                <p className="mt-1 text-xs text-muted">Desde {formatDate(c.acquiredAt)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function Collections({ data }: { data: MyCollection }) {
  return (
    <ul className="grid gap-4">
      {data.collections.map((c) => {
        const { shown, more } = missingPreview(c.missing)
        return (
          <li key={c.id} className="rounded-2xl surface p-5" data-testid="collection-progress">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-lg font-semibold">
                <Link
                  to="/colecoes/$collectionId"
                  params={{ collectionId: c.slug }}
                  className="hover:underline"
                >
                  {c.name}
                </Link>
              </h3>
              {c.isSubscriber && <span className="text-xs text-accent">Assinante</span>}
            </div>
            <div className="mt-2">
              <CollectionProgressBar c={c} />
            </div>
            {shown.length > 0 && (
              <div className="mt-4">
                <h4 className="text-sm font-medium">Personagens que faltam</h4>
                <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                  {shown.map((m) => (
                    <li
                      key={m.id}
                      className="flex items-center justify-between gap-2 rounded-xl surface-2 px-3 py-2 text-sm"
                    >
                      <span className="min-w-0 truncate">
                        {m.name}
                        {m.rarity && (
                          <span className="ml-2 text-xs text-muted">{RARITY_LABELS[m.rarity]}</span>
                        )}
                      </span>
                      <Link
                        to="/character/$characterId"
                        params={{ characterId: m.id }}
                        className="shrink-0 text-accent hover:underline"
                        aria-label={`${m.canBuy ? "Comprar" : "Ver"} ${m.name} por ${formatBRL(m.price)}`}
                      >
                        {m.canBuy ? `Comprar · ${formatBRL(m.price)}` : (m.reason ?? "Ver")}
                      </Link>
                    </li>
                  ))}
                </ul>
                {more && <p className="mt-2 text-sm text-muted">{more}</p>}
              </div>
            )}
          </li>
        )
      })}
    </ul>
  )
}

function Achievements({ data }: { data: MyCollection }) {
  return (
    <div className="grid gap-6">
      {data.collections.map((c) => (
        <section key={c.id} aria-label={`Conquistas de ${c.name}`}>
          <h3 className="font-semibold">{c.name}</h3>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {c.achievements.map((a) => (
              <li
                key={a.code}
                data-testid="achievement"
                data-unlocked={a.unlockedAt !== null}
                className={`rounded-2xl surface p-4 ${a.unlockedAt === null ? "opacity-50 grayscale" : ""}`}
              >
                <p className="flex items-center gap-2 font-semibold">
                  {a.unlockedAt !== null ? (
                    <Trophy aria-hidden className="h-4 w-4 text-accent" />
                  ) : (
                    <CircleDashed aria-hidden className="h-4 w-4" />
                  )}
                  {a.name}
                </p>
                <p className="text-sm text-muted">{a.description}</p>
                <p className="mt-1 text-xs">
                  {a.unlockedAt !== null ? `Desbloqueada em ${formatDate(a.unlockedAt)}` : "Bloqueada"}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}

/** Two small bar charts drawn with CSS: pieces and spend per month (no chart library on this page). */
function Analytics({ data }: { data: MyCollection }) {
  const months = data.analytics
  const maxPieces = Math.max(1, ...months.map((m) => m.pieces))
  const maxSpent = Math.max(1, ...months.map((m) => m.spentCents))
  const chart = (
    title: string,
    value: (m: (typeof months)[number]) => number,
    max: number,
    label: (n: number) => string,
  ) => (
    <figure className="rounded-2xl surface p-4">
      <figcaption className="font-semibold">{title}</figcaption>
      <ol className="mt-4 flex h-40 items-end gap-2" aria-label={title}>
        {months.map((m) => (
          <li
            key={m.month}
            className="flex h-full flex-1 flex-col items-center justify-end gap-1"
            aria-label={`${monthLabel(m.month)}: ${label(value(m))}`}
          >
            <span className="text-[10px] tabular-nums text-muted">{value(m) > 0 ? label(value(m)) : ""}</span>
            <div
              className="w-full rounded-t bg-[var(--accent)]"
              style={{ height: `${(value(m) / max) * 100}%`, minHeight: value(m) > 0 ? 2 : 0 }}
            />
            <span className="text-[10px] text-muted">{monthLabel(m.month)}</span>
          </li>
        ))}
      </ol>
    </figure>
  )
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {chart("Peças por mês", (m) => m.pieces, maxPieces, String)}
      {chart("Investimento por mês", (m) => m.spentCents, maxSpent, formatBRL)}
    </div>
  )
}
