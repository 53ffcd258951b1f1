import { Context, type Effect } from "effect"

export class Newsletter extends Context.Service<
  Newsletter,
  {
    /** Stores the address; answers false when it was already subscribed. */
    subscribe(email: string, source: string): Effect.Effect<boolean>
  }
>()("store/application/Newsletter") {}
