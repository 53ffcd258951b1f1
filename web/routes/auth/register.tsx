import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { type FormEvent, useState } from "react"
import { registerErrorMessage, validateRegister } from "../../../domain/accounts/authValidation"
import { AuthCard, EmailField, Field, FormError, PasswordField } from "../../components/AuthForm"
import { GoogleButton } from "../../components/GoogleButton"
import { authClient } from "../../lib/authClient"
import { guestPage, verificationCallbackURL } from "../../lib/guards"
import { toast } from "../../lib/toast"

export const Route = createFileRoute("/auth/register")({
  ...guestPage("/auth/register", "Criar conta", "Crie sua conta Legendarium."),
  component: RegisterPage,
})

function RegisterPage() {
  const navigate = useNavigate()
  // Where the visitor was going (e.g. a collection's subscription dialog): kept through the confirmation.
  const { from } = Route.useSearch()
  const [form, setForm] = useState({
    displayName: "",
    email: "",
    password: "",
    confirmPassword: "",
    acceptTerms: false,
  })
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.type === "checkbox" ? e.target.checked : e.target.value }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateRegister(form)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    setFormError(null)
    const { error } = await authClient.signUp(
      form.displayName.trim(),
      form.email.trim(),
      form.password,
      verificationCallbackURL(from),
    )
    setBusy(false)
    if (error) {
      setFormError(registerErrorMessage(error.code, error.status))
      return
    }
    toast.success("Conta criada com sucesso!", {
      description: "Verifique seu e-mail para confirmar o cadastro.",
    })
    await navigate({
      to: "/auth/verify-email",
      search: { email: form.email.trim(), ...(from ? { from } : {}) },
    })
  }

  return (
    <AuthCard title="Criar conta" subtitle="Acompanhe pedidos, assinaturas e sua coleção.">
      <form onSubmit={submit} noValidate>
        <FormError message={formError} />
        <Field
          label="Nome de exibição"
          autoComplete="nickname"
          value={form.displayName}
          onChange={set("displayName")}
          error={errors.displayName}
        />
        <EmailField
          value={form.email}
          onValue={(v) => setForm((f) => ({ ...f, email: v }))}
          error={errors.email}
        />
        <PasswordField
          label="Senha"
          autoComplete="new-password"
          value={form.password}
          onValue={(v) => setForm((f) => ({ ...f, password: v }))}
          error={errors.password}
        />
        <PasswordField
          label="Confirmar senha"
          autoComplete="new-password"
          value={form.confirmPassword}
          onValue={(v) => setForm((f) => ({ ...f, confirmPassword: v }))}
          error={errors.confirmPassword}
        />
        <div className="mb-6">
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1 h-4 w-4"
              checked={form.acceptTerms}
              onChange={set("acceptTerms")}
              aria-invalid={errors.acceptTerms ? true : undefined}
            />
            <span>
              Li e aceito os{" "}
              <Link to="/terms" className="text-accent underline">
                termos de uso
              </Link>{" "}
              e a{" "}
              <Link to="/privacy" className="text-accent underline">
                política de privacidade
              </Link>
              .
            </span>
          </label>
          {errors.acceptTerms && (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
              {errors.acceptTerms}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary w-full" disabled={busy || !form.acceptTerms}>
          {busy ? "Criando conta..." : "Criar conta"}
        </button>
      </form>
      <GoogleButton />
      <p className="mt-6 text-center text-sm text-muted">
        Já tem conta?{" "}
        <Link to="/auth/login" className="font-medium text-accent hover:underline">
          Entrar
        </Link>
      </p>
    </AuthCard>
  )
}
