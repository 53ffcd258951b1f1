import { Effect } from "effect"
import type { EventHandler } from "../events/EventHandler"
import type { Clock } from "../ports/Clock"
import { EditionStock } from "../ports/EditionStock"
import type { EventOutbox } from "../ports/EventOutbox"
import { OrderStore } from "../ports/OrderStore"
import type { StoreSettings } from "../ports/StoreSettings"
import type { Waitlists } from "../ports/Waitlists"
import { offerFreedUnits } from "./offerUnits"

/**
 * A paid order called off before it ships (by its customer or an administrator) gives its numbered units back
 * to their editions, serials kept for reissue, and each one goes first to the edition's waitlist. Transactional:
 * the units come back once however often the event is delivered, and its certificates were revoked by the
 * handler before this one.
 */
export const returnCancelledUnitsHandler: EventHandler<
  OrderStore | EditionStock | Waitlists | Clock | StoreSettings | EventOutbox
> = {
  name: "waitlist.returnCancelledUnits",
  on: ["PaidOrderCancelled"],
  mode: "transactional",
  handle: (event) =>
    Effect.gen(function* () {
      if (event.type !== "PaidOrderCancelled") return
      const order = yield* (yield* OrderStore).get(event.payload.orderId)
      // Bought units only: a plan month's unit is the plan's coverage, which decides on its own what ships.
      if (order?.kind !== "purchase") return
      const stock = yield* EditionStock
      for (const line of order.lines) {
        if (line.editionSize === null || line.serials.length === 0) continue
        yield* stock.returnSold(line.productId, line.serials)
        yield* offerFreedUnits(line.productId, line.serials.length)
      }
    }),
}
