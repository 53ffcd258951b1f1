import { Context, type Effect } from "effect"

/** Where an address stands after a subscription request: new, still awaiting confirmation, or confirmed. */
export type SubscriptionState = "created" | "pending" | "confirmed"

export class Newsletter extends Context.Service<
  Newsletter,
  {
    /** Stores the address awaiting confirmation (a repeat changes nothing); joins the caller's unit of work. */
    subscribe(email: string, source: string): Effect.Effect<SubscriptionState>
    /** Confirms the address; false when it is not (or no longer) subscribed. */
    confirm(email: string, at: number): Effect.Effect<boolean>
  }
>()("store/application/Newsletter") {}
