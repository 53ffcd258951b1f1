import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { type FormEvent, useEffect, useState } from "react"
import { loginErrorMessage, validateLogin } from "../../../domain/accounts/authValidation"
import { isAdmin } from "../../../domain/accounts/roles"
import { AuthCard, EmailField, FormError, PasswordField } from "../../components/AuthForm"
import { GoogleButton } from "../../components/GoogleButton"
import { authClient } from "../../lib/authClient"
import { guestPage, safeFrom } from "../../lib/guards"
import { toast } from "../../lib/toast"
import { useRefreshViewer } from "../../lib/viewer"
import { ResendConfirmation } from "./-login/ResendConfirmation"

export const Route = createFileRoute("/auth/login")({
  ...guestPage("/auth/login", "Entrar", "Entre na sua conta Legendarium."),
  component: LoginPage,
})

function LoginPage() {
  const { from } = Route.useSearch()
  const { trpc } = Route.useRouteContext()
  const navigate = useNavigate()
  const refresh = useRefreshViewer()
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [unconfirmed, setUnconfirmed] = useState(false)

  useEffect(() => {
    if (from === "carrinho")
      toast.info("Login necessário", {
        description:
          "Você precisa fazer login para finalizar a compra. Não se preocupe, seu carrinho será salvo!",
      })
  }, [from])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateLogin({ email, password })
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    setFormError(null)
    setUnconfirmed(false)
    const { error } = await authClient.signIn(email.trim(), password)
    if (error) {
      setBusy(false)
      setFormError(loginErrorMessage(error.code, error.status))
      setUnconfirmed(error.code === "EMAIL_NOT_VERIFIED")
      return
    }
    await refresh()
    const viewer = await trpc.account.me.fetch()
    toast.success(viewer && isAdmin(viewer.role) ? "Bem-vindo, administrador!" : "Bem-vindo de volta!", {
      description: viewer ? `Você entrou como ${viewer.name}.` : undefined,
    })
    await navigate({ href: safeFrom(from) })
  }

  return (
    <AuthCard title="Entrar" subtitle="Acesse sua conta para acompanhar pedidos e assinaturas.">
      <form onSubmit={submit} noValidate>
        <FormError message={formError} />
        {unconfirmed && <ResendConfirmation email={email} from={from} />}
        <EmailField value={email} onValue={setEmail} error={errors.email} />
        <PasswordField
          label="Senha"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          error={errors.password}
        />
        <div className="mb-6 text-right text-sm">
          <Link to="/auth/forgot-password" className="text-accent underline-offset-4 hover:underline">
            Esqueceu a senha?
          </Link>
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? "Entrando..." : "Entrar"}
        </button>
      </form>
      <GoogleButton />
      <p className="mt-6 text-center text-sm text-muted">
        Ainda não tem conta?{" "}
        <Link
          to="/auth/register"
          search={from ? { from } : {}}
          className="font-medium text-accent hover:underline"
        >
          Criar conta
        </Link>
      </p>
    </AuthCard>
  )
}
