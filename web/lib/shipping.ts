import { useMutation } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { useState } from "react"
import type { Cart } from "../../domain/cart/cart"
import { validateCep } from "../../domain/shipping/postal"
import { SHIPPING_MESSAGES } from "../../domain/shipping/shipping"
import { toast } from "./toast"
import { isTrpcError, type RouterOutputs } from "./trpc"

type Quote = RouterOutputs["shipping"]["quote"]

/** The cart's shipping calculator: validates the CEP locally, asks the server, keeps the first option chosen. */
export function useShippingQuote(lines: Cart) {
  const { trpcClient } = useRouteContext({ from: "__root__" })
  const [quote, setQuote] = useState<Quote | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: ({ cep }: { cep: string; quiet: boolean }) =>
      trpcClient.shipping.quote.mutate({ cep, lines: [...lines] }),
    onSuccess: (result, { quiet }) => {
      setQuote(result)
      setSelected(result.options[0]?.id ?? null)
      setError(null)
      if (!quiet) toast.success(result.toast.title, { description: result.toast.message })
    },
    onError: (e) => {
      // A failure resets the options and the chosen shipping (spec 000 §4).
      setQuote(null)
      setSelected(null)
      const message = isTrpcError(e) ? e.message : SHIPPING_MESSAGES.fallback
      setError(message)
      toast.error(SHIPPING_MESSAGES.errorTitle, { description: message })
    },
  })
  return {
    cep: quote?.cep ?? "",
    options: quote?.options ?? [],
    selected,
    select: setSelected,
    error,
    pending: mutation.isPending,
    /** `quiet`: a quote the page asks for by itself (a remembered CEP) succeeds without a toast. */
    calculate: (raw: string, { quiet = false }: { quiet?: boolean } = {}) => {
      const checked = validateCep(raw)
      if (!checked.ok) {
        setQuote(null)
        setSelected(null)
        setError(checked.error.message)
        toast.error(checked.error.title, { description: checked.error.message })
        return
      }
      mutation.mutate({ cep: checked.cep, quiet })
    },
  }
}
