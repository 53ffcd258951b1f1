import { useSuspenseQuery } from "@tanstack/react-query"
import { createFileRoute, useLocation, useNavigate, useRouteContext } from "@tanstack/react-router"
import { OfferTradeDialog } from "../../components/trades/OfferTradeDialog"
import { requireSignIn } from "../../lib/guards"

export const Route = createFileRoute("/trocas/nova")({
  beforeLoad: ({ context, location }) => requireSignIn(context, location),
  loader: async ({ context, location }) => {
    const peca = pieceOf(location.search)
    if (peca) await context.trpc.trades.target.ensureData({ pieceId: peca })
  },
  head: () => ({ meta: [{ title: "Nova troca | Legendarium" }, { name: "robots", content: "noindex" }] }),
  component: NewTradePage,
})

// Read from the raw search in the split loader and component: a validateSearch would sit in every page's entry.
const pieceOf = (search: unknown): string | null => {
  const peca = (search as { peca?: unknown } | undefined)?.peca
  return typeof peca === "string" && /^[0-9a-f-]{36}$/i.test(peca) ? peca : null
}

function NewTradePage() {
  const peca = pieceOf(useLocation({ select: (l) => l.search }))
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Nova proposta de troca</h1>
      {peca ? (
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
