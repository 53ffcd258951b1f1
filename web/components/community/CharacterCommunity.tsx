import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useLocation, useRouteContext } from "@tanstack/react-router"
import { Heart, Repeat, Users } from "lucide-react"
import { useState } from "react"
import { toast } from "../../lib/toast"
import { useViewer } from "../../lib/viewer"

/**
 * The character page's community parts, loaded after the page: its HTML is the same for every visitor (and
 * cached), so who holds, wants and trades the character, and the viewer's own heart, are asked by the browser.
 */
function useCommunity(productId: string) {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  return useQuery({ ...trpc.favourites.community.queryOptions({ productId }), staleTime: 30_000 })
}

/** The favourite toggle: stored on the server; a visitor is sent to sign in and brought back here. */
export function FavouriteToggle({ productId }: { productId: string }) {
  const viewer = useViewer()
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const { data } = useCommunity(productId)
  const href = useLocation({ select: (l) => l.href })
  const [busy, setBusy] = useState(false)
  if (!viewer)
    return (
      <Link
        to="/auth/login"
        search={{ from: href }}
        className="btn btn-ghost"
        aria-label="Favoritar (entre para salvar)"
      >
        <Heart aria-hidden className="h-4 w-4" />
      </Link>
    )
  const on = data?.favourite ?? false
  const toggle = async () => {
    setBusy(true)
    try {
      await trpcClient.favourites.set.mutate({ productId, on: !on })
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.favourites.community.queryKey({ productId }) }),
        // The cards' 'Nos seus favoritos' follows the heart.
        queryClient.invalidateQueries({ queryKey: trpc.account.cardMarks.queryKey() }),
      ])
      toast.success(on ? "Removido dos favoritos" : "Adicionado aos favoritos!")
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Não foi possível salvar agora.")
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className="btn btn-ghost"
      aria-label={on ? "Remover dos favoritos" : "Favoritar"}
      aria-pressed={on}
      disabled={busy || data === undefined}
      onClick={() => void toggle()}
    >
      <Heart aria-hidden className={`h-4 w-4 ${on ? "fill-current text-rose-600" : ""}`} />
    </button>
  )
}

/** 'Comunidade': how many collectors own and want it, and the pieces of it offered for trade. */
export function CommunityPanel({ productId }: { productId: string }) {
  const { data, isPending, isError } = useCommunity(productId)
  if (isPending) return <p className="text-sm text-muted">Carregando comunidade...</p>
  if (isError || !data)
    return <p className="text-sm text-muted">Não foi possível carregar a comunidade agora.</p>
  return (
    <div className="space-y-6" data-testid="character-community">
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-2xl surface p-4">
          <dt className="flex items-center gap-2 text-sm text-muted">
            <Users aria-hidden className="h-4 w-4 text-accent" /> Colecionadores que têm
          </dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="community-owners">
            {data.owners}
          </dd>
        </div>
        <div className="rounded-2xl surface p-4">
          <dt className="flex items-center gap-2 text-sm text-muted">
            <Heart aria-hidden className="h-4 w-4 text-accent" /> Colecionadores que querem
          </dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="community-wanting">
            {data.wanting}
          </dd>
        </div>
      </dl>
      <section aria-labelledby="for-trade-title">
        <h2 id="for-trade-title" className="flex items-center gap-2 font-semibold">
          <Repeat aria-hidden className="h-4 w-4 text-accent" /> Disponíveis para troca (
          {data.forTrade.length})
        </h2>
        {data.forTrade.length === 0 ? (
          <p className="mt-2 text-sm text-muted">
            Nenhum colecionador oferece este personagem para troca agora.
          </p>
        ) : (
          <ul className="mt-2 grid gap-2">
            {data.forTrade.map((t) => (
              <li
                key={t.pieceId}
                className="flex items-center justify-between rounded-xl surface-2 px-3 py-2 text-sm"
              >
                <span>{t.displayName}</span>
                <span className="flex gap-3">
                  <Link
                    to="/profile/$userId"
                    params={{ userId: t.userId }}
                    className="text-accent hover:underline"
                  >
                    Ver perfil
                  </Link>
                  <Link
                    to="/trocas/nova"
                    search={{ peca: t.pieceId }}
                    className="text-accent hover:underline"
                  >
                    Propor troca
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
