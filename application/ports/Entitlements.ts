import { Context, type Effect } from "effect"

/** Which collections a customer is a subscriber of right now (active subscription or prepaid plan). */
export class Entitlements extends Context.Service<
  Entitlements,
  {
    subscribedCollections(userId: string, at: number): Effect.Effect<ReadonlySet<string>>
  }
>()("store/application/Entitlements") {}
