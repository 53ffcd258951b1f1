import { Effect } from "effect"
import type { SandboxItem } from "../../adapters/sandbox-gateway/routes"
import type { Viewer } from "../../application/ports/CurrentUser"
import { OrderStore } from "../../application/ports/OrderStore"
import { SubscriptionStore } from "../../application/ports/SubscriptionStore"
import type { AppRuntime } from "../runtime"

/**
 * Whether a request may open a sandbox page and press its buttons: only the signed-in customer who placed the
 * order (or holds the subscription) the page belongs to. Every order has its account, so a session is the
 * proof; an administrator is no exception, since a simulated payment is the buyer's act.
 */
export function sandboxOwnership(
  runtime: AppRuntime,
  viewerOf: (request: Request) => Promise<Viewer | null>,
) {
  const ownerOf = (item: SandboxItem) =>
    "orderId" in item
      ? OrderStore.use((orders) => orders.get(item.orderId)).pipe(
          Effect.map((order) => order?.userId ?? null),
        )
      : SubscriptionStore.use((subscriptions) => subscriptions.get(item.subscriptionId)).pipe(
          Effect.map((subscription) => subscription?.userId ?? null),
        )
  return async (request: Request, item: SandboxItem): Promise<boolean> => {
    const viewer = await viewerOf(request)
    if (!viewer) return false
    return (await runtime.runPromise(ownerOf(item))) === viewer.id
  }
}
