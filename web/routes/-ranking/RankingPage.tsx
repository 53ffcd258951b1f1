import { useSuspenseQuery } from "@tanstack/react-query"
import { getRouteApi, Link, useNavigate } from "@tanstack/react-router"
import { Award, BadgeCheck, Crown, Flame, Medal, Search, Star, TrendingUp, Trophy, Users } from "lucide-react"
import { type FormEvent, useState } from "react"
import { ProgressBar } from "../../components/ProgressBar"
import { storeNow } from "../../lib/storeClock"
import type { RouterOutputs } from "../../lib/trpc"
import { CollectorAvatar, sinceText } from "../-community/CollectorAvatar"
import { cleanRankingSearch, type RankingSearch, rankingInput } from "./search"

type RankingRowView = RouterOutputs["communityProfiles"]["ranking"]["rows"][number]

const route = getRouteApi("/ranking")

const SORTS = [
  { id: "score", label: "Pontos" },
  { id: "level", label: "Nível" },
  { id: "streak", label: "Sequência" },
] as const

const PODIUM = [
  { Icon: Crown, className: "bg-amber-400 text-amber-950", label: "1º lugar" },
  { Icon: Medal, className: "bg-slate-300 text-slate-900", label: "2º lugar" },
  { Icon: Award, className: "bg-orange-400 text-orange-950", label: "3º lugar" },
]

const numberFormat = new Intl.NumberFormat("pt-BR")
const n = (value: number) => numberFormat.format(value)

export function RankingPage() {
  const { trpc } = route.useRouteContext()
  const search = cleanRankingSearch(route.useSearch())
  const { data } = useSuspenseQuery(trpc.communityProfiles.ranking.queryOptions(rankingInput(search)))
  // One "now" for the whole render, the server's and the browser's first paint alike.
  const [now] = useState(() => storeNow())
  const viewerBeyond = data.viewer && data.viewer.position > 8 ? data.viewer : null
  const month = search.periodo === "mes"
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight">
        <Trophy aria-hidden className="h-8 w-8 text-accent" /> Ranking de Colecionadores
      </h1>
      <p className="mt-1 text-muted">
        {month ? "Pontos conquistados neste mês." : "Pontos de todos os tempos."} Compre, assine e complete
        coleções para subir.
      </p>

      <section aria-label="Resumo do ranking" className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-4">
        <SummaryCard Icon={Users} label="Colecionadores ativos" value={n(data.summary.activeCollectors)} />
        <SummaryCard Icon={Star} label="Maior pontuação" value={n(data.summary.highestScore)} />
        <SummaryCard
          Icon={Flame}
          label="Maior sequência"
          value={`${n(data.summary.longestStreak)} ${data.summary.longestStreak === 1 ? "mês" : "meses"}`}
        />
        <SummaryCard Icon={TrendingUp} label="Maior nível" value={n(data.summary.highestLevel)} />
      </section>

      <Controls search={search} />

      {viewerBeyond && (
        <section
          aria-labelledby="your-position"
          className="mt-6 rounded-2xl border-2 border-[var(--accent)] surface p-4"
          data-testid="your-position"
        >
          <h2 id="your-position" className="font-semibold">
            Sua Posição
          </h2>
          <p className="mt-1 text-sm text-muted">
            Você está em <strong className="text-[var(--text)]">{viewerBeyond.position}º</strong> com{" "}
            {n(viewerBeyond.points)} pontos. Continue colecionando para chegar ao topo!
          </p>
          <Link to="/colecoes" className="btn btn-primary mt-3">
            Ver coleções
          </Link>
        </section>
      )}

      {data.rows.length === 0 ? (
        <p className="mt-8 rounded-2xl surface p-6 text-center text-muted">
          {search.busca
            ? `Nenhum colecionador encontrado para "${search.busca}".`
            : "Ainda não há colecionadores neste período."}
        </p>
      ) : (
        <ol className="mt-6 grid gap-3" aria-label="Colecionadores">
          {data.rows.map((row) => (
            <RankingItem key={row.position} row={row} now={now} />
          ))}
        </ol>
      )}
      <Pager search={search} page={data.page} pages={data.pages} />
    </div>
  )
}

function SummaryCard({ Icon, label, value }: { Icon: typeof Users; label: string; value: string }) {
  return (
    <div className="rounded-2xl surface p-4">
      <Icon aria-hidden className="h-5 w-5 text-accent" />
      <p className="mt-2 text-2xl font-bold">{value}</p>
      <p className="text-sm text-muted">{label}</p>
    </div>
  )
}

function Controls({ search }: { search: RankingSearch }) {
  const navigate = useNavigate()
  const [text, setText] = useState(search.busca ?? "")
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void navigate({
      to: "/ranking",
      search: { ...search, busca: text.trim() || undefined, pagina: undefined },
    })
  }
  const chip = (active: boolean) =>
    `rounded-full px-3 py-1.5 text-sm font-medium ${active ? "bg-[var(--accent)] text-white" : "surface-2"}`
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3">
      {/* A plain GET form: the search works before the page's script has loaded. */}
      <form
        aria-label="Buscar colecionador"
        action="/ranking"
        method="get"
        onSubmit={submit}
        className="flex grow gap-2"
      >
        {search.ordem && <input type="hidden" name="ordem" value={search.ordem} />}
        {search.periodo && <input type="hidden" name="periodo" value={search.periodo} />}
        <label htmlFor="ranking-search" className="sr-only">
          Buscar colecionador
        </label>
        <input
          id="ranking-search"
          name="busca"
          type="search"
          maxLength={60}
          placeholder="Buscar colecionador..."
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="min-h-11 grow rounded-xl border border-theme bg-[var(--surface)] px-3"
        />
        <button type="submit" className="btn btn-ghost" aria-label="Buscar">
          <Search aria-hidden className="h-4 w-4" />
        </button>
      </form>
      <nav aria-label="Período" className="flex gap-2">
        <Link
          to="/ranking"
          search={{ ...search, periodo: undefined, pagina: undefined }}
          className={chip(!search.periodo)}
          aria-current={!search.periodo ? "true" : undefined}
        >
          Geral
        </Link>
        <Link
          to="/ranking"
          search={{ ...search, periodo: "mes", pagina: undefined }}
          className={chip(search.periodo === "mes")}
          aria-current={search.periodo === "mes" ? "true" : undefined}
        >
          Este mês
        </Link>
      </nav>
      <nav aria-label="Ordenar por" className="flex gap-2">
        {SORTS.map((s) => {
          const active = (search.ordem ?? "score") === s.id
          return (
            <Link
              key={s.id}
              to="/ranking"
              search={{ ...search, ordem: s.id === "score" ? undefined : s.id, pagina: undefined }}
              className={chip(active)}
              aria-current={active ? "true" : undefined}
            >
              {s.label}
            </Link>
          )
        })}
      </nav>
    </div>
  )
}

function RankingItem({ row, now }: { row: RankingRowView; now: number }) {
  const podium = PODIUM[row.position - 1]
  const name = (
    <span className="flex items-center gap-1 font-semibold">
      {row.name}
      {row.isVerified && <BadgeCheck aria-label="Verificado" className="h-4 w-4 text-accent" />}
    </span>
  )
  return (
    <li
      className={`rounded-2xl surface p-4 ${row.isViewer ? "ring-2 ring-[var(--accent)]" : ""}`}
      data-testid="ranking-row"
      data-viewer={row.isViewer ? "true" : undefined}
    >
      <div className="flex flex-wrap items-center gap-3">
        <span
          className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-bold ${podium ? podium.className : "surface-2"}`}
          title={podium?.label}
        >
          {podium ? <podium.Icon aria-label={podium.label} className="h-5 w-5" /> : `${row.position}º`}
        </span>
        <CollectorAvatar name={row.name} src={row.avatarUrl} />
        <div className="min-w-0 grow">
          <div className="flex flex-wrap items-center gap-2">
            {row.userId ? (
              <Link
                to="/profile/$userId"
                params={{ userId: row.username ?? row.userId }}
                className="hover:underline"
              >
                {name}
              </Link>
            ) : (
              name
            )}
            {row.isViewer && (
              <span className="rounded-full bg-[var(--accent)] px-2 py-0.5 text-xs font-semibold text-white">
                Você
              </span>
            )}
          </div>
          <p className="text-xs text-muted">
            {row.title} · {sinceText(row.lastActivityAt, now)}
          </p>
        </div>
        <p className="text-right">
          <span className="block text-xl font-bold" data-testid="ranking-points">
            {n(row.points)}
          </span>
          <span className="text-xs text-muted">pontos</span>
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 text-center text-xs sm:grid-cols-5">
        <Figure label="Nível" value={n(row.level)} />
        <Figure label="Sequência" value={`${n(row.streak)} ${row.streak === 1 ? "mês" : "meses"}`} />
        <Figure label="Peças" value={n(row.pieces)} />
        <Figure label="Coleções completas" value={n(row.collectionsCompleted)} />
        <Figure label="Conquistas" value={n(row.achievements)} />
      </dl>
      <div className="mt-3">
        <ProgressBar
          label={`Progresso de nível ${row.level}`}
          value={Math.round(row.levelProgress * 100)}
          className=""
        />
      </div>
    </li>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl surface-2 px-2 py-1.5">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold">{value}</dd>
    </div>
  )
}

function Pager({ search, page, pages }: { search: RankingSearch; page: number; pages: number }) {
  if (pages <= 1) return null
  const to = (p: number) => ({ ...search, pagina: p > 1 ? p : undefined })
  return (
    <nav aria-label="Páginas do ranking" className="mt-6 flex items-center justify-center gap-3">
      {page > 1 && (
        <Link to="/ranking" search={to(page - 1)} className="btn btn-ghost">
          Anterior
        </Link>
      )}
      <span className="text-sm text-muted">
        Página {page} de {pages}
      </span>
      {page < pages && (
        <Link to="/ranking" search={to(page + 1)} className="btn btn-ghost">
          Próxima
        </Link>
      )}
    </nav>
  )
}
