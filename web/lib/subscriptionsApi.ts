import type { PlansOffer, StatusCheck, SubscribeInput, SubscribeResult } from "../machines/subscribe"
import type { TrpcClient } from "./trpc"

/**
 * The subscriptions router's calls the subscription dialog makes (decision 8 of the design), in the
 * dialog machine's terms: the one place that knows the router's shapes.
 */
export interface SubscriptionsApi {
  plans(collectionId: string): Promise<PlansOffer>
  subscribe(input: SubscribeInput): Promise<SubscribeResult>
  status(subscriptionId: string): Promise<StatusCheck>
}

// The router is being written beside this screen; until it is merged its calls are typed here.
interface PendingRouter {
  subscriptions: {
    plans: { query(input: { collectionId: string }): Promise<PlansOffer> }
    subscribe: { mutate(input: SubscribeInput): Promise<SubscribeResult> }
    mine: {
      query(): Promise<{
        subscriptions: readonly {
          id: string
          status: StatusCheck["status"]
          charges: readonly { status: string; reason: string | null }[]
        }[]
      }>
    }
  }
}

export function subscriptionsApi(client: TrpcClient): SubscriptionsApi {
  const { subscriptions } = client as unknown as PendingRouter
  return {
    plans: (collectionId) => subscriptions.plans.query({ collectionId }),
    subscribe: (input) => subscriptions.subscribe.mutate(input),
    status: async (subscriptionId) => {
      const { subscriptions: mine } = await subscriptions.mine.query()
      const found = mine.find((s) => s.id === subscriptionId)
      if (!found) throw new Error("Assinatura não encontrada")
      const refused = found.charges.find((c) => c.status === "rejected")
      return { status: found.status, reason: refused?.reason ?? null }
    },
  }
}
