import { useQuery, useQueryClient } from "@tanstack/react-query"
import { Link, useLocation, useRouteContext } from "@tanstack/react-router"
import { Clock, ListOrdered } from "lucide-react"
import { useEffect, useRef, useState } from "react"
import { offerDeadlineLabel } from "../../../domain/editions/waitlistLine"
import { formatBRL } from "../../lib/format"
import { toast } from "../../lib/toast"
import { AddToCartButton } from "../AddToCartButton"

/**
 * The waitlist of a sold-out edition on the character page, loaded after the page: the page is public and
 * cached, so whether it is sold out now and the viewer's place are asked by the browser.
 */
export default function WaitlistBox({
  productId,
  name,
  price,
}: {
  productId: string
  name: string
  price: number
}) {
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const href = useLocation({ select: (l) => l.href })
  const { data } = useQuery({ ...trpc.waitlist.status.queryOptions({ productId }), staleTime: 15_000 })
  const [busy, setBusy] = useState(false)
  // The button pressed leaves with the state it belonged to: focus goes to the new state's sentence, which a
  // screen reader then reads, instead of falling back to the top of the page.
  const statusRef = useRef<HTMLParagraphElement>(null)
  const [answered, setAnswered] = useState(0)
  useEffect(() => {
    if (answered > 0) statusRef.current?.focus()
  }, [answered])
  // Drawn once mounted, on the server never: drawn there, its buttons would show before this lazy code
  // could answer them, and a click in that gap would be lost.
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  if (!mounted || !data?.numbered || (!data.soldOut && data.place.status !== "offered")) return null

  const act = async (join: boolean) => {
    setBusy(true)
    try {
      await (join
        ? trpcClient.waitlist.join.mutate({ productId })
        : trpcClient.waitlist.leave.mutate({ productId }))
      await queryClient.invalidateQueries({ queryKey: trpc.waitlist.status.queryKey({ productId }) })
      toast.success(join ? "Você entrou na lista de espera." : "Você saiu da lista de espera.")
      setAnswered((n) => n + 1)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Não foi possível agora. Tente novamente.")
    } finally {
      setBusy(false)
    }
  }
  const { place } = data
  return (
    <section aria-label="Lista de espera" className="mt-4 rounded-2xl surface p-4" data-testid="waitlist-box">
      {place.status === "offered" ? (
        <>
          <p ref={statusRef} tabIndex={-1} className="flex items-start gap-2 font-medium outline-none">
            <Clock aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-accent" />
            Uma unidade está reservada para você até {offerDeadlineLabel(place.offerExpiresAt)} (horário de
            Brasília).
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <AddToCartButton productId={productId} name={name} label={`Comprar por ${formatBRL(price)}`} />
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void act(false)}>
              Sair da lista
            </button>
          </div>
        </>
      ) : place.status === "waiting" ? (
        <>
          <p ref={statusRef} tabIndex={-1} className="flex items-start gap-2 outline-none">
            <ListOrdered aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-accent" />
            Você está na lista de espera (posição {place.position})
          </p>
          <button
            type="button"
            className="btn btn-ghost mt-3"
            disabled={busy}
            onClick={() => void act(false)}
          >
            Sair da lista
          </button>
        </>
      ) : (
        <>
          <p ref={statusRef} tabIndex={-1} className="font-medium outline-none">
            Edição esgotada.
          </p>
          {/* A collector who already has their share hears why the line is not for them, not how it works. */}
          {data.atLimit ? (
            <p className="mt-1 text-sm">{data.atLimit}</p>
          ) : (
            <p className="mt-1 text-sm text-muted">
              Se uma unidade for liberada, ela é reservada para o primeiro da lista, que recebe um aviso por
              e-mail.
            </p>
          )}
          {data.atLimit ? null : data.signedIn ? (
            <button
              type="button"
              className="btn btn-primary mt-3"
              disabled={busy}
              onClick={() => void act(true)}
            >
              Entrar na lista de espera
            </button>
          ) : (
            <Link to="/auth/login" search={{ from: href }} className="btn btn-primary mt-3">
              Entrar na lista de espera
            </Link>
          )}
        </>
      )}
    </section>
  )
}
