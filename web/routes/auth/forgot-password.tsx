import { createFileRoute, Link } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import { forgotErrorMessage, validateForgot } from "../../../domain/accounts/authValidation"
import { AuthCard, EmailField, FormError } from "../../components/AuthForm"
import { authClient } from "../../lib/authClient"
import { seo } from "../../lib/seo"

export const Route = createFileRoute("/auth/forgot-password")({
  head: ({ match }) =>
    seo({
      title: "Esqueci minha senha",
      description: "Receba um link para redefinir sua senha.",
      path: "/auth/forgot-password",
      publicUrl: match.context.publicUrl,
    }),
  component: ForgotPage,
})

function ForgotPage() {
  const [email, setEmail] = useState("")
  const [error, setError] = useState<string | undefined>()
  const [formError, setFormError] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateForgot({ email })
    setError(found.email)
    if (found.email) return
    setBusy(true)
    setFormError(null)
    const result = await authClient.requestPasswordReset(email.trim())
    setBusy(false)
    if (result.error) setFormError(forgotErrorMessage(result.error.code, result.error.status))
    else setSentTo(email.trim())
  }

  if (sentTo) {
    return (
      <AuthCard title="Verifique seu e-mail">
        <p>
          Se houver uma conta para <strong>{sentTo}</strong>, enviamos um link para redefinir a senha. O link
          vale por 1 hora.
        </p>
        <p className="mt-3 text-sm text-muted">Não chegou? Confira a caixa de spam ou tente outro e-mail.</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="button" className="btn btn-ghost" onClick={() => setSentTo(null)}>
            Usar outro e-mail
          </button>
          <Link to="/auth/login" className="btn btn-primary">
            Voltar ao login
          </Link>
        </div>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Esqueci minha senha"
      subtitle="Digite o e-mail da sua conta e enviaremos um link para criar uma nova senha."
    >
      <form onSubmit={submit} noValidate>
        <FormError message={formError} />
        <EmailField value={email} onValue={setEmail} error={error} />
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? "Enviando..." : "Enviar link"}
        </button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/auth/login" className="text-accent hover:underline">
          Voltar ao login
        </Link>
      </p>
    </AuthCard>
  )
}
