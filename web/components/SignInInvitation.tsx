import { Link } from "@tanstack/react-router"
import { LogIn } from "lucide-react"

/**
 * A page of the signed-in collector's own (README decision 13) shown to a visitor. Spec 001 names the state
 * 'Acesso Negado'; alone it reads like a ban, so it is the eyebrow of an invitation that says what the page is for,
 * and the way in and back.
 */
export function SignInInvitation(props: { title: string; purpose: string; from: string }) {
  return (
    <section aria-labelledby="sign-in-invitation" className="mx-auto max-w-xl px-4 py-20 text-center">
      <LogIn aria-hidden className="mx-auto h-12 w-12 text-accent" />
      <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-muted">Acesso Negado</p>
      <h1 id="sign-in-invitation" className="mt-1 text-2xl font-bold">
        {props.title}
      </h1>
      <p className="mt-2 text-muted">{props.purpose}</p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/auth/login" search={{ from: props.from }} className="btn btn-primary">
          Entrar
        </Link>
        <Link to="/auth/register" search={{ from: props.from }} className="btn btn-ghost">
          Criar conta
        </Link>
      </div>
    </section>
  )
}
