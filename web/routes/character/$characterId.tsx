import { useQuery, useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link, useRouteContext } from "@tanstack/react-router"
import { ArrowLeft, Heart, HelpCircle, Lock } from "lucide-react"
import { lazy, Suspense, useEffect, useState } from "react"
import { isHeldRule } from "../../../domain/catalog/purchase"
import { statTone } from "../../../domain/catalog/rarity"
import { characterCountdown } from "../../../domain/catalog/reveal"
import { type CharacterDetail, characterNumberLabel } from "../../../domain/catalog/showcase"
import { AddToCartButton, HeldNote, SoldOutButton } from "../../components/AddToCartButton"
import { RarityBadge, ToneBadge } from "../../components/Badges"
import { CardStateBadge } from "../../components/CardStateBadge"
import { Img } from "../../components/Img"
import { IncludedNote } from "../../components/IncludedNote"
import { JsonLd } from "../../components/JsonLd"
import { NotFound } from "../../components/NotFound"
import { PriceLines } from "../../components/PriceLines"
import { Tabs } from "../../components/Tabs"
import { formatBRL } from "../../lib/format"
import { orNotFound } from "../../lib/notFound"
import { entitySeo } from "../../lib/seo"
import { storeNow } from "../../lib/storeClock"
import { prefetchSubscriberView, useViewerCard } from "../../lib/subscriber"
import { useViewer } from "../../lib/viewer"
import type { RouterContext } from "../../router"

export const Route = createFileRoute("/character/$characterId")({
  loader: async ({ context, params }) => {
    const [{ character }] = await Promise.all([
      orNotFound(context.trpc.catalog.character.ensureData({ id: params.characterId })),
      prefetchSubscriberView(context),
    ])
    if (character.soldOut) await prefetchWaitlistPlace(context, character.id)
    return {
      crumb: { href: `/character/${params.characterId}`, label: character.name },
      title: `${character.name} — ${character.collection.name}`,
      description:
        character.description ??
        `Personagem misterioso da coleção ${character.collection.name}. Revelação no dia 15.`,
      image: character.imageUrl,
    }
  },
  head: ({ match, loaderData, params }) =>
    entitySeo(loaderData, {
      path: `/character/${params.characterId}`,
      publicUrl: match.context.publicUrl,
      missingTitle: "Personagem não encontrado",
      type: "product",
    }),
  notFoundComponent: () => (
    <NotFound title="Personagem não encontrado">
      Talvez ele ainda não tenha sido revelado. Veja as coleções.
    </NotFound>
  ),
  component: CharacterPage,
})

/**
 * A signed-in viewer's place in a sold-out edition's line, awaited on the server (their page is theirs alone):
 * the buy button renders there as the browser hydrates it, so a collector a unit is held for never sees a
 * flash of 'Esgotado'. The waitlist box reads the same answer once mounted; a visitor has no place.
 */
async function prefetchWaitlistPlace(context: RouterContext, productId: string) {
  if (!(await context.trpc.account.me.ensureData())) return
  const place = context.trpc.waitlist.status.prefetch({ productId })
  if (typeof document === "undefined") await place
}

// Favourites and the 'Comunidade' tab load after the page: they are per viewer, and the page's JS is near budget.
const community = () => import("../../components/community/CharacterCommunity")
const FavouriteToggle = lazy(() => community().then((m) => ({ default: m.FavouriteToggle })))
const CommunityPanel = lazy(() => community().then((m) => ({ default: m.CommunityPanel })))
const WaitlistBox = lazy(() => import("../../components/waitlist/WaitlistBox"))

const STAT_LABELS = {
  strength: "Força",
  speed: "Velocidade",
  intelligence: "Inteligência",
  durability: "Resistência",
} as const
const STAT_COLORS = {
  excellent: "bg-emerald-500",
  great: "bg-sky-500",
  good: "bg-amber-500",
  fair: "bg-orange-500",
  low: "bg-red-500",
} as const

function CharacterPage() {
  const { trpc } = Route.useRouteContext()
  const { characterId } = Route.useParams()
  const { data } = useSuspenseQuery(trpc.catalog.character.queryOptions({ id: characterId }))
  const c = useViewerCard(data.character)
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <JsonLd json={data.jsonLd} />
      <Link
        to="/colecoes"
        search={{ colecao: c.collection.slug }}
        className="inline-flex items-center gap-1 text-sm text-muted hover:underline"
      >
        <ArrowLeft aria-hidden className="h-4 w-4" /> Voltar para {c.collection.name}
      </Link>
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <div className="overflow-hidden rounded-3xl surface">
          <Img
            src={c.imageUrl}
            alt={c.revealed ? c.name : "Silhueta de personagem ainda não revelado"}
            width={600}
            height={800}
            priority
            sizes="(min-width: 1024px) 36rem, 100vw"
            className="w-full"
          />
        </div>
        <div>
          <div className="flex flex-wrap items-center gap-2">
            {c.rarity && <RarityBadge rarity={c.rarity} />}
            <ToneBadge tone={c.badge.tone}>{c.badge.label}</ToneBadge>
            <CardStateBadge state={c.state} />
            {c.phaseLabel && <span className="text-sm text-muted">Fase: {c.phaseLabel}</span>}
          </div>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{c.name}</h1>
          <p className="mt-1 text-muted">
            <Link
              to="/colecoes/$collectionId"
              params={{ collectionId: c.collection.slug }}
              className="hover:underline"
            >
              {c.collection.name}
            </Link>{" "}
            · {characterNumberLabel(c.rank)}
          </p>
          {!c.revealed && <RevealCountdown revealAt={c.revealAt} />}
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <PriceLines prices={c.prices} large />
            {c.countdown && <ToneBadge tone={c.countdown.tone}>{c.countdown.label}</ToneBadge>}
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <BuyButton c={c} />
            <Suspense fallback={<HeartPlaceholder />}>
              <FavouriteToggle productId={c.id} />
            </Suspense>
          </div>
          {data.editionNote && <p className="mt-3 text-sm text-muted">{data.editionNote}</p>}
          <Suspense fallback={null}>
            <WaitlistBox productId={c.id} name={c.name} price={c.price} />
          </Suspense>
          <div className="mt-10">
            <Tabs
              label="Informações do personagem"
              tabs={[
                { id: "details", label: "Detalhes", content: <Details c={c} /> },
                {
                  id: "community",
                  label: "Comunidade",
                  content: (
                    <Suspense fallback={<p className="text-sm text-muted">Carregando comunidade...</p>}>
                      <CommunityPanel productId={c.id} />
                    </Suspense>
                  ),
                },
              ]}
            />
          </div>
        </div>
      </div>
    </div>
  )
}

function Details({ c }: { c: CharacterDetail }) {
  if (!c.revealed) {
    return (
      <div>
        <p className="text-muted">Este personagem ainda é um mistério. Pistas liberadas até agora:</p>
        {c.allHints.length > 0 ? (
          <ul className="mt-4 space-y-2">
            {c.allHints.map((hint) => (
              <li key={hint} className="flex gap-2">
                <HelpCircle aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-accent" /> {hint}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-sm text-muted">As primeiras pistas aparecem no dia 1º do mês da edição.</p>
        )}
      </div>
    )
  }
  return (
    <div className="space-y-8">
      <p className="leading-relaxed">{c.description}</p>
      {c.stats && (
        <section aria-labelledby="stats-title">
          <h2 id="stats-title" className="font-semibold">
            Atributos
          </h2>
          <dl className="mt-3 space-y-3">
            {(Object.keys(STAT_LABELS) as (keyof typeof STAT_LABELS)[]).map((k) => {
              const value = c.stats?.[k] ?? 0
              return (
                // A <dl> group holds only <dt> and <dd>: the bar is a second, hidden <dd> of the same term.
                <div key={k} className="grid grid-cols-[1fr_auto] text-sm">
                  <dt>{STAT_LABELS[k]}</dt>
                  <dd className="font-semibold">{value}</dd>
                  <dd className="col-span-2 mt-1 h-2 rounded-full surface-2" aria-hidden>
                    <div
                      className={`h-full rounded-full ${STAT_COLORS[statTone(value)]}`}
                      style={{ width: `${value}%` }}
                    />
                  </dd>
                </div>
              )
            })}
          </dl>
        </section>
      )}
      {c.abilities.length > 0 && (
        <section aria-labelledby="abilities-title">
          <h2 id="abilities-title" className="font-semibold">
            Habilidades
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {c.abilities.map((a) => (
              <li key={a} className="rounded-full surface-2 px-3 py-1 text-sm">
                {a}
              </li>
            ))}
          </ul>
        </section>
      )}
      <dl className="grid grid-cols-2 gap-4 text-sm">
        {c.universe && (
          <div>
            <dt className="text-muted">Universo</dt>
            <dd className="font-medium">{c.universe}</dd>
          </div>
        )}
        <div>
          <dt className="text-muted">Escala</dt>
          <dd className="font-medium">{c.scale}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-muted">Acabamento</dt>
          <dd>{c.details}</dd>
        </div>
      </dl>
    </div>
  )
}

function RevealCountdown({ revealAt }: { revealAt: number }) {
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    setNow(storeNow())
    const timer = setInterval(() => setNow(storeNow()), 1000)
    return () => clearInterval(timer)
  }, [])
  return (
    <p className="mt-4 inline-flex rounded-xl surface-2 px-3 py-2 text-sm" aria-live="off">
      Revelação em:{" "}
      <strong className="ml-1 tabular-nums">{now === null ? "—" : characterCountdown(revealAt, now)}</strong>
    </p>
  )
}

function BuyButton({ c }: { c: CharacterDetail }) {
  // The waitlist box's own query: a collector a unit is held for buys it there, under no 'Esgotado' that
  // would contradict the box.
  const { trpc } = useRouteContext({ from: "__root__" })
  const signedIn = useViewer() !== null
  const { data: waitlist } = useQuery({
    ...trpc.waitlist.status.queryOptions({ productId: c.id }),
    staleTime: 15_000,
    enabled: c.soldOut && signedIn,
  })
  if (isHeldRule(c.purchase)) return <HeldNote />
  if (c.soldOut) return waitlist?.place.status === "offered" ? null : <SoldOutButton />
  if (c.purchase.mode === "subscription")
    return (
      <div className="flex flex-col gap-2">
        <AddToCartButton productId={c.id} name={c.name} label={`Comprar por ${formatBRL(c.price)}`} />
        <IncludedNote />
      </div>
    )
  if (c.purchase.canBuy)
    return <AddToCartButton productId={c.id} name={c.name} label={`Comprar por ${formatBRL(c.price)}`} />
  if (c.status === "released")
    return (
      <Link to="/planos" search={{ colecao: c.collection.id }} className="btn btn-ghost">
        <Lock aria-hidden className="h-4 w-4" /> Apenas para Assinantes — ver planos
      </Link>
    )
  return (
    <button type="button" disabled className="btn btn-ghost opacity-70">
      Em Breve
    </button>
  )
}

function HeartPlaceholder() {
  return (
    <button type="button" className="btn btn-ghost" aria-label="Favoritar" disabled>
      <Heart aria-hidden className="h-4 w-4" />
    </button>
  )
}
