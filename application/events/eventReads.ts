import { Context, Effect, Option } from "effect"
import type { Order } from "../../domain/orders/order"
import { AccountData } from "../ports/AccountData"
import { OrderStore } from "../ports/OrderStore"

/**
 * What the handlers of one event have read so far, provided by the dispatcher for the length of one delivery:
 * an order's e-mail and its certificates both read the order and the customer, and need not read them twice.
 */
export class EventReads extends Context.Service<EventReads, Map<string, unknown>>()(
  "store/application/EventReads",
) {}

/** `read`, once per event delivery (every time outside one). */
const readOnce = <A, E, R>(key: string, read: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.flatMap(Effect.serviceOption(EventReads), (reads) => {
    if (Option.isNone(reads)) return read
    const memo = reads.value
    if (memo.has(key)) return Effect.succeed(memo.get(key) as A)
    return Effect.tap(read, (value) => Effect.sync(() => memo.set(key, value)))
  })

export const orderOfEvent = (orderId: string): Effect.Effect<Order | null, never, OrderStore> =>
  readOnce(
    `order:${orderId}`,
    Effect.gen(function* () {
      return yield* (yield* OrderStore).get(orderId)
    }),
  )

export const contactOfEvent = (userId: string) =>
  readOnce(
    `contact:${userId}`,
    Effect.gen(function* () {
      return yield* (yield* AccountData).contactOf(userId)
    }),
  )
