import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useState } from "react"
import { AuthCard } from "../../components/AuthForm"
import { authClient } from "../../lib/authClient"
import { safeFrom } from "../../lib/guards"
import { optionalString } from "../../lib/search"
import { seo } from "../../lib/seo"
import { useRefreshViewer } from "../../lib/viewer"

export const CALLBACK_REDIRECT_MS = 2000

/** Where the e-mail confirmation link and Google sign-in come back to: with a session, on to the account. */
export const Route = createFileRoute("/auth/callback")({
  validateSearch: (search: Record<string, unknown>): { error?: string; from?: string } => ({
    error: optionalString(search.error, 100),
    from: optionalString(search.from, 500),
  }),
  head: ({ match }) => ({
    ...seo({
      title: "Entrando",
      description: "Concluindo o acesso.",
      path: "/auth/callback",
      publicUrl: match.context.publicUrl,
    }),
  }),
  component: CallbackPage,
})

function CallbackPage() {
  const { error, from } = Route.useSearch()
  // Only a local path (safeFrom, as after sign-in); anything else goes to the account.
  const next = safeFrom(from)
  const navigate = useNavigate()
  const refresh = useRefreshViewer()
  const [status, setStatus] = useState<"checking" | "ok" | "none">(error ? "none" : "checking")
  useEffect(() => {
    if (error) return
    let timer: ReturnType<typeof setTimeout> | undefined
    void authClient.session().then(async ({ data }) => {
      if (!data) return setStatus("none")
      setStatus("ok")
      await refresh()
      timer = setTimeout(() => void navigate({ href: next }), CALLBACK_REDIRECT_MS)
    })
    return () => clearTimeout(timer)
  }, [error, navigate, refresh, next])

  if (status === "checking") return <AuthCard title="Entrando...">Verificando sua sessão...</AuthCard>
  if (status === "ok")
    return (
      <AuthCard title="Tudo certo!">
        <p role="status">
          E-mail confirmado e sessão iniciada.{" "}
          {next === "/perfil"
            ? "Levando você para a sua conta..."
            : "Levando você de volta para onde estava..."}
        </p>
      </AuthCard>
    )
  return (
    <AuthCard title={error ? "Parâmetros de autenticação não encontrados" : "Nenhuma sessão encontrada"}>
      <p>
        O link pode ter expirado ou já ter sido usado. Entre novamente ou peça um novo e-mail de confirmação.
      </p>
      <Link to="/auth/login" className="btn btn-primary mt-6">
        Ir para o login
      </Link>
    </AuthCard>
  )
}
