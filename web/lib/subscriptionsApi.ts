import type { PlansOffer, StatusCheck, SubscribeInput, SubscribeResult } from "../machines/subscribe"
import type { RouterOutputs, TrpcClient } from "./trpc"

/** A subscription or prepaid plan as `/assinatura` shows it (dates `YYYY-MM-DD`, months `YYYY-MM`). */
export type MyPlan = RouterOutputs["subscriptions"]["mine"]["subscriptions"][number]

/**
 * What a new subscription or a change to one refreshes: every query of the subscriptions router and the
 * catalogue's subscriber view (released characters included, or no longer).
 */
export const SUBSCRIPTION_KEYS = [[["subscriptions"]], [["account", "subscribedCollections"]]] as const

/**
 * The calls the subscription dialog makes, in its machine's terms: the one place that turns the router's
 * shapes into the dialog's.
 */
export interface SubscriptionsApi {
  plans(collectionId: string): Promise<PlansOffer>
  subscribe(input: SubscribeInput): Promise<SubscribeResult>
  status(subscriptionId: string): Promise<StatusCheck>
}

export function subscriptionsApi(client: TrpcClient): SubscriptionsApi {
  const { subscriptions } = client
  const status = async (subscriptionId: string): Promise<StatusCheck> => {
    const found = (await subscriptions.mine.query()).subscriptions.find((s) => s.id === subscriptionId)
    if (!found) throw new Error("Assinatura não encontrada")
    const refused = found.charges.find((c) => c.status === "rejected")
    return { status: found.status === "ended" ? "cancelled" : found.status, reason: refused?.reason ?? null }
  }
  return {
    plans: async (collectionId) => {
      const offer = await subscriptions.plans.query({ collectionId })
      return {
        collection: { id: offer.collection.id, name: offer.collection.name },
        plans: offer.plans.map((p) => ({
          id: p.id,
          name: p.name,
          price: p.price,
          frequencyMonths: p.frequencyMonths,
          perMonth: p.perMonth,
          benefits: p.benefits,
        })),
        saving: Math.max(0, ...offer.plans.map((p) => p.saving)),
        guarantees: offer.guarantees,
      }
    },
    subscribe: async (input) => {
      const answer = await subscriptions.subscribe.mutate(input)
      if (answer.status === "active" || answer.status === "pending") return answer
      // The first charge was refused (the subscription ended): its reason is on the collector's charges.
      const { reason } = await status(answer.subscriptionId).catch(() => ({ reason: null }))
      return { ...answer, reason }
    },
    status,
  }
}
