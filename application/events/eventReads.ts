import { Context, Effect, Option } from "effect"
import type { Order } from "../../domain/orders/order"
import { AccountData } from "../ports/AccountData"
import { OrderStore } from "../ports/OrderStore"

/**
 * What handlers have read so far, provided by the dispatcher: an order's e-mail and its certificates both read
 * the order and the customer, and need not read them twice. What a handler may change (an order) is shared by
 * the handlers of one event only; what none changes (a customer's name and e-mail) by the whole batch, whose
 * events come one after another for one order.
 */
export class EventReads extends Context.Service<
  EventReads,
  { readonly event: Map<string, unknown>; readonly batch: Map<string, unknown> }
>()("store/application/EventReads") {}

/** `read`, once per event or batch (every time outside the dispatcher). */
const readOnce = <A, E, R>(
  scope: "event" | "batch",
  key: string,
  read: Effect.Effect<A, E, R>,
): Effect.Effect<A, E, R> =>
  Effect.flatMap(Effect.serviceOption(EventReads), (reads) => {
    if (Option.isNone(reads)) return read
    const memo = reads.value[scope]
    if (memo.has(key)) return Effect.succeed(memo.get(key) as A)
    return Effect.tap(read, (value) => Effect.sync(() => memo.set(key, value)))
  })

export const orderOfEvent = (orderId: string): Effect.Effect<Order | null, never, OrderStore> =>
  readOnce(
    "event",
    `order:${orderId}`,
    Effect.gen(function* () {
      return yield* (yield* OrderStore).get(orderId)
    }),
  )

export const contactOfEvent = (userId: string) =>
  readOnce(
    "batch",
    `contact:${userId}`,
    Effect.gen(function* () {
      return yield* (yield* AccountData).contactOf(userId)
    }),
  )
