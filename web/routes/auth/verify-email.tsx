import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useMachine } from "@xstate/react"
import { MailCheck } from "lucide-react"
import { fromPromise } from "xstate"
import { AuthCard, FormError } from "../../components/AuthForm"
import { authClient } from "../../lib/authClient"
import { safeFrom, verificationCallbackURL } from "../../lib/guards"
import { optionalString } from "../../lib/search"
import { seo } from "../../lib/seo"
import { useRefreshViewer } from "../../lib/viewer"
import { emailVerificationMachine } from "../../machines/emailVerification"

export const Route = createFileRoute("/auth/verify-email")({
  validateSearch: (search: Record<string, unknown>): { email?: string; from?: string } => ({
    email: optionalString(search.email, 320),
    from: optionalString(search.from, 500),
  }),
  head: ({ match }) =>
    seo({
      title: "Confirme seu e-mail",
      description: "Confirme seu e-mail para entrar.",
      path: "/auth/verify-email",
      publicUrl: match.context.publicUrl,
    }),
  component: VerifyEmailPage,
})

function VerifyEmailPage() {
  const { email = "", from } = Route.useSearch()
  const navigate = useNavigate()
  const refresh = useRefreshViewer()
  const [state, send] = useMachine(
    emailVerificationMachine.provide({
      actors: {
        // Confirming through the e-mailed link signs this browser in, which the poll notices.
        checkVerified: fromPromise(async () => {
          const { data } = await authClient.session()
          return Boolean(data?.user.emailVerified)
        }),
        resend: fromPromise(async ({ input }) => {
          const { error } = await authClient.resendVerification(input.email, verificationCallbackURL(from))
          if (error) throw error
        }),
      },
      // Confirmed (here or in another tab): on to where the visitor signed up from, as the e-mail's link does.
      actions: { redirect: () => void refresh().then(() => navigate({ href: safeFrom(from) })) },
    }),
    { input: { email } },
  )
  if (state.matches("verified")) {
    return (
      <AuthCard title="E-mail confirmado!">
        <p role="status">Tudo certo. Levando você para a sua conta...</p>
      </AuthCard>
    )
  }
  const { cooldown, resendError } = state.context
  return (
    <AuthCard title="Confirme seu e-mail">
      <div className="flex gap-3">
        <MailCheck aria-hidden className="h-6 w-6 shrink-0 text-accent" />
        <p>
          Enviamos um link de confirmação para{" "}
          <strong data-testid="verify-email-address">{email || "o seu e-mail"}</strong>. Abra o e-mail e
          clique no link para ativar sua conta — esta página se atualiza sozinha.
        </p>
      </div>
      <p className="mt-3 text-sm text-muted">Não encontrou? Verifique a caixa de spam ou promoções.</p>
      <div className="mt-6">
        <FormError message={resendError} />
        <button
          type="button"
          className="btn btn-ghost w-full"
          disabled={cooldown > 0 || !email}
          onClick={() => send({ type: "RESEND" })}
        >
          {cooldown > 0 ? `Reenviar em ${cooldown}s` : "Reenviar e-mail de confirmação"}
        </button>
      </div>
      <p className="mt-6 text-center text-sm">
        <Link to="/auth/login" className="text-accent hover:underline">
          Já confirmei — ir para o login
        </Link>
      </p>
    </AuthCard>
  )
}
