import { useMutation, useQueryClient } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { SUBSCRIPTION_KEYS } from "../../lib/subscriptionsApi"
import { toast } from "../../lib/toast"
import type { TrpcClient } from "../../lib/trpc"

/**
 * A change to one of the collector's plans (pause, cancel, reactivate, card, settings): on success the page's
 * data and the catalogue's subscriber view refresh and a toast says what happened; on failure the server's
 * pt-BR message ('Erro ao pausar assinatura', ...) is shown.
 */
export function usePlanChange<I>(
  call: (subscriptions: TrpcClient["subscriptions"], input: I) => Promise<unknown>,
  /** The toast on success, or how to word it from the input. */
  done: { title: string; description?: string } | ((input: I) => { title: string; description?: string }),
  onDone?: () => void,
) {
  const { trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: I) => call(trpcClient.subscriptions, input),
    onSuccess: async (_, input) => {
      await Promise.all(SUBSCRIPTION_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
      const { title, description } = typeof done === "function" ? done(input) : done
      toast.success(title, description ? { description } : undefined)
      onDone?.()
    },
  })
}

/** The message a failed change shows in its dialog or form. */
export const changeError = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback
