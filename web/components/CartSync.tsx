import { useQueryClient } from "@tanstack/react-query"
import { useRouteContext } from "@tanstack/react-router"
import { useEffect, useRef } from "react"
import { useGuestCart, writeGuestCart } from "../lib/guestCart"
import { toast } from "../lib/toast"
import { useViewer } from "../lib/viewer"

/** When a visitor with a cart signs in, the browser's cart moves into the account's (merged on the server). */
export function CartSync() {
  const viewer = useViewer()
  const guest = useGuestCart()
  const { trpc, trpcClient } = useRouteContext({ from: "__root__" })
  const queryClient = useQueryClient()
  const running = useRef(false)
  useEffect(() => {
    if (!viewer || !guest || guest.length === 0 || running.current) return
    running.current = true
    void trpcClient.cart.merge
      .mutate({ lines: [...guest] })
      .then(async (merged) => {
        // A cart read still in flight (the root loader's, started at sign-in) may predate the merge: drop it
        // so it cannot overwrite the merged cart with the account's old one.
        const { queryKey } = trpc.cart.mine.queryOptions()
        await queryClient.cancelQueries({ queryKey })
        queryClient.setQueryData(queryKey, merged.cart)
        writeGuestCart([])
        // A line the collector's share of an edition lowered or removed is said, not silently changed.
        for (const notice of merged.notices) toast.info(notice)
      })
      .finally(() => {
        running.current = false
      })
  }, [viewer, guest, trpc, trpcClient, queryClient])
  return null
}
