import { useSuspenseQuery } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"

/** Store contact settings; the root loader prefetches them, so this never suspends after the first render. */
export function useStoreSettings() {
  const trpc = useRouteContext({ from: "__root__", select: (c) => c.trpc })
  return useSuspenseQuery(trpc.store.settings.queryOptions()).data
}

export const whatsappLink = (number: string) => `https://wa.me/${number}`

export function formatWhatsapp(number: string) {
  const m = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(number)
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : number
}
