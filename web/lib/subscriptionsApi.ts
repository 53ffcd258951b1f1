import type {
  PlansOffer,
  StatusCheck,
  SubscribeInput,
  SubscribeResult,
  SubscriptionState,
} from "../machines/subscribe"
import { type TrpcClient, trpcQueryKey } from "./trpc"

/** A subscription or prepaid plan as `/assinatura` shows it; dates `YYYY-MM-DD`, months `YYYY-MM` (São Paulo). */
export interface MyPlan {
  readonly id: string
  readonly kind: "subscription" | "prepaid"
  readonly planId: string
  readonly planName: string
  readonly status: SubscriptionState | "expired"
  readonly statusLabel: string
  readonly collection: { readonly id: string; readonly slug: string; readonly name: string }
  /** A recurring plan's charge, or a prepaid plan's total (centavos). */
  readonly value: number
  /** Months one charge pays for; null for a prepaid plan. */
  readonly frequencyMonths: number | null
  readonly coveredMonths: readonly string[]
  readonly itemsReceived: number
  /** Null while a recurring plan runs on (no end). */
  readonly itemsRemaining: number | null
  readonly progressPercent: number
  readonly savings: number
  readonly nextBillingDate: string | null
  readonly pausedUntil: string | null
  /** A cancellation asked for: the plan runs until this date. */
  readonly cancelAt: string | null
  /** Why the plan stopped (a renewal the card refused), in pt-BR. */
  readonly message: string | null
  readonly nextReveal: { readonly date: string; readonly name: string | null } | null
  readonly deliveryEstimate: string | null
  readonly timeline: readonly {
    readonly month: string
    readonly name: string
    readonly status: "completed" | "upcoming" | "planned"
  }[]
  readonly lastReceived: { readonly name: string; readonly imageUrl: string; readonly month: string } | null
  readonly shipments: readonly {
    readonly orderId: string
    readonly number: string
    readonly month: string
    readonly name: string
    readonly statusLabel: string
    readonly trackingCode: string | null
    readonly shipDate: string | null
  }[]
  readonly charges: readonly {
    readonly id: string
    readonly date: string
    readonly amount: number
    readonly status: "approved" | "rejected" | "pending" | "refunded"
    readonly statusLabel: string
    readonly reason: string | null
  }[]
  readonly card: { readonly brand: string; readonly lastFour: string } | null
  readonly settings: {
    readonly revealNotifications: boolean
    readonly newPlanNews: boolean
    readonly addressId: string | null
  }
}

export interface MySubscriptions {
  readonly plans: readonly MyPlan[]
}

export interface SettingsInput {
  readonly id: string
  readonly revealNotifications: boolean
  readonly newPlanNews: boolean
  readonly addressId: string | null
}

export type CardInput = SubscribeInput["card"]

/**
 * The subscriptions router's calls the web app makes (decision 8 of the issue's design), in the screens'
 * terms: the one place that knows the router's shapes.
 */
export interface SubscriptionsApi {
  plans(collectionId: string): Promise<PlansOffer>
  subscribe(input: SubscribeInput): Promise<SubscribeResult>
  status(subscriptionId: string): Promise<StatusCheck>
  mine(): Promise<MySubscriptions>
  pause(input: { id: string; until: string | null }): Promise<unknown>
  cancel(input: { id: string; reason: string }): Promise<unknown>
  reactivate(input: { id: string }): Promise<unknown>
  changeCard(input: { id: string; card: CardInput }): Promise<unknown>
  updateSettings(input: SettingsInput): Promise<unknown>
}

/** The query key of `subscriptions.mine`, shared by the page's loader and every change that refreshes it. */
export const MINE_KEY = trpcQueryKey(["subscriptions", "mine"], undefined)

/** The page's query: every subscription and prepaid plan of the signed-in collector. */
export const mineQuery = (client: TrpcClient) => ({
  queryKey: MINE_KEY,
  queryFn: () => subscriptionsApi(client).mine(),
})

// The router is being written beside these screens; until it is merged its calls are typed here.
interface PendingRouter {
  subscriptions: {
    plans: { query(input: { collectionId: string }): Promise<PlansOffer> }
    subscribe: { mutate(input: SubscribeInput): Promise<SubscribeResult> }
    mine: { query(): Promise<MySubscriptions> }
    pause: { mutate(input: { id: string; until: string | null }): Promise<unknown> }
    cancel: { mutate(input: { id: string; reason: string }): Promise<unknown> }
    reactivate: { mutate(input: { id: string }): Promise<unknown> }
    changeCard: { mutate(input: { id: string; card: CardInput }): Promise<unknown> }
    updateSettings: { mutate(input: SettingsInput): Promise<unknown> }
  }
}

export function subscriptionsApi(client: TrpcClient): SubscriptionsApi {
  const { subscriptions } = client as unknown as PendingRouter
  const mine = () => subscriptions.mine.query()
  return {
    plans: (collectionId) => subscriptions.plans.query({ collectionId }),
    subscribe: (input) => subscriptions.subscribe.mutate(input),
    status: async (subscriptionId) => {
      const found = (await mine()).plans.find((s) => s.id === subscriptionId)
      if (!found) throw new Error("Assinatura não encontrada")
      const refused = found.charges.find((c) => c.status === "rejected")
      return {
        status: found.status === "expired" ? "cancelled" : found.status,
        reason: refused?.reason ?? null,
      }
    },
    mine,
    pause: (input) => subscriptions.pause.mutate(input),
    cancel: (input) => subscriptions.cancel.mutate(input),
    reactivate: (input) => subscriptions.reactivate.mutate(input),
    changeCard: (input) => subscriptions.changeCard.mutate(input),
    updateSettings: (input) => subscriptions.updateSettings.mutate(input),
  }
}
