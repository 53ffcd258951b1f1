import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query"
import { Link, useRouteContext } from "@tanstack/react-router"
import { ListOrdered } from "lucide-react"
import { useState } from "react"
import { entryStatusLabel } from "../../../domain/editions/waitlistLine"
import { storeNow } from "../../lib/storeClock"
import { toast } from "../../lib/toast"

/** 'Listas de espera': the collector's waitlists, their state, and 'Sair da lista' for the live ones. */
export function WaitlistsTab() {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const { data: entries } = useSuspenseQuery(trpc.waitlist.mine.queryOptions())
  const [busy, setBusy] = useState<string | null>(null)
  const now = storeNow()
  if (entries.length === 0)
    return (
      <div className="rounded-2xl surface p-8 text-center">
        <ListOrdered aria-hidden className="mx-auto h-10 w-10 text-accent" />
        <h2 className="mt-4 text-lg font-semibold">Você não está em nenhuma lista de espera</h2>
        <p className="mt-2 text-muted">
          Quando uma edição numerada esgotar, entre na lista de espera na página do personagem.
        </p>
      </div>
    )
  const leave = async (productId: string) => {
    setBusy(productId)
    try {
      await trpcClient.waitlist.leave.mutate({ productId })
      await queryClient.invalidateQueries({ queryKey: trpc.waitlist.mine.queryKey() })
      toast.success("Você saiu da lista de espera.")
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Não foi possível agora. Tente novamente.")
    } finally {
      setBusy(null)
    }
  }
  return (
    <section aria-labelledby="waitlists-title" className="grid gap-4">
      <h2 id="waitlists-title" className="text-lg font-semibold">
        Suas listas de espera
      </h2>
      <ul className="grid gap-3">
        {entries.map((e) => {
          const live = e.status === "waiting" || (e.status === "offered" && (e.offerExpiresAt ?? 0) > now)
          return (
            <li
              key={e.id}
              data-testid="waitlist-entry"
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl surface p-4"
            >
              <div className="min-w-0">
                <Link
                  to="/character/$characterId"
                  params={{ characterId: e.productId }}
                  className="font-semibold hover:underline"
                >
                  {e.characterName}
                </Link>
                <p className="text-sm text-muted">{e.collectionName}</p>
                <p className="mt-1 text-sm">{entryStatusLabel(e, now)}</p>
              </div>
              {live && (
                <button
                  type="button"
                  className="btn btn-ghost text-sm"
                  disabled={busy === e.productId}
                  onClick={() => void leave(e.productId)}
                >
                  Sair da lista
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
