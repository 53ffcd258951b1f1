import { useRouteContext } from "@tanstack/react-router"
import type { Performers } from "./OrderActions"

/** The order actions, each a mutation of `admin.orders` carrying the confirmation's action key. */
export function usePerformers(orderId: string): Performers {
  const client = useRouteContext({ from: "__root__", select: (c) => c.trpcClient })
  const orders = client.admin.orders
  return {
    advance: (step, actionKey) => orders.advance.mutate({ orderId, actionKey, step }),
    ship: (details, actionKey) => orders.ship.mutate({ orderId, actionKey, ...details }),
    cancel: (actionKey) => orders.cancel.mutate({ orderId, actionKey }),
    refund: ({ amount, note }, actionKey) => orders.refund.mutate({ orderId, actionKey, amount, note }),
    decide: (input, actionKey) => orders.decideRequest.mutate({ orderId, actionKey, ...input }),
    receiveReturn: (requestId, actionKey) => orders.receiveReturn.mutate({ orderId, actionKey, requestId }),
    resolveRequest: (requestId, actionKey) => orders.resolveRequest.mutate({ orderId, actionKey, requestId }),
    addNote: (body, actionKey) => orders.addNote.mutate({ orderId, actionKey, body }),
  }
}
