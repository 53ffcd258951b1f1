import { RELEASED_FULFILMENT_STATUSES } from "../editions/editionLimit"
import { domainEvent } from "../events"
import { type Fulfilment, type FulfilmentChange, type FulfilmentStatus, liveShipment } from "./fulfilment"
import { changed, ref } from "./fulfilmentState"

/** How an order ended without its customer keeping what it sold: called off, sent back, or all its money returned. */
export type OrderEnd = (typeof RELEASED_FULFILMENT_STATUSES)[number]

export const isOrderEnd = (status: FulfilmentStatus): status is OrderEnd =>
  (RELEASED_FULFILMENT_STATUSES as readonly string[]).includes(status)

/**
 * The one rule every way an order ends goes through (a cancellation, a return, the refund that gives back the
 * last centavo, a plan's month called off with its plan): the first change that takes the order into an end
 * adds `OrderReleased`, and no later one does (a cancelled order then refunded ends once). Its handler revokes
 * the certificates, gives the units back and undoes what the community counted, all from this one event, so
 * the order in which the other events arrive cannot make it happen twice or not at all.
 *
 * `pieceBack` says whether the piece is in the store's hands: never sent, or its parcel came back. Only then can
 * its unit go back to the edition; a piece that stays with the customer (a refund of a delivered order) keeps
 * its number out of sale.
 */
export function withOrderEnd(before: Fulfilment, change: FulfilmentChange): FulfilmentChange {
  if (!change.ok) return change
  const next = change.fulfilment
  if (isOrderEnd(before.status) || !isOrderEnd(next.status)) return change
  return changed(next, [
    ...change.events,
    domainEvent("OrderReleased", next.orderId, {
      ...ref(next),
      end: next.status,
      pieceBack: liveShipment(next) === null,
    }),
  ])
}
