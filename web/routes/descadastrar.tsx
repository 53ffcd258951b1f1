import { createFileRoute, Link } from "@tanstack/react-router"
import { useState } from "react"
import { NOTIFICATION_TYPE_LABELS } from "../../domain/notifications/center"
import {
  typeOfUnsubscribeToken,
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_TEXTS,
} from "../../domain/notifications/unsubscribe"
import { AuthCard } from "../components/AuthForm"
import { optionalString } from "../lib/search"
import { seo } from "../lib/seo"

/**
 * Where an e-mail's "Descadastrar" link lands. Unsubscribing takes a click, not just the visit: mail scanners
 * open links by themselves. It works signed out: the link's signed token is the authority (POST /api/unsubscribe).
 */
export const Route = createFileRoute("/descadastrar")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: optionalString(search.token, 400),
  }),
  head: ({ match }) => {
    const head = seo({
      title: "Descadastrar e-mails",
      description: "Deixe de receber um tipo de e-mail da Legendarium.",
      path: "/descadastrar",
      publicUrl: match.context.publicUrl,
    })
    // Added to the page's title and description, not in their place.
    return { ...head, meta: [...(head.meta ?? []), { name: "robots", content: "noindex" }] }
  },
  component: UnsubscribePage,
})

type State = "idle" | "pending" | "done" | "invalid" | "failed"

function UnsubscribePage() {
  const { token } = Route.useSearch()
  const type = token ? typeOfUnsubscribeToken(token) : null
  const [state, setState] = useState<State>(type ? "idle" : "invalid")

  const confirm = async () => {
    if (!token) return
    setState("pending")
    try {
      const res = await fetch(`${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`, { method: "POST" })
      setState(res.ok ? "done" : res.status === 400 ? "invalid" : "failed")
    } catch {
      setState("failed")
    }
  }

  if (state === "invalid" || !type)
    return (
      <AuthCard title="Link inválido">
        <p role="alert">{UNSUBSCRIBE_TEXTS.invalid}</p>
        <Link to="/perfil" className="btn btn-primary mt-6">
          Ir para o perfil
        </Link>
      </AuthCard>
    )
  if (state === "done")
    return (
      <AuthCard title="Descadastro confirmado">
        <p role="status">{UNSUBSCRIBE_TEXTS.done(type)}</p>
        <Link to="/perfil" className="btn btn-primary mt-6">
          Ir para o perfil
        </Link>
      </AuthCard>
    )
  return (
    <AuthCard title="Descadastrar e-mails">
      <p>
        Você deixará de receber por e-mail: <strong>{NOTIFICATION_TYPE_LABELS[type]}</strong>. As notificações
        no site continuam como estão.
      </p>
      {state === "failed" && (
        <p role="alert" className="mt-4">
          Não foi possível concluir agora. Tente de novo em instantes.
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary mt-6"
        disabled={state === "pending"}
        onClick={() => void confirm()}
      >
        {state === "pending" ? "Confirmando..." : "Confirmar descadastro"}
      </button>
    </AuthCard>
  )
}
