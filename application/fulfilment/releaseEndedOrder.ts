import { Effect } from "effect"
import type { EventHandler } from "../events"
import { numberedInLockOrder } from "../orders"
import { CertificateRegistry } from "../ports/CertificateRegistry"
import { EditionStock } from "../ports/EditionStock"
import { FulfilmentStore } from "../ports/FulfilmentStore"
import { OrderStore } from "../ports/OrderStore"
import { offerFreedUnits } from "../waitlist"

/**
 * What an order's end takes back from the edition, in one transaction from its one `OrderReleased`
 * (domain/fulfilment/orderEnd.ts), so it happens exactly once however often and in whatever order the events
 * are delivered: the certificates stop vouching for the owner, and a piece the store has in hand (never sent, or
 * sent back) returns its unit to the edition, its serial the next one issued, offered first to the waitlist.
 * Revoking and returning commit together, so a serial is never issued again while its old certificate stands.
 * The community's side is community/takeBackOrder.ts, on the same event.
 */
export const releaseEndedOrderHandler: EventHandler<
  | CertificateRegistry
  | OrderStore
  | EditionStock
  | FulfilmentStore
  | Effect.Services<ReturnType<typeof offerFreedUnits>>
> = {
  name: "fulfilment.releaseEndedOrder",
  on: ["OrderReleased"],
  mode: "transactional",
  handle: (event) =>
    Effect.gen(function* () {
      if (event.type !== "OrderReleased") return
      const { orderId, pieceBack } = event.payload
      const order = yield* (yield* OrderStore).get(orderId)
      if (!order) return
      yield* (yield* CertificateRegistry).revokeForOrder(orderId, event.occurredAt)
      if (pieceBack && (yield* (yield* FulfilmentStore).claimUnitsRelease(orderId, event.occurredAt))) {
        const stock = yield* EditionStock
        for (const line of numberedInLockOrder(order)) {
          if (line.serials.length === 0) continue
          yield* stock.returnSold(line.productId, line.serials)
          yield* offerFreedUnits(line.productId, line.serials.length)
        }
      }
    }).pipe(Effect.annotateLogs({ eventId: event.id, type: event.type })),
}
