import { useMutation } from "@tanstack/react-query"
import { createFileRoute, Link, useRouteContext } from "@tanstack/react-router"
import { MAX_TICKET_PROOF_TOKEN, TICKET_PROOF_TEXTS } from "../../domain/support/addressProof"
import { AuthCard } from "../components/AuthForm"
import { optionalString } from "../lib/search"
import { seo } from "../lib/seo"

/**
 * The link of a support ticket's acknowledgement e-mail: following it proves the address, so the ticket reaches
 * the account with that e-mail. It takes a click, not just the visit: mail scanners open links by themselves, and
 * a scanner must not put a ticket in anyone's account. Works signed out: the link's signed token is the authority.
 */
export const Route = createFileRoute("/confirmar-chamado")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: optionalString(search.token, MAX_TICKET_PROOF_TOKEN),
  }),
  head: ({ match }) => ({
    ...seo({
      title: "Confirmar chamado",
      description: "Confirme o e-mail de um chamado de suporte da Legendarium.",
      path: "/confirmar-chamado",
      publicUrl: match.context.publicUrl,
    }),
    meta: [{ name: "robots", content: "noindex" }],
  }),
  component: ProveTicketAddressPage,
})

function ProveTicketAddressPage() {
  const { token } = Route.useSearch()
  const client = useRouteContext({ from: "__root__", select: (c) => c.trpcClient })
  const prove = useMutation({
    mutationFn: (token: string) => client.support.proveAddress.mutate({ token }),
  })

  if (prove.isSuccess)
    return (
      <AuthCard title="Chamado confirmado">
        <p role="status">{TICKET_PROOF_TEXTS.done(prove.data.number)}</p>
        <Link to="/perfil" search={{ tab: "support" }} className="btn btn-primary mt-6">
          Ir para Minha conta › Suporte
        </Link>
      </AuthCard>
    )
  if (!token || prove.isError)
    return (
      <AuthCard title="Não foi possível confirmar">
        <p role="alert">{prove.error?.message ?? TICKET_PROOF_TEXTS.invalid}</p>
        <Link to="/support" className="btn btn-primary mt-6">
          Ir para o suporte
        </Link>
      </AuthCard>
    )
  return (
    <AuthCard title="Confirmar chamado">
      <p>{TICKET_PROOF_TEXTS.ask}</p>
      <button
        type="button"
        className="btn btn-primary mt-6"
        disabled={prove.isPending}
        onClick={() => prove.mutate(token)}
      >
        {prove.isPending ? "Confirmando..." : TICKET_PROOF_TEXTS.button}
      </button>
    </AuthCard>
  )
}
