import { useSuspenseQuery } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { useState } from "react"
import { authClient } from "../lib/authClient"

/** "Entrar com Google", present only when the store has Google credentials configured. */
export function GoogleButton() {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  const { data } = useSuspenseQuery(trpc.account.providers.queryOptions())
  const [error, setError] = useState<string | null>(null)
  if (!data.google) return null
  return (
    <div className="mt-4">
      <div className="my-4 flex items-center gap-3 text-xs text-muted" aria-hidden>
        <span className="h-px flex-1 bg-[var(--border)]" /> ou{" "}
        <span className="h-px flex-1 bg-[var(--border)]" />
      </div>
      <button
        type="button"
        className="btn btn-ghost w-full"
        onClick={async () => {
          const result = await authClient.googleSignIn()
          if (result.data?.url) window.location.href = result.data.url
          else setError("Não foi possível entrar com o Google agora. Tente novamente.")
        }}
      >
        Entrar com Google
      </button>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  )
}
