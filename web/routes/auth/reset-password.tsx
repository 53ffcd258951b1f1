import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useMachine } from "@xstate/react"
import { fromPromise } from "xstate"
import { passwordStrength, RESET_PASSWORD_MIN } from "../../../domain/accounts/authValidation"
import { AuthCard, FormError, PasswordField, StrengthMeter } from "../../components/AuthForm"
import { authClient } from "../../lib/authClient"
import { optionalString } from "../../lib/search"
import { seo } from "../../lib/seo"
import { toast } from "../../lib/toast"
import { useRefreshViewer } from "../../lib/viewer"
import { passwordResetMachine } from "../../machines/passwordReset"

export const Route = createFileRoute("/auth/reset-password")({
  validateSearch: (search: Record<string, unknown>): { token?: string; error?: string } => ({
    token: optionalString(search.token, 200),
    error: optionalString(search.error, 100),
  }),
  head: ({ match }) =>
    seo({
      title: "Redefinir senha",
      description: "Crie uma nova senha.",
      path: "/auth/reset-password",
      publicUrl: match.context.publicUrl,
    }),
  component: ResetPage,
})

function ResetPage() {
  const { token, error } = Route.useSearch()
  const navigate = useNavigate()
  const refresh = useRefreshViewer()
  const [state, send] = useMachine(
    passwordResetMachine.provide({
      actors: {
        // The e-mailed link passes through the server, which sends `error` instead of a token it rejects.
        verifyToken: fromPromise(async () => !error),
        resetPassword: fromPromise(async ({ input }) => {
          const result = await authClient.resetPassword(input.token, input.password)
          if (result.error) throw { code: result.error.code, message: result.error.message }
        }),
      },
      actions: {
        signOut: () => void authClient.signOut().then(refresh),
        redirectToLogin: () => void navigate({ to: "/auth/login" }),
        redirectToForgot: () => void navigate({ to: "/auth/forgot-password" }),
        notifyExpired: () =>
          toast.error("Sessão expirada", { description: "Solicite um novo link para redefinir sua senha." }),
      },
    }),
    { input: { token: token ?? null } },
  )
  const { password, confirmPassword, errors, submitError } = state.context
  const strength = passwordStrength(password)

  if (state.matches("verifying")) return <AuthCard title="Redefinir senha">Verificando o link...</AuthCard>
  if (state.matches("invalidLink") || state.matches("expired")) {
    return (
      <AuthCard
        title="Link inválido ou expirado"
        subtitle="Este link de redefinição não é mais válido. Peça um novo — ele vale por 1 hora."
      >
        <div className="flex flex-wrap gap-3">
          <Link to="/auth/forgot-password" className="btn btn-primary">
            Solicitar novo link
          </Link>
          <Link to="/auth/login" className="btn btn-ghost">
            Ir para o login
          </Link>
        </div>
      </AuthCard>
    )
  }
  if (state.matches("success") || state.matches("done")) {
    return (
      <AuthCard title="Senha redefinida!">
        <p role="status">Sua senha foi alterada com sucesso. Você será levado ao login em instantes...</p>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Criar nova senha"
      subtitle={`Use pelo menos ${RESET_PASSWORD_MIN} caracteres, com letras maiúsculas, minúsculas e números.`}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          send({ type: "SUBMIT" })
        }}
      >
        <FormError message={submitError} />
        <PasswordField
          label="Nova senha"
          autoComplete="new-password"
          value={password}
          onValue={(value) => send({ type: "CHANGE", field: "password", value })}
          error={errors.password}
        />
        <StrengthMeter score={strength.score} label={strength.label} />
        <PasswordField
          label="Confirmar nova senha"
          autoComplete="new-password"
          value={confirmPassword}
          onValue={(value) => send({ type: "CHANGE", field: "confirmPassword", value })}
          error={errors.confirmPassword}
        />
        <button
          type="submit"
          className="btn btn-primary w-full"
          disabled={strength.score < 40 || state.matches("submitting")}
        >
          {state.matches("submitting") ? "Salvando..." : "Redefinir senha"}
        </button>
      </form>
    </AuthCard>
  )
}
