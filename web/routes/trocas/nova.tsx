import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, useNavigate, useRouteContext } from "@tanstack/react-router"
import { OfferTradeDialog } from "../../components/trades/OfferTradeDialog"
import { requireSignIn } from "../../lib/guards"
import { optionalString } from "../../lib/search"

export const Route = createFileRoute("/trocas/nova")({
  validateSearch: (search: Record<string, unknown>): { peca?: string } => ({
    peca: optionalString(search.peca, 64),
  }),
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    if (deps.peca && /^[0-9a-f-]{36}$/i.test(deps.peca))
      await context.trpc.trades.target.ensureData({ pieceId: deps.peca })
  },
  head: () => ({ meta: [{ title: "Nova troca | Legendarium" }, { name: "robots", content: "noindex" }] }),
  component: NewTradePage,
})

function NewTradePage() {
  const { peca } = Route.useSearch()
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Nova proposta de troca</h1>
      {peca && /^[0-9a-f-]{36}$/i.test(peca) ? (
        <Target pieceId={peca} />
      ) : (
        <p className="mt-4" role="alert">
          Peça não informada. Escolha uma peça marcada para troca no perfil de um colecionador.
        </p>
      )}
    </div>
  )
}

function Target({ pieceId }: { pieceId: string }) {
  const { trpc } = useRouteContext({ from: "__root__" })
  const navigate = useNavigate()
  const { data } = useSuspenseQuery(trpc.trades.target.queryOptions({ pieceId }))
  if (!data.target)
    return (
      <p className="mt-4" role="alert">
        {data.unavailable}
      </p>
    )
  return (
    <div className="mt-6 rounded-xl border border-border p-4">
      <p className="text-sm text-muted">Peça disponível para troca</p>
      <h2 className="text-xl font-semibold">{data.target.name}</h2>
      <p className="text-sm text-muted">
        {data.target.collectionName} · de {data.target.ownerName}
      </p>
      <div className="mt-4">
        <OfferTradeDialog
          toUserId={data.target.ownerId}
          toPieceId={data.target.id}
          pieceName={data.target.name}
          onOffered={() => void navigate({ to: "/trocas" })}
        />
      </div>
    </div>
  )
}
