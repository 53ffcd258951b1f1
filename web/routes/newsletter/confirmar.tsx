import { useMutation } from "@tanstack/react-query"
import { createFileRoute, Link, useRouteContext } from "@tanstack/react-router"
import { AuthCard } from "../../components/AuthForm"
import { optionalString } from "../../lib/search"
import { seo } from "../../lib/seo"

/**
 * The link of the newsletter's confirmation e-mail. Confirming takes a click, not just the visit: mail
 * scanners open links by themselves, and a scanner must not subscribe anyone.
 */
export const Route = createFileRoute("/newsletter/confirmar")({
  validateSearch: (search: Record<string, unknown>): { t?: string } => ({
    t: optionalString(search.t, 2048),
  }),
  head: ({ match }) => ({
    ...seo({
      title: "Confirmar inscrição",
      description: "Confirme que deseja receber as novidades da Legendarium.",
      path: "/newsletter/confirmar",
      publicUrl: match.context.publicUrl,
    }),
    meta: [{ name: "robots", content: "noindex" }],
  }),
  component: ConfirmPage,
})

function ConfirmPage() {
  const { t } = Route.useSearch()
  const client = useRouteContext({ from: "__root__", select: (c) => c.trpcClient })
  const confirm = useMutation({
    mutationFn: (token: string) => client.store.confirmNewsletter.mutate({ token }),
  })

  if (confirm.isSuccess)
    return (
      <AuthCard title="Inscrição confirmada!">
        <p role="status">
          Pronto: {confirm.data.email} vai receber as novidades da Legendarium, começando pela próxima
          revelação.
        </p>
        <Link to="/colecoes" className="btn btn-primary mt-6">
          Ver as coleções
        </Link>
      </AuthCard>
    )
  if (!t || confirm.isError)
    return (
      <AuthCard title="Não foi possível confirmar">
        <p role="alert">
          {confirm.error?.message ??
            "Link de confirmação inválido ou expirado. Inscreva-se de novo no rodapé da loja."}
        </p>
        <Link to="/" className="btn btn-primary mt-6">
          Ir para o início
        </Link>
      </AuthCard>
    )
  return (
    <AuthCard title="Confirmar inscrição">
      <p>Confirme que deseja receber por e-mail as revelações, lançamentos e ofertas da Legendarium.</p>
      <button
        type="button"
        className="btn btn-primary mt-6"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(t)}
      >
        {confirm.isPending ? "Confirmando..." : "Confirmar inscrição"}
      </button>
    </AuthCard>
  )
}
