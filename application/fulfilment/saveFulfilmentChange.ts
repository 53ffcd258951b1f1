import { Effect } from "effect"
import type { Fulfilment, FulfilmentChange } from "../../domain/fulfilment/fulfilment"
import { withOrderEnd } from "../../domain/fulfilment/orderEnd"
import { EventOutbox } from "../ports/EventOutbox"
import { FulfilmentStore } from "../ports/FulfilmentStore"

/**
 * Stores a decided change of a paid order (its row locked by the caller) with its events. Every path that moves
 * a fulfilment saves through here, so an order's first end always carries the one event that takes back what
 * it sold.
 */
export const saveFulfilmentChange = Effect.fnUntraced(function* (
  before: Fulfilment,
  change: Extract<FulfilmentChange, { ok: true }>,
) {
  const ended = withOrderEnd(before, change)
  if (!ended.ok) return change.fulfilment
  yield* (yield* FulfilmentStore).save(ended.fulfilment)
  yield* (yield* EventOutbox).record(ended.events)
  return ended.fulfilment
})
