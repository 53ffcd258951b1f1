import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, Link } from "@tanstack/react-router"
import { CalendarClock, PackageCheck, Sparkles, Truck } from "lucide-react"
import { CharacterCard } from "../components/CharacterCard"
import { CoverImage, StatTiles } from "../components/CollectionBits"
import { formatBRL } from "../lib/format"
import { seo } from "../lib/seo"
import { prefetchSubscriberView } from "../lib/subscriber"

export const Route = createFileRoute("/")({
  loader: async ({ context }) => {
    const [home] = await Promise.all([
      context.trpc.catalog.home.ensureData(),
      prefetchSubscriberView(context),
    ])
    return home
  },
  head: ({ match }) =>
    seo({
      title: "Legendarium",
      description:
        "Figuras colecionáveis premium sob encomenda. Um novo personagem revelado todo dia 15: compre o personagem do mês ou assine a coleção completa.",
      path: "/",
      publicUrl: match.context.publicUrl,
    }),
  component: HomePage,
})

function HomePage() {
  const { trpc } = Route.useRouteContext()
  const { data } = useSuspenseQuery(trpc.catalog.home.queryOptions())
  const { edition, highlights, featured, shipping } = data
  return (
    <>
      <section className="relative overflow-hidden border-b border-theme bg-gradient-to-br from-[#0d0d16] via-[#161625] to-[#2a1f0a] text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-2">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-amber-200">
              <Sparkles aria-hidden className="h-4 w-4" /> Edição de {edition.label}
            </p>
            <h1 className="mt-5 text-4xl font-extrabold tracking-tight sm:text-5xl">
              Lendas esculpidas à mão, reveladas todo dia 15
            </h1>
            <p className="mt-5 max-w-xl text-lg text-zinc-200">
              Figuras premium produzidas sob encomenda. Garanta o personagem do mês antes da revelação ou
              assine a coleção completa e receba também as edições anteriores.
            </p>
            <p className="mt-4 text-sm text-amber-100">
              {edition.revealed
                ? `Personagens do mês revelados em ${edition.revealDate}`
                : edition.daysUntilReveal > 0
                  ? `Revelação em ${edition.revealDate} — faltam ${edition.daysUntilReveal} ${edition.daysUntilReveal === 1 ? "dia" : "dias"}`
                  : `Revelação hoje, ${edition.revealDate}, ao meio-dia`}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to="/colecoes"
                search={{ fase: "atual" }}
                className="btn bg-amber-300 text-zinc-950 hover:bg-amber-200"
              >
                Ver personagens do mês
              </Link>
              <Link to="/planos" className="btn border border-white/30 text-white hover:bg-white/10">
                Conhecer os planos
              </Link>
            </div>
          </div>
          {featured && (
            <Link
              to="/colecoes/$collectionId"
              params={{ collectionId: featured.slug }}
              className="block overflow-hidden rounded-3xl ring-1 ring-white/15"
            >
              <CoverImage name={featured.name} src={featured.imageUrl} className="w-full" />
            </Link>
          )}
        </div>
      </section>

      <section className="below-fold mx-auto max-w-7xl px-4 py-14" aria-labelledby="highlights-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="highlights-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Destaques de {edition.label}
            </h2>
            <p className="mt-2 text-muted">
              Os personagens deste mês: compra avulsa disponível até o fim do mês.
            </p>
          </div>
          <Link to="/colecoes" className="btn btn-ghost">
            Todas as coleções
          </Link>
        </div>
        {highlights.length === 0 ? (
          <p className="mt-8 text-muted">Nenhum personagem programado para este mês.</p>
        ) : (
          <div className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {highlights.map((card) => (
              <CharacterCard key={card.id} card={card} showCollection />
            ))}
          </div>
        )}
      </section>

      {featured && (
        <section className="below-fold mx-auto max-w-7xl px-4" aria-labelledby="featured-title">
          <div className="grid gap-8 rounded-3xl surface p-6 sm:p-10 lg:grid-cols-[1.2fr_1fr]">
            <div>
              <p className="text-sm font-semibold uppercase tracking-wider text-accent">
                Coleção em destaque · Disponível
              </p>
              <h2 id="featured-title" className="mt-2 text-3xl font-bold tracking-tight">
                {featured.name}
              </h2>
              <p className="mt-4 text-muted">{featured.description}</p>
              <StatTiles
                items={[
                  { label: "Personagens", value: featured.counters.total },
                  { label: "Revelados", value: featured.counters.revealed },
                  { label: "Por personagem", value: formatBRL(featured.price) },
                ]}
              />
              <div className="mt-6 flex flex-wrap gap-3">
                <Link
                  to="/colecoes/$collectionId"
                  params={{ collectionId: featured.slug }}
                  className="btn btn-primary"
                >
                  Explorar coleção
                </Link>
                <Link to="/planos" search={{ colecao: featured.id }} className="btn btn-ghost">
                  Assinar coleção
                </Link>
              </div>
            </div>
            <ul className="grid content-center gap-4 text-sm">
              <li className="flex gap-3">
                <CalendarClock aria-hidden className="h-5 w-5 shrink-0 text-accent" />
                <span>Novo personagem revelado todo dia 15, nas fases Early Preview, Preview e Final.</span>
              </li>
              <li className="flex gap-3">
                <PackageCheck aria-hidden className="h-5 w-5 shrink-0 text-accent" />
                <span>Produção sob encomenda: {shipping.leadTime}.</span>
              </li>
              <li className="flex gap-3">
                <Truck aria-hidden className="h-5 w-5 shrink-0 text-accent" />
                <span>
                  Pedidos pagos hoje são enviados em {shipping.shipDate}. Assinantes têm frete grátis.
                </span>
              </li>
            </ul>
          </div>
        </section>
      )}
    </>
  )
}
