import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { Link, useLocation, useRouteContext } from "@tanstack/react-router"
import { BadgeCheck, CalendarDays, Lock, MapPin, Trophy } from "lucide-react"
import { useEffect, useState } from "react"
import { PROFILE_MESSAGES } from "../../../domain/community/profile"
import { NotFound } from "../../components/NotFound"
import { ProgressBar } from "../../components/ProgressBar"
import { ShelfView } from "../../components/shelf/ShelfView"
import { Tabs } from "../../components/Tabs"
import { formatDate } from "../../lib/format"
import { toast } from "../../lib/toast"
import type { RouterOutputs } from "../../lib/trpc"
import { useViewer } from "../../lib/viewer"
import { CollectorAvatar } from "../-community/CollectorAvatar"

type ProfileKey = { handle: string }
type PublicProfile = Extract<RouterOutputs["communityProfiles"]["profile"], { visibility: "public" }>

const numberFormat = new Intl.NumberFormat("pt-BR")
const n = (value: number) => numberFormat.format(value)

/** "Perfil não encontrado" with the spec's sentence, for both addresses of a profile (HTTP 404). */
export function ProfileNotFound({ handle }: { handle: string }) {
  return <NotFound title={PROFILE_MESSAGES.notFoundTitle}>{PROFILE_MESSAGES.notFound(handle)}</NotFound>
}

/** A collector's public page; a private profile shows its name and nothing else to others. */
export function CollectorProfile({ profileKey }: { profileKey: ProfileKey }) {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const { data: profile } = useSuspenseQuery(trpc.communityProfiles.profile.queryOptions(profileKey))
  useEffect(() => {
    if (!profile.isSelf)
      void trpcClient.communityProfiles.viewed.mutate({ userId: profile.userId }).catch(() => {})
  }, [profile.userId, profile.isSelf, trpcClient])
  if (profile.visibility === "private")
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <CollectorAvatar name={profile.displayName} src={null} size={96} />
        <h1 className="mt-4 text-3xl font-bold tracking-tight">{profile.displayName}</h1>
        <p className="mt-3 inline-flex items-center gap-2 text-muted" data-testid="private-profile">
          <Lock aria-hidden className="h-4 w-4" /> {PROFILE_MESSAGES.private}
        </p>
      </div>
    )
  return <PublicProfilePage profile={profile} profileKey={profileKey} />
}

function PublicProfilePage({ profile, profileKey }: { profile: PublicProfile; profileKey: ProfileKey }) {
  const s = profile.stats
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <header className="flex flex-wrap items-start gap-5 rounded-3xl surface p-6">
        <CollectorAvatar name={profile.displayName} src={profile.avatarUrl} size={96} />
        <div className="min-w-0 grow">
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold tracking-tight">
            {profile.displayName}
            {profile.isVerified && <BadgeCheck aria-label="Verificado" className="h-6 w-6 text-accent" />}
          </h1>
          {profile.username && <p className="text-muted">@{profile.username}</p>}
          <p className="mt-1 text-sm font-medium text-accent">
            {s.title} · Nível {s.level}
          </p>
          {profile.bio && <p className="mt-3 max-w-prose whitespace-pre-line">{profile.bio}</p>}
          <p className="mt-3 flex flex-wrap gap-4 text-sm text-muted">
            {profile.location && (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden className="h-4 w-4" /> {profile.location}
              </span>
            )}
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden className="h-4 w-4" /> Membro desde {formatDate(profile.joinedAt)}
            </span>
          </p>
          {profile.isSelf && profile.isPrivate && (
            <p className="mt-2 inline-flex items-center gap-1 text-sm text-muted">
              <Lock aria-hidden className="h-4 w-4" /> Seu perfil é privado: os outros veem só o seu nome.
            </p>
          )}
        </div>
        <FollowButton profile={profile} profileKey={profileKey} />
      </header>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Estatísticas">
        <Stat label="Peças" value={n(s.pieces)} />
        <Stat label="Coleções completas" value={n(s.collectionsCompleted)} />
        <Stat label="Pontos" value={n(s.score)} />
        <Stat label="Nível" value={n(s.level)} />
        <Stat label="Seguidores" value={n(s.followers)} testId="followers" />
        <Stat label="Seguindo" value={n(s.following)} />
        <Stat label="Visualizações do perfil" value={n(s.profileViews)} />
        <Stat label="Conquistas" value={n(s.achievements)} />
      </dl>

      <div className="mt-8">
        <Tabs
          label="Seções do perfil"
          tabs={[
            {
              id: "shelf",
              label: "Estante Virtual",
              content: <ShelfView userId={profile.userId} isOwner={profile.isSelf} />,
            },
            { id: "collections", label: "Coleções", content: <CollectionsTab profile={profile} /> },
            { id: "badges", label: "Conquistas", content: <AchievementsTab profile={profile} /> },
            { id: "activity", label: "Atividade", content: <ActivityTab profile={profile} /> },
          ]}
        />
      </div>
    </div>
  )
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-2xl surface p-4">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-2xl font-bold" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

function FollowButton({ profile, profileKey }: { profile: PublicProfile; profileKey: ProfileKey }) {
  const viewer = useViewer()
  const location = useLocation()
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  if (profile.isSelf)
    return (
      <Link to="/perfil" search={{ tab: "public" }} className="btn btn-ghost">
        Editar perfil
      </Link>
    )
  if (!viewer)
    return (
      <Link to="/auth/login" search={{ from: location.href }} className="btn btn-primary">
        Entrar para seguir
      </Link>
    )
  const toggle = async () => {
    setBusy(true)
    try {
      await trpcClient.communityProfiles.follow.mutate({
        userId: profile.userId,
        follow: !profile.isFollowing,
      })
      await queryClient.invalidateQueries({ queryKey: trpc.communityProfiles.profile.queryKey(profileKey) })
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Não foi possível agora. Tente novamente.")
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className={`btn ${profile.isFollowing ? "btn-ghost" : "btn-primary"}`}
      aria-pressed={profile.isFollowing}
      disabled={busy}
      onClick={toggle}
      data-testid="follow"
    >
      {profile.isFollowing ? "Seguindo" : "Seguir"}
    </button>
  )
}

function CollectionsTab({ profile }: { profile: PublicProfile }) {
  if (profile.collections.length === 0)
    return <p className="rounded-2xl surface p-6 text-center text-muted">Nenhuma coleção iniciada ainda.</p>
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {profile.collections.map((c) => (
        <li key={c.collectionId} className="rounded-2xl surface p-4">
          <div className="flex justify-between gap-2">
            <Link
              to="/colecoes/$collectionId"
              params={{ collectionId: c.collectionId }}
              className="font-semibold hover:underline"
            >
              {c.name}
            </Link>
            <span className="text-sm text-muted">
              {c.owned}/{c.total}
            </span>
          </div>
          <ProgressBar label={`Progresso em ${c.name}`} value={c.percent} className="mt-2" />
        </li>
      ))}
    </ul>
  )
}

function AchievementsTab({ profile }: { profile: PublicProfile }) {
  if (profile.achievements.length === 0)
    return (
      <p className="rounded-2xl surface p-6 text-center text-muted">Nenhuma conquista desbloqueada ainda.</p>
    )
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {profile.achievements.map((a) => (
        <li key={`${a.code}:${a.collection}`} className="flex gap-3 rounded-2xl surface p-4">
          <Trophy aria-hidden className="h-6 w-6 shrink-0 text-accent" />
          <div>
            <p className="font-semibold">{a.name}</p>
            <p className="text-sm text-muted">
              {a.collection ? `${a.collection} · ` : ""}
              {formatDate(a.unlockedAt)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}

function ActivityTab({ profile }: { profile: PublicProfile }) {
  if (profile.activity.length === 0)
    return <p className="rounded-2xl surface p-6 text-center text-muted">Nenhuma atividade ainda.</p>
  return (
    <ol className="grid gap-2">
      {profile.activity.map((a, i) => (
        <li
          key={`${a.occurredAt}:${i}`}
          className="flex items-center justify-between gap-3 rounded-xl surface p-3"
        >
          <span>
            {a.description}
            <span className="block text-xs text-muted">{formatDate(a.occurredAt)}</span>
          </span>
          <span
            className={`text-sm font-semibold ${a.points < 0 ? "text-red-700 dark:text-red-400" : "text-accent"}`}
          >
            {a.points > 0 ? "+" : ""}
            {n(a.points)} pts
          </span>
        </li>
      ))}
    </ol>
  )
}
