import { useMutation } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { type FormEvent, useEffect, useId, useState } from "react"
import { isValidEmail } from "../../domain/accounts/authValidation"
import { toast } from "../lib/toast"

export function NewsletterSignup() {
  const client = useRouteContext({ from: "__root__", select: (c) => c.trpcClient })
  const id = useId()
  const [email, setEmail] = useState("")
  const [error, setError] = useState<string | null>(null)
  // The form's chunk hydrates after the page's: this marks the moment a submit is handled here, not by the browser.
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  const subscribe = useMutation({
    mutationFn: (address: string) => client.store.subscribeNewsletter.mutate({ email: address }),
    // The same answer whatever the address's state: the form must not reveal who is subscribed.
    onSuccess: () => {
      setEmail("")
      setError(null)
      toast.success("Confira seu e-mail", {
        description: "Enviamos um link para confirmar a inscrição. Sem a confirmação, nada será enviado.",
      })
    },
    onError: (e) => setError(e.message || "Não foi possível inscrever agora. Tente novamente."),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isValidEmail(email)) {
      setError(email.trim() ? "E-mail inválido" : "E-mail é obrigatório")
      return
    }
    subscribe.mutate(email.trim())
  }
  return (
    <form className="mt-3" onSubmit={submit} noValidate data-ready={ready || undefined}>
      <label htmlFor={id} className="sr-only">
        Seu e-mail
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="email"
          autoComplete="email"
          placeholder="seu@email.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-11 w-full min-w-0 rounded-xl border border-theme bg-[var(--surface)] px-3 text-sm"
        />
        <button type="submit" className="btn btn-primary shrink-0" disabled={subscribe.isPending}>
          Assinar
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </form>
  )
}
